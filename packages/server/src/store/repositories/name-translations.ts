import { type NameTranslations, NameTranslationsSchema, storedNameTranslations } from '@rakit/core';
import type { Store } from '../db';
import { wroteRow } from '../revisions';

/** A menu's or page's stored name translations (JSON text) as answered: {} when none or unreadable. */
export function nameTranslationsOf(stored: string | null): NameTranslations {
  if (stored === null) return {};
  try {
    const parsed = NameTranslationsSchema.safeParse(JSON.parse(stored));
    return parsed.success ? parsed.data : {};
  } catch {
    return {};
  }
}

/** Name translations as stored: JSON without the empty ones, null when none is left. */
export function storedNameText(translations: NameTranslations): string | null {
  const kept = storedNameTranslations(translations);
  return kept === null ? null : JSON.stringify(kept);
}

/** What has a translated name (issue 35), by table: a menu's name, a page's title. */
const NAMED = { menus: 'menuId', pages: 'pageId' } as const;
export type NamedTable = keyof typeof NAMED;

/**
 * Stores the name translations of a menu or page (all languages at once, the empty ones left
 * out), bumping its revision. Answers them as stored, or null when the row is gone.
 */
export async function setNameTranslations(db: Store, table: NamedTable, id: number, translations: NameTranslations): Promise<NameTranslations | null> {
  const kept = storedNameTranslations(translations) ?? {};
  const result = await db.updateTable(table)
    .set((eb) => ({ nameTranslations: storedNameText(kept), revision: eb('revision', '+', 1) }))
    .where(NAMED[table], '=', id).executeTakeFirst();
  return wroteRow(result) ? kept : null;
}
