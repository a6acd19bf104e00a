import type { Language, TextParts } from '@rakit/core';
import { type DiffWords, diffWordsOf, sayVersionSummary, type VersionSummaryText } from '@rakit/core';
import { translate } from '@rakit/core/translate';
import { z } from 'zod';
import { StoredPartsSchema } from './stored-parts';

/**
 * A page version's summary (issue 35): kept as core's VersionSummaryText beside its wording in
 * the specification's words, and said in each reader's words when the history is read.
 */

const wordsByLanguage = new Map<Language, DiffWords>();
/** The words of page changes in a catalog (each language's made once). */
function wordsIn(language: Language): DiffWords {
  let words = wordsByLanguage.get(language);
  if (words === undefined) {
    words = diffWordsOf((key, values) => translate(language, key, values));
    wordsByLanguage.set(language, words);
  }
  return words;
}

const DiffComponentSchema = z.object({ id: z.string(), type: z.string(), label: z.string(), title: z.string() });
const VersionSummaryTextSchema = z.object({
  head: StoredPartsSchema.optional(),
  renamed: z.object({ from: z.string(), to: z.string() }).optional(),
  diff: z.object({
    added: z.array(DiffComponentSchema),
    removed: z.array(DiffComponentSchema),
    moved: z.array(DiffComponentSchema.extend({ fromParent: z.string().nullable(), toParent: z.string().nullable() })),
    changed: z.array(DiffComponentSchema.extend({ settings: z.array(z.string()) })),
  }).optional(),
});

/** A summary this long as JSON (a page rebuilt from scratch) keeps only its specification's wording. */
const MAX_SUMMARY_TEXT = 64 * 1024;

/** The columns of a version's summary: its specification's wording and its pieces (null when too long to keep). */
export function versionSummaryColumns(text: VersionSummaryText): { summary: string; summaryText: string | null } {
  const json = JSON.stringify(text);
  return { summary: sayVersionSummary(text, wordsIn('spec')), summaryText: json.length > MAX_SUMMARY_TEXT ? null : json };
}

/** A version's summary with only a fixed text. */
export const fixedSummary = (head: TextParts): VersionSummaryText => ({ head });

/** A version's summary in the reader's language; one recorded before summaries had pieces (or unreadable) as stored. */
export function versionSummaryIn(language: Language, row: { summary: string; summaryText: string | null }): string {
  if (row.summaryText === null) return row.summary;
  try {
    const parsed = VersionSummaryTextSchema.safeParse(JSON.parse(row.summaryText));
    return parsed.success ? sayVersionSummary(parsed.data as VersionSummaryText, wordsIn(language)) : row.summary;
  } catch {
    return row.summary;
  }
}
