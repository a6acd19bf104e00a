import type { Kysely } from 'kysely';
import type { Store } from '../db';
import { engineOf } from '../dialect';
import { wroteRow } from '../revisions';

/*
 * The Yjs state of each page's co-editing document (issue 33), with the page revision whose
 * components it holds. Written where the page is written, in the same transaction; the row goes
 * with its page (ON DELETE CASCADE).
 */

export interface PageDocument {
  pageId: number;
  state: Uint8Array;
  pageRevision: number;
}

const isSqlite = (db: Store) => engineOf(db as unknown as Kysely<unknown>) === 'sqlite';
const bytes = (state: Uint8Array) => Buffer.from(state.buffer, state.byteOffset, state.byteLength);

/**
 * A page's persisted document. With `lock` (inside a transaction), the row is read as committed
 * now and held until the transaction ends (FOR UPDATE; SQLite's transactions are already one at a
 * time), whatever snapshot the transaction's earlier reads took.
 */
export async function findPageDocument(db: Store, pageId: number, options: { lock?: boolean } = {}): Promise<PageDocument | undefined> {
  const row = await db.selectFrom('pageDocuments').select(['pageId', 'state', 'pageRevision']).where('pageId', '=', pageId)
    .$if(options.lock === true && !isSqlite(db), (query) => query.forUpdate()).executeTakeFirst();
  return row === undefined ? undefined : { pageId: row.pageId, state: new Uint8Array(row.state), pageRevision: row.pageRevision };
}

/** The page revision a page's persisted document holds (undefined when it has none), without reading the state. */
export async function pageDocumentRevision(db: Store, pageId: number): Promise<number | undefined> {
  const row = await db.selectFrom('pageDocuments').select('pageRevision').where('pageId', '=', pageId).executeTakeFirst();
  return row?.pageRevision;
}

/** Stores a page's first document; false when it already has one (another process was first). */
export async function insertPageDocument(db: Store, document: PageDocument): Promise<boolean> {
  const values = { pageId: document.pageId, state: bytes(document.state), pageRevision: document.pageRevision, updatedAt: new Date().toISOString() };
  const query = db.insertInto('pageDocuments').values(values);
  const result = engineOf(db as unknown as Kysely<unknown>) === 'mysql'
    ? await query.ignore().executeTakeFirst()
    : await query.onConflict((conflict) => conflict.column('pageId').doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Replaces a page's document (its state, or only the revision it holds when the components did
 * not change), while it still holds `base`; false when it moved on or is gone.
 */
export async function updatePageDocument(db: Store, pageId: number, values: { state?: Uint8Array; pageRevision: number }, base: number): Promise<boolean> {
  const result = await db.updateTable('pageDocuments')
    .set({ ...(values.state === undefined ? {} : { state: bytes(values.state) }), pageRevision: values.pageRevision, updatedAt: new Date().toISOString() })
    .where('pageId', '=', pageId).where('pageRevision', '=', base).executeTakeFirst();
  return wroteRow(result);
}

/** Forgets a page's document: its next load rebuilds it from the page. */
export async function deletePageDocument(db: Store, pageId: number): Promise<void> {
  await db.deleteFrom('pageDocuments').where('pageId', '=', pageId).execute();
}
