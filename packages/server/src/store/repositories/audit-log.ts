import type { AuditFilter } from '@rakit/core';
import type { CompiledQuery, Insertable, SelectQueryBuilder } from 'kysely';
import type { Store } from '../db';
import type { AuditLogTable, Database } from '../schema';
import { writerOf, WriterStopped } from '../sqlite-writer';

/**
 * The audit log's rows (issue 17). Appended only: nothing here updates a row, and only the
 * retention (pruneAuditLog) deletes, by age.
 */

export type NewAuditEntry = Insertable<AuditLogTable>;

/** Appends one entry; inside the transaction of the change it records when there is one. */
export async function insertAuditEntry(db: Store, entry: NewAuditEntry): Promise<void> {
  await db.insertInto('auditLog').values(entry).execute();
}

/** Who made the newest recorded change of an object (null: the system, or none recorded). */
export async function latestActorOf(db: Store, entityType: string, entityId: string | number): Promise<string | null> {
  const row = await db.selectFrom('auditLog').select('actorId').where('entityType', '=', entityType).where('entityId', '=', String(entityId))
    .orderBy('auditId', 'desc').limit(1).executeTakeFirst();
  return row?.actorId ?? null;
}

/** The columns of a batch's rows, in the order of their values. */
const BATCH_COLUMNS = ['at', 'actorId', 'appId', 'action', 'entityType', 'entityId', 'summary', 'summaryText', 'details', 'sourceAddress'] as const;
const BATCH_MAX = 100;
/** The insert of `n` entries, compiled once per store and size: the batches come every few milliseconds. */
const batchInserts = new WeakMap<Store, Map<number, CompiledQuery>>();

function batchInsert(db: Store, n: number): CompiledQuery {
  let bySize = batchInserts.get(db);
  if (bySize === undefined) {
    bySize = new Map();
    batchInserts.set(db, bySize);
  }
  let compiled = bySize.get(n);
  if (compiled === undefined) {
    const row = Object.fromEntries(BATCH_COLUMNS.map((c) => [c, ''])) as unknown as NewAuditEntry;
    compiled = db.insertInto('auditLog').values(Array.from({ length: n }, () => row)).compile();
    bySize.set(n, compiled);
  }
  return compiled;
}

/**
 * Appends entries recorded apart from any change of the store, up to BATCH_MAX in one statement:
 * on an embedded store through its writer thread, all or none (store/sqlite-writer.ts).
 */
export async function insertAuditEntries(db: Store, entries: readonly NewAuditEntry[]): Promise<void> {
  const batches: { compiled: CompiledQuery; parameters: unknown[] }[] = [];
  for (let i = 0; i < entries.length; i += BATCH_MAX) {
    const batch = entries.slice(i, i + BATCH_MAX);
    const parameters: unknown[] = [];
    for (const entry of batch) for (const column of BATCH_COLUMNS) parameters.push(entry[column] ?? null);
    batches.push({ compiled: batchInsert(db, batch.length), parameters });
  }
  const writer = writerOf(db);
  try {
    if (writer !== undefined) return await writer.run(batches.map(({ compiled, parameters }) => ({ sql: compiled.sql, parameters })));
  } catch (error) {
    // A thread that stopped before answering rolled them back (unless it died between its commit
    // and its answer, where an entry may then be kept twice rather than lost): the store's own connection writes them.
    if (!(error instanceof WriterStopped)) throw error;
  }
  for (const { compiled, parameters } of batches) await db.executeQuery({ ...compiled, parameters });
}

/** Which entries a reader sees: one application's, or every entry (appId undefined: the super administrator). */
export interface AuditScope {
  appId: number | undefined;
}

/** A day (YYYY-MM-DD) as `to` means up to the end of that day. */
function bound(value: string, end: boolean): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return end ? `${value}T23:59:59.999Z` : `${value}T00:00:00.000Z`;
  return new Date(value).toISOString();
}

function filtered<O>(query: SelectQueryBuilder<Database, 'auditLog', O>, scope: AuditScope, filter: AuditFilter) {
  let q = query;
  if (scope.appId !== undefined) q = q.where('auditLog.appId', '=', scope.appId);
  if (filter.actor !== undefined) q = q.where('auditLog.actorId', '=', filter.actor);
  if (filter.action !== undefined) q = q.where('auditLog.action', '=', filter.action);
  if (filter.entityType !== undefined) q = q.where('auditLog.entityType', '=', filter.entityType);
  if (filter.entityId !== undefined) q = q.where('auditLog.entityId', '=', filter.entityId);
  if (filter.from !== undefined) q = q.where('auditLog.at', '>=', bound(filter.from, false));
  if (filter.to !== undefined) q = q.where('auditLog.at', '<=', bound(filter.to, true));
  return q;
}

const withAppName = (db: Store) => db.selectFrom('auditLog')
  .leftJoin('apps', 'apps.appId', 'auditLog.appId')
  .selectAll('auditLog')
  .select('apps.appName');

export type AuditRow = Awaited<ReturnType<ReturnType<typeof withAppName>['execute']>>[number];

/** A page of entries, newest first, and how many match. */
export async function listAuditEntries(db: Store, scope: AuditScope, filter: AuditFilter, page: number, pageSize: number): Promise<{ rows: AuditRow[]; total: number }> {
  const rows = await filtered(withAppName(db), scope, filter)
    .orderBy('auditLog.auditId', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute();
  const counted = await filtered(db.selectFrom('auditLog'), scope, filter)
    .select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
  return { rows, total: Number(counted?.n ?? 0) };
}

/** The matching entries, newest first, `chunk` at a time by key (the export), `max` in all. */
export async function* auditEntryChunks(db: Store, scope: AuditScope, filter: AuditFilter, max: number, chunk = 1000): AsyncGenerator<AuditRow[]> {
  let below: number | undefined;
  let left = max;
  while (left > 0) {
    let query = filtered(withAppName(db), scope, filter);
    if (below !== undefined) query = query.where('auditLog.auditId', '<', below);
    const rows = await query.orderBy('auditLog.auditId', 'desc').limit(Math.min(chunk, left)).execute();
    if (rows.length === 0) return;
    yield rows;
    left -= rows.length;
    below = rows[rows.length - 1]?.auditId;
  }
}

/** Deletes the entries recorded before `before` (ISO-8601); answers how many. */
export async function pruneAuditLog(db: Store, before: string): Promise<number> {
  const result = await db.deleteFrom('auditLog').where('at', '<', before).executeTakeFirst();
  return Number(result.numDeletedRows);
}
