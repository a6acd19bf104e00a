import type { DbSearch, SearchIndexBody, SearchIndexJob, SearchIndexPlan, TableSearch } from '@rakit/core';
import type { AuditContext } from '../audit/context';
import { recordAudit } from '../audit/record';
import { openDdlSession } from '../datasources/registry';
import { reachableSettings } from '../datasources/reach';
import { forgetSearchIndexes, readSearchIndexes } from '../datasources/search-index-cache';
import { dialectFor, type SearchIndexDialect } from '../datasources/dialects';
import { type DataSource, DataSourceError, type DataSourceType, type TableInfo } from '../datasources/types';
import { badRequest, conflict, forbidden, local, quoted } from '../errors/http-errors';
import type { DbConfigRow } from '../store/repositories/db-configs';
import { isTextType } from '../datasources/column-types';
import { dataSourceOf, settingsOf } from './data-source-of';
import type { Services } from '../services';

/**
 * Adding a search index from the Database screen (issue 19). The statements are built only
 * from a table and columns found in the connection's own schema, quoted by the engine's
 * rules; the caller's text only picks among them. They run as the connection's user, so the
 * database itself refuses what that user may not do; the screen asks first, to say so
 * plainly before anything runs.
 */

const dialectOf = (row: DbConfigRow) => row.dbType as DataSourceType;

/** Everything the search part of the Database screen and the statements are built from. */
async function inspect(services: Services, row: DbConfigRow) {
  const dialect = dialectOf(row);
  const engine = dialectFor(dialect).searchIndex;
  const source = await dataSourceOf(services, row);
  const [tables, indexes, permissions] = await Promise.all([
    source.tables(), readSearchIndexes(source, dialect), engine.permissions(source, row.dbUser),
  ]);
  // SQLite's FTS5 tables and their shadow tables are the search indexes, not tables to index.
  const ftsNames = new Set([...indexes.values()].flatMap((i) => (i.fts === null ? [] : [i.fts.name])));
  const shown = tables.filter((t) => ![...ftsNames].some((n) => t.table_name === n || t.table_name.startsWith(`${n}_`)));
  return { dialect, engine, source, tables: shown, indexes, permissions };
}

type Inspected = Awaited<ReturnType<typeof inspect>>;

function tableSearch(inspected: Inspected, table: TableInfo): TableSearch {
  const { dialect, engine, indexes, permissions } = inspected;
  const indexed = engine.indexedColumns(indexes.get(table.table_name));
  const refusal = permissions.everywhere ?? permissions.table(table.table_name);
  return {
    table_name: table.table_name,
    columns: table.columns.map((c) => ({
      column: c.COLUMN_NAME, dataType: c.DATA_TYPE, text: isTextType(dialect, c.DATA_TYPE), indexed: indexed.has(c.COLUMN_NAME),
    })),
    canAdd: refusal === null,
    refusal,
  };
}

/** Per table of the connection, which columns search fast and whether an index may be added. */
export async function searchIndexOverview(services: Services, row: DbConfigRow): Promise<DbSearch> {
  const inspected = await inspect(services, row);
  return {
    dbId: row.dbId,
    dbType: inspected.dialect,
    wholeWords: inspected.engine.wholeWords,
    tables: inspected.tables.map((t) => tableSearch(inspected, t)),
  };
}

/** The table and columns of the body, found in the connection's schema (the names used are the schema's). */
function checkedTarget(inspected: Inspected, body: SearchIndexBody): { table: TableInfo; columns: string[] } {
  const table = inspected.tables.find((t) => t.table_name === body.table);
  if (table === undefined) throw badRequest(local('tableNotInDatabase', { table: quoted(body.table) }));
  const columns: string[] = [];
  for (const name of new Set(body.columns)) {
    const column = table.columns.find((c) => c.COLUMN_NAME === name);
    if (column === undefined) throw badRequest(local('columnNotInTable', { column: quoted(name), table: quoted(table.table_name) }));
    if (inspected.engine.textColumnsOnly && !isTextType(inspected.dialect, column.DATA_TYPE)) {
      throw badRequest(local('searchIndexTextOnly', { column: quoted(name) }));
    }
    columns.push(column.COLUMN_NAME);
  }
  return { table, columns };
}

async function planOf(services: Services, row: DbConfigRow, body: SearchIndexBody) {
  const inspected = await inspect(services, row);
  const { table, columns } = checkedTarget(inspected, body);
  const search = tableSearch(inspected, table);
  const statements = inspected.engine.statements(table, columns, inspected.indexes.get(table.table_name), inspected.permissions);
  const plan: SearchIndexPlan = { table: table.table_name, columns, statements, allowed: search.canAdd, refusal: search.refusal };
  if (plan.allowed && statements.length === 0) {
    plan.allowed = false;
    plan.refusal = `A search index serves ${columns.join(', ')} already.`;
  }
  return { plan, inspected };
}

/** The exact statements an Add search index would run, and whether it may; runs nothing. */
export async function planSearchIndex(services: Services, row: DbConfigRow, body: SearchIndexBody): Promise<SearchIndexPlan> {
  return (await planOf(services, row, body)).plan;
}

/** A running or finished Add search index, with what reads its progress while it runs. */
interface Job {
  status: SearchIndexJob;
  sessionId: number;
  engine: SearchIndexDialect;
  source: DataSource;
}

/** The last Add search index of each connection (by dbId), since the server started, per server. */
const jobsByServer = new WeakMap<Services, Map<number, Job>>();

function jobsOf(services: Services): Map<number, Job> {
  let jobs = jobsByServer.get(services);
  if (jobs === undefined) {
    jobs = new Map();
    jobsByServer.set(services, jobs);
  }
  return jobs;
}

/**
 * An index build the engine shows on the connection's database, whoever started it: another
 * server process (ARCHITECTURE §3: nothing may assume one process), or a person by hand.
 */
async function buildSeenByEngine(engine: SearchIndexDialect, source: DataSource, onTable?: string): Promise<SearchIndexJob | null> {
  const found = (await engine.buildsSeen(source)).find((build) => onTable === undefined || build.table === onTable);
  if (found === undefined) return null;
  return { table: found.table, columns: [], state: 'running', step: 1, statements: [], progress: found.progress, phase: found.phase, message: null };
}

/**
 * How far the connection's last Add search index is: this process's own job while it runs
 * (with its statements), else a build the engine shows running on the database (started by
 * another process, or by hand), else how this process's last one ended (done, or why it
 * failed); null when there is none of these.
 */
export async function searchIndexProgress(services: Services, row: DbConfigRow): Promise<SearchIndexJob | null> {
  const job = jobsOf(services).get(row.dbId);
  if (job?.status.state === 'running') {
    const reported = await job.engine.buildProgress(job.source, job.sessionId).catch(() => ({ progress: null, phase: null }));
    // The build may have ended while the engine was asked: its own end is then the answer.
    return job.status.state === 'running' ? { ...job.status, ...reported } : job.status;
  }
  // After a build of its own, only another one on the same table is told over it.
  const seen = await buildSeenByEngine(dialectFor(dialectOf(row)).searchIndex, await dataSourceOf(services, row), job?.status.table).catch(() => null);
  return seen ?? job?.status ?? null;
}

/** What a failed statement says: the engine's text (it names no credentials), or a generic one. */
const failureText = (error: unknown) => (error instanceof DataSourceError ? error.message : 'The index could not be added');

/** Runs the statements one by one on a session of their own, recording where it is. */
async function runJob(services: Services, row: DbConfigRow, job: Job, session: Awaited<ReturnType<typeof openDdlSession>>): Promise<void> {
  const { statements } = job.status;
  const { transactional } = job.engine;
  try {
    if (transactional) await session.run('BEGIN IMMEDIATE');
    for (const [i, sql] of statements.entries()) {
      job.status = { ...job.status, step: i + 1 };
      await session.run(sql);
    }
    if (transactional) await session.run('COMMIT');
    job.status = { ...job.status, state: 'done', progress: 1, phase: null };
  } catch (error) {
    if (transactional) await session.run('ROLLBACK').catch(() => undefined);
    await job.engine.afterFailure(session, statements[job.status.step - 1] ?? '');
    job.status = { ...job.status, state: 'failed', phase: null, message: failureText(error) };
    services.log.warn({ dbId: row.dbId, err: error }, 'Adding a search index failed');
  } finally {
    await session.close();
    forgetSearchIndexes(job.source);
  }
}

/**
 * Starts adding the search index (refused when the connection's user may not, or one is being
 * added on this connection already) and answers at once; searchIndexProgress tells how far it
 * is. Recorded in the audit log with its statements.
 */
export async function addSearchIndex(services: Services, audit: AuditContext, row: DbConfigRow, body: SearchIndexBody): Promise<SearchIndexJob> {
  const jobs = jobsOf(services);
  if (jobs.get(row.dbId)?.status.state === 'running') throw conflict(local('searchIndexBusy'));
  const { plan, inspected } = await planOf(services, row, body);
  // Another process may be building one on this table: the engine says so.
  if (await buildSeenByEngine(inspected.engine, inspected.source, plan.table).catch(() => null) !== null) {
    throw conflict(local('searchIndexBusyOn', { table: plan.table }));
  }
  if (plan.statements.length === 0) throw conflict(plan.refusal ?? 'A search index serves these columns already.');
  if (!plan.allowed) throw forbidden(plan.refusal ?? 'A search index cannot be added here');
  const settings = await reachableSettings(settingsOf(services, row), services.config, row.dbVouched === 1);
  const session = await openDdlSession(settings, services.config.dataDir);
  const job: Job = {
    status: { table: plan.table, columns: plan.columns, state: 'running', step: 0, statements: plan.statements, progress: null, phase: null, message: null },
    sessionId: session.sessionId,
    engine: inspected.engine,
    source: inspected.source,
  };
  jobs.set(row.dbId, job);
  await recordAudit(services.store, audit, {
    entityType: 'db', entityId: row.dbId, summary: { key: 'audit.searchIndexAdded', values: { table: plan.table, columns: plan.columns.join(', ') } },
    details: { table: plan.table, columns: plan.columns, statements: plan.statements },
  });
  void runJob(services, row, job, session);
  return job.status;
}
