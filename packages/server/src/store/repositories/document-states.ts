import type { Kysely } from 'kysely';
import type { Store } from '../db';
import { engineOf } from '../dialect';
import { wroteRow } from '../revisions';

/*
 * The Yjs state of each co-editing document (issue 33), with the revision of its object (a page,
 * a workflow) whose content it holds: page_documents and workflow_documents, one table per kind
 * of object so that the row goes with its object (ON DELETE CASCADE). Written where the object is
 * written, in the same transaction.
 */

/** Where one kind of object keeps its documents' states: the table, its key and its revision column. */
export const PAGE_STATES = { table: 'pageDocuments', key: 'pageId', revision: 'pageRevision' } as const;
export const WORKFLOW_STATES = { table: 'workflowDocuments', key: 'workflowId', revision: 'workflowRevision' } as const;
export type StateTable = typeof PAGE_STATES | typeof WORKFLOW_STATES;

export interface PersistedState {
  state: Uint8Array;
  /** The revision of the object whose content the state holds. */
  revision: number;
}

/** The two tables as the statements here see them (their column names come from StateTable). */
type StateView = Kysely<Record<StateTable['table'], Record<string, number | string | Buffer>>>;
const viewOf = (db: Store) => db as unknown as StateView;

const isSqlite = (db: Store) => engineOf(db as unknown as Kysely<unknown>) === 'sqlite';
const bytes = (state: Uint8Array) => Buffer.from(state.buffer, state.byteOffset, state.byteLength);

/**
 * An object's persisted document. With `lock` (inside a transaction), the row is read as committed
 * now and held until the transaction ends (FOR UPDATE; SQLite's transactions are already one at a
 * time), whatever snapshot the transaction's earlier reads took.
 */
export async function findPersistedState(db: Store, kind: StateTable, id: number, options: { lock?: boolean } = {}): Promise<PersistedState | undefined> {
  const row = await viewOf(db).selectFrom(kind.table).select(['state', kind.revision]).where(kind.key, '=', id)
    .$if(options.lock === true && !isSqlite(db), (query) => query.forUpdate()).executeTakeFirst();
  return row === undefined ? undefined : { state: new Uint8Array(row.state as Buffer), revision: Number(row[kind.revision]) };
}

/** The revision an object's persisted document holds (undefined when it has none), without reading the state. */
export async function persistedRevision(db: Store, kind: StateTable, id: number): Promise<number | undefined> {
  const row = await viewOf(db).selectFrom(kind.table).select(kind.revision).where(kind.key, '=', id).executeTakeFirst();
  return row === undefined ? undefined : Number(row[kind.revision]);
}

/** Stores an object's first document; false when it already has one (another process was first). */
export async function insertPersistedState(db: Store, kind: StateTable, id: number, document: PersistedState): Promise<boolean> {
  const values = { [kind.key]: id, state: bytes(document.state), [kind.revision]: document.revision, updatedAt: new Date().toISOString() };
  const query = viewOf(db).insertInto(kind.table).values(values);
  const result = engineOf(db as unknown as Kysely<unknown>) === 'mysql'
    ? await query.ignore().executeTakeFirst()
    : await query.onConflict((conflict) => conflict.column(kind.key).doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Replaces an object's document (its state, or only the revision it holds when the content did
 * not change), while it still holds `base`; false when it moved on or is gone.
 */
export async function updatePersistedState(db: Store, kind: StateTable, id: number, values: { state?: Uint8Array; revision: number }, base: number): Promise<boolean> {
  const result = await viewOf(db).updateTable(kind.table)
    .set({ ...(values.state === undefined ? {} : { state: bytes(values.state) }), [kind.revision]: values.revision, updatedAt: new Date().toISOString() })
    .where(kind.key, '=', id).where(kind.revision, '=', base).executeTakeFirst();
  return wroteRow(result);
}

/** Forgets an object's document: its next load rebuilds it from the object. */
export async function deletePersistedState(db: Store, kind: StateTable, id: number): Promise<void> {
  await viewOf(db).deleteFrom(kind.table).where(kind.key, '=', id).execute();
}
