import { createStore } from 'zustand';
import type { QueuedWrite } from './write-queue';

/**
 * A refused write's "Fix" (issue 38): the entry as its form held it goes back into that form, to
 * be corrected and saved again. The list of waiting writes opens the page; the page's form
 * (page-state/form-state.tsx) takes the entry once it shows, and the refused write is discarded:
 * the entry now lives in the form, as if typed again.
 */
export interface EntryToEnterAgain { pageId: number; fields: Record<string, unknown> }

export const entryToEnterAgain = createStore<{ entry: EntryToEnterAgain | null }>()(() => ({ entry: null }));

/** Hands the write's form entry to its page; answers the address to open, or null when the write kept none. */
export function enterAgain(write: QueuedWrite): string | null {
  if (write.form === undefined) return null;
  entryToEnterAgain.setState({ entry: { pageId: write.pageId, fields: write.form.fields } });
  return write.form.path;
}

/** The entry for the page `pageId`, taken (given once). */
export function takeEntryFor(pageId: number): Record<string, unknown> | null {
  const { entry } = entryToEnterAgain.getState();
  if (entry?.pageId !== pageId) return null;
  entryToEnterAgain.setState({ entry: null });
  return entry.fields;
}

/**
 * The form's values as they can be kept on the device and read back: plain JSON (a file chosen
 * in the form is not kept; its field starts empty again).
 */
export function keepableFields(fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const kept: Record<string, unknown> = {};
  for (const [id, value] of Object.entries(fields)) {
    if (isPlainJson(value)) kept[id] = value;
  }
  return kept;
}

function isPlainJson(value: unknown): boolean {
  if (value === null || typeof value === 'string' || typeof value === 'boolean') return true;
  if (typeof value === 'number') return Number.isFinite(value);
  if (Array.isArray(value)) return value.every(isPlainJson);
  if (typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) return Object.values(value).every(isPlainJson);
  return false;
}
