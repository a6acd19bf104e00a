import { Messages } from '@rakit/core';
import { HttpError } from '../http/errors';
import { DataSourceError } from './types';

/** Unique-key violations of the three engines: spec 1 §8's 'Duplicate Entry For File' (1062). */
const DUPLICATE_CODES = new Set<string | number>([1062, '23505', 'SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
const UNREACHABLE = /ECONN|ETIMEDOUT|ENOTFOUND|PROTOCOL_CONNECTION/;

/**
 * A statement's failure as the caller should read it: a duplicate key is 409, any other
 * error the database reports about the statement (bad value, constraint, unknown column)
 * 400 'Query Error' with the database's text. An unreachable database stays a
 * DataSourceError (502); anything else is rethrown as it is.
 */
export function asCallerError(error: unknown): unknown {
  if (!(error instanceof DataSourceError) || error.code === undefined || UNREACHABLE.test(String(error.code))) return error;
  if (DUPLICATE_CODES.has(error.code)) return new HttpError(409, Messages.duplicateEntry, [error.message]);
  return new HttpError(400, Messages.queryError, [error.message]);
}
