import { performance } from 'node:perf_hooks';
import { Messages } from '@rakit/core';
import { asCallerError } from '../datasources/errors';
import {
  CANCELLED_CODE, type DataSource, DataSourceError, type Queryable, type QueryOptions, type QueryResult, TIME_LIMIT_CODE,
} from '../datasources/types';
import { HttpError } from '../errors/http-errors';
import type { ContentPlan } from './content-plan';
import type { Statement } from './content-query';
import { recordStatement } from './statement-log';

/**
 * A statement past its connection's time limit: the caller's search or filter is too costly
 * for the table as it is indexed. 422, never 5xx: the database is fine and the next call works.
 */
export const TIME_LIMIT_STATUS = 422;

/** A failure of a data widget's statement as its caller reads it. */
function asWidgetError(error: unknown): unknown {
  if (error instanceof DataSourceError && error.code === TIME_LIMIT_CODE) return new HttpError(TIME_LIMIT_STATUS, Messages.searchTookTooLong);
  // Nobody reads it: the browser went away.
  if (error instanceof DataSourceError && error.code === CANCELLED_CODE) return new HttpError(400, error.message);
  return asCallerError(error);
}

/** Runs a built statement; the database's complaints about it answer 400/409 (see asCallerError), its time limit 422. */
export async function run(source: Queryable, statement: Statement, options?: QueryOptions): Promise<QueryResult> {
  const started = performance.now();
  try {
    return await source.query(statement.sql, statement.params, options);
  } catch (error) {
    throw asWidgetError(error);
  } finally {
    recordStatement(statement, performance.now() - started);
  }
}

/**
 * Options of a data widget's read of `plan`: the connection's time limit, cancelled when
 * `signal` aborts; a table's statements (no custom query inside) are the server's text alone.
 */
export const widgetRead = (plan: Pick<ContentPlan, 'kind'>, signal: AbortSignal | undefined, maxRows?: number): QueryOptions =>
  ({ limited: { signal, serverText: plan.kind === 'table' }, ...(maxRows === undefined ? {} : { maxRows }) });

/**
 * A count that took at least this long, or that passed its cap ("more than 10,000"), is kept
 * for COUNT_TTL_MS; quicker exact ones are always fresh.
 */
export const SLOW_COUNT_MS = 50;
export const COUNT_TTL_MS = 10_000;
/** A select filter's values are kept this long. */
export const FILTER_VALUES_TTL_MS = 30_000;
const MAX_ENTRIES = 500;
const MAX_KEY_LENGTH = 8192;

interface Entry<T> { expires: number; value: T }

/**
 * Short-lived answers per pool, keyed by statement text and values (so a changed widget
 * configuration never meets an old answer). Only a performance cache: each server process
 * has its own, and every answer expires within seconds.
 */
export class StatementCache<T> {
  private readonly entries = new Map<string, Entry<T>>();

  get(statement: Statement, now: number): T | undefined {
    const key = keyOf(statement);
    const hit = this.entries.get(key);
    if (hit === undefined) return undefined;
    if (hit.expires > now) return hit.value;
    this.entries.delete(key);
    return undefined;
  }

  set(statement: Statement, value: T, expires: number): void {
    const key = keyOf(statement);
    // A statement of long values (a long cursor, many filter values) is not kept: 500 of them would weigh.
    if (key.length > MAX_KEY_LENGTH) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next();
      if (oldest.done !== true) this.entries.delete(oldest.value);
    }
    this.entries.set(key, { expires, value });
  }

  delete(statement: Statement): void {
    this.entries.delete(keyOf(statement));
  }

  clear(): void {
    this.entries.clear();
  }
}

/**
 * A statement's key in the caches, written once per statement object: a table load's
 * statements are built once and shared (content-plan.ts builtOnce), and each load looks its
 * page and count up in several caches.
 */
const keys = new WeakMap<Statement, string>();
function keyOf(statement: Statement): string {
  let key = keys.get(statement);
  if (key === undefined) {
    key = `${statement.sql}\u0000${JSON.stringify(statement.params)}`;
    keys.set(statement, key);
  }
  return key;
}

const counts = new WeakMap<DataSource, StatementCache<number>>();
/** A count being computed, the callers waiting for it, and what cancels it once none is left. */
interface CountFlight { counting: Promise<number>; controller: AbortController; waiting: number }
/** Counts being computed, per pool and statement. */
const countsRunning = new WeakMap<DataSource, Map<string, CountFlight>>();
const filterValues = new WeakMap<DataSource, StatementCache<unknown[]>>();

export function cacheOf<T>(map: WeakMap<DataSource, StatementCache<T>>, source: DataSource): StatementCache<T> {
  let cache = map.get(source);
  if (cache === undefined) {
    cache = new StatementCache<T>();
    map.set(source, cache);
  }
  return cache;
}

/**
 * The count of a count statement bounded at `cap` (it counts at most cap + 1 rows). A big
 * table's count is reused for a few seconds while the user pages through it: one that was
 * slow, and one past its cap, whose "more than" only a mass delete could change (each Next
 * through a million rows would read 10,001 index entries again, six times the page's own
 * cost). The rows themselves are always read fresh. Row writes through the data widgets forget
 * the pool's counts (forgetCounts).
 */
export function countRows(source: DataSource, plan: Pick<ContentPlan, 'kind'>, statement: Statement, cap: number, signal?: AbortSignal): Promise<number> {
  const cache = cacheOf(counts, source);
  const cached = cache.get(statement, Date.now());
  if (cached !== undefined) return Promise.resolve(cached);
  // Callers asking for the same count while it runs share it: when a kept count expires under
  // many clients, one statement runs again, not one per client (issue 19).
  let flights = countsRunning.get(source);
  if (flights === undefined) {
    flights = new Map();
    countsRunning.set(source, flights);
  }
  const key = keyOf(statement);
  let flight = flights.get(key);
  if (flight === undefined || flight.controller.signal.aborted) {
    const controller = new AbortController();
    const counting = (async () => {
      const started = performance.now();
      const { rows } = await run(source, statement, widgetRead(plan, controller.signal, 1));
      const count = Number(rows[0]?.n ?? 0);
      if (count > cap || performance.now() - started >= SLOW_COUNT_MS) cache.set(statement, count, Date.now() + COUNT_TTL_MS);
      return count;
    })();
    const started: CountFlight = { counting, controller, waiting: 0 };
    flights.set(key, started);
    const running = flights;
    void counting.finally(() => { if (running.get(key) === started) running.delete(key); }).catch(() => undefined);
    flight = started;
  }
  return awaitCount(flight, signal);
}

/**
 * One caller's wait for a shared count: the caller that goes away stops waiting at once, and
 * the statement is cancelled only when every caller waiting for it has gone.
 */
function awaitCount(flight: CountFlight, signal: AbortSignal | undefined): Promise<number> {
  flight.waiting += 1;
  if (signal === undefined) return flight.counting;
  return new Promise<number>((resolve, reject) => {
    const leave = () => {
      flight.waiting -= 1;
      if (flight.waiting === 0) flight.controller.abort(signal.reason);
      reject(asWidgetError(new DataSourceError('The client went away', CANCELLED_CODE)));
    };
    if (signal.aborted) {
      leave();
      return;
    }
    signal.addEventListener('abort', leave, { once: true });
    flight.counting.then(resolve, reject).finally(() => signal.removeEventListener('abort', leave));
  });
}

/** The distinct values a select filter offers (column v of the statement), kept FILTER_VALUES_TTL_MS. */
export async function distinctValues(source: DataSource, plan: Pick<ContentPlan, 'kind'>, statement: Statement, signal?: AbortSignal): Promise<unknown[]> {
  const cache = cacheOf(filterValues, source);
  const cached = cache.get(statement, Date.now());
  if (cached !== undefined) return cached;
  const { rows } = await run(source, statement, widgetRead(plan, signal));
  const values = rows.map((r) => r.v);
  cache.set(statement, values, Date.now() + FILTER_VALUES_TTL_MS);
  return values;
}

/** A count known to be out of date (its first page, short before, has filled up): read again. */
export function forgetCount(source: DataSource, statement: Statement): void {
  counts.get(source)?.delete(statement);
}

/** After a write: counts of this pool are read again. */
export function forgetCounts(source: DataSource): void {
  counts.get(source)?.clear();
  // A count started before the write may not answer a call made after it.
  countsRunning.get(source)?.clear();
  filterValues.get(source)?.clear();
}
