import type { TextParts } from '@rakit/core';
import { isMessageKey, localiseParts, partsOfText } from '@rakit/core/translate';
import { z } from 'zod';

/**
 * A text stored for readers of every language (issue 35): beside the specification's wording,
 * its pieces as JSON of core's TextParts, literal texts and catalog keys with their values, read
 * back in each reader's catalog. Workflow runs' failures and the audit log's summaries are kept so.
 */

export const StoredPartsSchema = z.array(z.union([
  z.string(),
  z.object({ key: z.string().refine(isMessageKey), values: z.record(z.string(), z.union([z.string(), z.number()])).optional() }),
]));

/** The columns of a text: its specification's wording (`text`) and its pieces as JSON (`parts`). */
export const storedPartsColumns = (parts: TextParts): { text: string; parts: string } =>
  ({ text: localiseParts('spec', parts), parts: JSON.stringify(parts) });

/**
 * A stored text's pieces: as kept, or, for one recorded before they were kept (or unreadable, a
 * key renamed since), its wording, a text of messages.json in it found so (partsOfText).
 */
export function storedParts(parts: string | null, text: string): TextParts {
  if (parts !== null) {
    try {
      const parsed = StoredPartsSchema.safeParse(JSON.parse(parts));
      if (parsed.success) return parsed.data as TextParts;
    } catch {
      // an unreadable text: its wording below
    }
  }
  return partsOfText(text);
}
