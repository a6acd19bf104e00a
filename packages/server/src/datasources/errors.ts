import { Messages } from '@rakit/core';
import { HttpError } from '../errors/http-errors';
import { DataSourceError } from './types';

/** Unique-key violations of the three engines: spec 1 §8's 'Duplicate Entry For File' (1062). */
const DUPLICATE_CODES = new Set<string | number>([1062, '23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);

/**
 * A statement's failure as the caller should read it: a duplicate key is 409, anything else
 * about the statement (bad value, constraint, unknown column, no statement, values missing)
 * 400 'Query Error' with the database's text. A database that refused the connection or could
 * not be reached stays a DataSourceError (502, 503); anything else is rethrown as it is.
 */
export function asCallerError(error: unknown): unknown {
  if (!(error instanceof DataSourceError) || error.failure !== 'statement') return error;
  if (error.code !== undefined && DUPLICATE_CODES.has(error.code)) return new HttpError(409, Messages.duplicateEntry, [error.message]);
  return new HttpError(400, Messages.queryError, [error.message]);
}

/** When a driver's error happened: opening the session, or running a statement in one. */
export type DriverPhase = 'connect' | 'statement';

interface DriverError {
  message?: string;
  code?: string | number;
  errno?: number;
  /** mysql2: set on errors the server sent (SQLSTATE). */
  sqlState?: string;
  /** mysql2: the connection is unusable. */
  fatal?: boolean;
  /** pg: set on errors the server sent. */
  severity?: string;
}

/**
 * The network's own words (ECONNREFUSED, ETIMEDOUT, EHOSTUNREACH, a reset, a service that
 * speaks another protocol) would tell an author which ports are open: every failure to reach
 * the server reads the same.
 */
const unreachable = (cause: unknown) => new DataSourceError(Messages.databaseUnreachable, undefined, { cause, failure: 'unavailable' });
const timedOut = (cause: unknown) => new DataSourceError(Messages.databaseTimedOut, undefined, { cause, failure: 'unavailable' });

/** MySQL/MariaDB through mysql2: errors the server sent carry a SQLSTATE; the others are the network's or the driver's. */
export function mysqlFailure(error: unknown, phase: DriverPhase): DataSourceError {
  const e = error as DriverError;
  const fromServer = typeof e.sqlState === 'string' && e.sqlState !== '';
  if (phase === 'connect') {
    return fromServer ? new DataSourceError(e.message ?? 'Database error', e.errno, { cause: error, failure: 'session' }) : unreachable(error);
  }
  if (fromServer) return new DataSourceError(e.message ?? 'Database error', e.errno ?? e.code, { cause: error });
  if (e.code === 'PROTOCOL_SEQUENCE_TIMEOUT') return timedOut(error);
  // A fatal error without SQLSTATE is a lost connection; the others are the driver refusing the values given.
  return e.fatal === true ? unreachable(error) : new DataSourceError(e.message ?? 'Database error', e.code, { cause: error });
}

/** PostgreSQL server codes meaning the server is going away or cannot take the session. */
const POSTGRES_UNAVAILABLE = new Set(['57P01', '57P02', '57P03', '53300']);

/** PostgreSQL through pg: errors the server sent carry a severity; the others are the network's. */
export function postgresFailure(error: unknown, phase: DriverPhase): DataSourceError {
  const e = error as DriverError;
  const code = typeof e.code === 'string' ? e.code : undefined;
  const fromServer = typeof e.severity === 'string';
  if (!fromServer) return /timeout/i.test(e.message ?? '') && phase === 'statement' ? timedOut(error) : unreachable(error);
  if (code !== undefined && POSTGRES_UNAVAILABLE.has(code)) return unreachable(error);
  // 57014: the statement ran past statement_timeout.
  if (code === '57014') return timedOut(error);
  return new DataSourceError(e.message ?? 'Database error', code, { cause: error, failure: phase === 'connect' ? 'session' : 'statement' });
}

/** SQLite result codes of a file that cannot be used as it is, or is held by another writer. */
const SQLITE_BUSY = /^SQLITE_(BUSY|LOCKED)/;
const SQLITE_UNUSABLE = /^SQLITE_(CORRUPT|NOTADB|IOERR|CANTOPEN|FULL|NOMEM|PROTOCOL|PERM)/;

/**
 * SQLite: a file that cannot be opened is unavailable; while running, the result code (its
 * name, e.g. SQLITE_BUSY) tells a busy or damaged file from the statement's faults, and an
 * error without one (no statement, values missing) is the caller's.
 */
export function sqliteFailure(error: unknown, code: string | undefined, phase: 'open' | 'statement'): DataSourceError {
  const text = code ?? '';
  if (SQLITE_BUSY.test(text)) return new DataSourceError(Messages.databaseBusy, code, { cause: error, failure: 'unavailable' });
  if (phase === 'open' || SQLITE_UNUSABLE.test(text)) return new DataSourceError(Messages.databaseFileUnusable, code, { cause: error, failure: 'unavailable' });
  return new DataSourceError((error as DriverError).message ?? 'Database error', code, { cause: error });
}
