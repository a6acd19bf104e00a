import { dataSourceOf } from '../../connections/data-source-of';
import { cachedTable } from '../../datasources/schema-cache';
import { type DataSource, DataSourceError, type QueryResult, type TableInfo } from '../../datasources/types';
import type { ParamValue } from '../../engine/bind';
import { HttpError } from '../../errors/http-errors';
import { runOnConnection } from '../../queries/run-sql';
import { type DbConfigRow, findDbConfig } from '../../store/repositories/db-configs';
import { failureParts, type StepContext, StepFailure } from './executor';

/*
 * SQL a workflow step runs: on a connection of the workflow's own application only, whoever
 * started the run (a workflow is its author's configuration and has his application's reach,
 * no more). The connection is looked up again at every run: it may have been removed, or the
 * saved action may name one that was never the application's.
 */

/** Engine codes of a statement that lost a race and may succeed when tried again (deadlock, lock wait, serialization). */
const TRANSIENT_STATEMENT_CODES = new Set<string | number>([1205, 1213, '40001', '40P01', 'SQLITE_BUSY', 'SQLITE_LOCKED']);

/**
 * What a step records for a failure of the application's database: the database out of reach,
 * too slow or busy (503/502, 'unavailable') is tried again; a refused statement, a refused
 * login or a refused host is the author's to fix. Anything else is rethrown as it is.
 */
export function sqlStepFailure(error: unknown): unknown {
  if (error instanceof StepFailure) return error;
  if (error instanceof DataSourceError) {
    const transient = error.failure === 'unavailable' || (error.code !== undefined && TRANSIENT_STATEMENT_CODES.has(error.code));
    return new StepFailure(failureParts(error), transient);
  }
  if (error instanceof HttpError) {
    return new StepFailure(failureParts(error), error.statusCode >= 500);
  }
  return error;
}

/** A connection of the step's application, or a failure saying it is not found (another application's reads the same). */
export async function appConnection(context: StepContext, dbId: number): Promise<DbConfigRow> {
  const db = await findDbConfig(context.services.store, dbId);
  if (db === undefined || db.dbAppId !== context.appId) throw new StepFailure({ key: 'databaseNotFound' }, false);
  return db;
}

/** The connection's pool, its host checked as for any of the application's connections. */
export async function appSource(context: StepContext, db: DbConfigRow): Promise<DataSource> {
  try {
    return await dataSourceOf(context.services, db);
  } catch (error) {
    throw sqlStepFailure(error);
  }
}

/** Runs one statement on the connection, its values bound by the driver. */
export async function runStepSql(context: StepContext, db: DbConfigRow, sql: string, params: readonly ParamValue[]): Promise<QueryResult> {
  context.signal.throwIfAborted();
  try {
    return await runOnConnection(context.services, db, sql, params);
  } catch (error) {
    throw sqlStepFailure(error);
  }
}

/** A table of the connection's schema, or a failure naming it. */
export async function schemaTable(source: DataSource, name: string): Promise<TableInfo> {
  let table: TableInfo | undefined;
  try {
    table = await cachedTable(source, name);
  } catch (error) {
    throw sqlStepFailure(error);
  }
  if (table === undefined) throw new StepFailure({ key: 'workflow.failure.noTable', values: { table: `'${name}'` } }, false);
  return table;
}

/** A value a step may bind: text, a number, true/false or null; a list or object is refused, naming where it was. */
export function bindable(value: unknown, where: string): ParamValue {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'boolean') return value;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new StepFailure({ key: 'workflow.failure.notFinite', values: { where } }, false);
    return value;
  }
  throw new StepFailure({ key: 'workflow.failure.notBindable', values: { where, kind: Array.isArray(value) ? 'list' : typeof value } }, false);
}

/** The write's result as a step's output. */
export const writeOutput = (result: QueryResult) => ({ affectedRows: result.affectedRows, insertId: result.insertId ?? null });
