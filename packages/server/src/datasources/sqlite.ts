import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { countPlaceholders, hasStackedStatements, Messages } from '@rakit/core';
import { type CancelWatch, throwIfAbandoned, watchCancel } from './cancel';
import { ensureOwnerOnlyFile, OWNER_ONLY_FOLDERS } from '../security/owner-only';
import { sqliteFailure } from './errors';
import { groupColumns } from './mysql';
import { SQLITE_GUARD_FUNCTION } from './sqlite-guard';
import {
  cancelled, type ConnectionSettings, type DataSource, DataSourceError, DEFAULT_MAX_ROWS, DEFAULT_TIME_LIMIT_MS, type Queryable, type QueryOptions,
  type QueryResult, quoteAnsi, type TableInfo, TIME_LIMIT_GRACE_MS, timeLimitReached,
} from './types';

/** The folder under the data directory that holds one application's SQLite databases. */
export const sqliteFolder = (dataDir: string, appId: number) => path.join(dataDir, 'databases', String(appId));

/**
 * The file of a sqlite connection: a plain file name inside the application's own folder
 * `<dataDir>/databases/<appId>`, so that a connection can never reach another
 * application's database or any other file of the machine.
 */
export function sqliteFile(dataDir: string, appId: number, name: string): string {
  if (!/^[\w.-]{1,100}$/.test(name) || name.startsWith('.')) {
    throw new DataSourceError(Messages.sqliteFileNameInvalid);
  }
  return path.join(sqliteFolder(dataDir, appId), name);
}

/** Extended result codes the callers tell apart (a duplicate key is 409); others go by their primary name. */
const EXTENDED_CODE_NAMES = new Map([[2067, 'SQLITE_CONSTRAINT_UNIQUE'], [1555, 'SQLITE_CONSTRAINT_PRIMARYKEY']]);

/** SQLite's primary result codes by number (sqlite.org/rescode.html): node:sqlite gives the number only. */
const PRIMARY_CODE_NAMES = [
  'SQLITE_OK', 'SQLITE_ERROR', 'SQLITE_INTERNAL', 'SQLITE_PERM', 'SQLITE_ABORT', 'SQLITE_BUSY', 'SQLITE_LOCKED', 'SQLITE_NOMEM',
  'SQLITE_READONLY', 'SQLITE_INTERRUPT', 'SQLITE_IOERR', 'SQLITE_CORRUPT', 'SQLITE_NOTFOUND', 'SQLITE_FULL', 'SQLITE_CANTOPEN',
  'SQLITE_PROTOCOL', 'SQLITE_EMPTY', 'SQLITE_SCHEMA', 'SQLITE_TOOBIG', 'SQLITE_CONSTRAINT', 'SQLITE_MISMATCH', 'SQLITE_MISUSE',
  'SQLITE_NOLFS', 'SQLITE_AUTH', 'SQLITE_FORMAT', 'SQLITE_RANGE', 'SQLITE_NOTADB', 'SQLITE_NOTICE', 'SQLITE_WARNING',
];

/** The name of an (extended) result code of node:sqlite's errors: `errcode` 2067 is SQLITE_CONSTRAINT_UNIQUE, 261 SQLITE_BUSY. */
export function sqliteCodeName(errcode: number | undefined): string | undefined {
  if (errcode === undefined) return undefined;
  return EXTENDED_CODE_NAMES.get(errcode) ?? PRIMARY_CODE_NAMES[errcode & 0xff];
}

/** What an author is told when SQLite's authorizer refused his statement. */
export const SQLITE_REFUSED_MESSAGE = Messages.sqliteStatementRefused;

/** A pragma table function refused while it runs reports SQLite's text without a code. */
const REFUSED_WHILE_RUNNING = 'not authorized';

/** node:sqlite's error as a DataSourceError: refused by the authorizer (the caller's, 400), else classed by sqliteFailure. */
function asDataSourceError(error: unknown, phase: 'open' | 'statement'): DataSourceError {
  const e = error as { message?: string; errcode?: number };
  const code = e.errcode === undefined
    ? (e.message === REFUSED_WHILE_RUNNING ? 'SQLITE_AUTH' : undefined)
    : sqliteCodeName(e.errcode);
  if (code === 'SQLITE_AUTH') return new DataSourceError(SQLITE_REFUSED_MESSAGE, code, { cause: error });
  return sqliteFailure(error, code, phase);
}


/** An error as the worker reports it (sqlite-worker.mjs): the driver's fields, or `ownCode` for the worker's own. */
interface WorkerFailure {
  message: string;
  errcode?: number;
  ownCode?: string;
}

function fromWorker(failure: WorkerFailure, phase: 'open' | 'statement'): DataSourceError {
  if (failure.ownCode !== undefined) return new DataSourceError(failure.message, failure.ownCode);
  return asDataSourceError(Object.assign(new Error(failure.message), { errcode: failure.errcode }), phase);
}

/** What the worker is asked, one at a time. */
type WorkerRequest =
  | { kind: 'run'; sql: string; params: unknown[]; placeholders: number; maxRows: number; limitMs?: number }
  | { kind: 'control'; sql: 'BEGIN IMMEDIATE' | 'COMMIT' | 'ROLLBACK' }
  | { kind: 'tables' };

interface WorkerAnswer {
  seq: number;
  result?: unknown;
  failure?: WorkerFailure;
  /** Why the guard stopped the statement. */
  stopped?: 'time' | 'cancelled';
  openFailure?: WorkerFailure;
}

/** The worker's answer, or its failure as a DataSourceError. */
function resultOf(answer: WorkerAnswer): unknown {
  if (answer.failure === undefined) return answer.result;
  const error = fromWorker(answer.failure, 'statement');
  if (answer.stopped === 'cancelled') throw cancelled(error);
  if (answer.stopped === 'time') throw timeLimitReached(error);
  throw error;
}

interface Call {
  request: WorkerRequest;
  /** The caller's: when it aborts, the statement is cancelled. */
  signal: AbortSignal | undefined;
  /** How long it may run before the worker is given up on. */
  boundMs: number;
  resolve: (answer: WorkerAnswer) => void;
  reject: (error: unknown) => void;
}

const workerFile = new URL('./sqlite-worker.mjs', import.meta.url);
/** The slots of the flags shared with the worker: the statement to cancel, the last one answered (sequence numbers). */
const CANCELLED = 0;
const FINISHED = 1;
/** How long close() waits for the worker to close the file (a statement the guard does not reach runs on). */
const CLOSE_WAIT_MS = 2_000;
const stopped = () => new DataSourceError(Messages.databaseStopped, undefined, { failure: 'unavailable' });
const busy = () => sqliteFailure(new Error('A statement given up on still runs'), 'SQLITE_BUSY', 'statement');

/**
 * One worker thread holding the file's connection (sqlite-worker.mjs). Its calls go one at a
 * time, so the one running is the only one the cancel flag (the sequence number of the
 * statement to stop, in memory shared with the worker) can name: the guard function reads it
 * while the statement runs, and a stale one names no later statement. A worker that dies
 * answers its calls 'unavailable' and is not used again; so is one given up on (giveUp).
 */
class SqliteWorker {
  private readonly worker: Worker;
  /** Shared with the worker: [CANCELLED] is set here, [FINISHED] there. */
  private readonly flags = new Int32Array(new SharedArrayBuffer(2 * Int32Array.BYTES_PER_ELEMENT));
  private readonly waiting: Call[] = [];
  private running: { call: Call; seq: number; watch: CancelWatch; timer: NodeJS.Timeout } | undefined;
  private seq = 0;
  /** Set once it runs nothing more; its calls have been answered. */
  dead = false;
  private givenUp = false;
  private exited = false;
  private readonly exit: Promise<void>;

  constructor(file: string) {
    this.worker = new Worker(workerFile, {
      workerData: { file, flags: this.flags.buffer, guardFunction: SQLITE_GUARD_FUNCTION, preparedKept: PREPARED_KEPT },
      // Plain JavaScript: the server's loader (tsx) has nothing to do there.
      execArgv: [],
    });
    this.worker.unref();
    this.worker.on('message', (answer: WorkerAnswer) => this.answer(answer));
    // An uncaught error ends the worker: 'exit' answers its calls.
    this.worker.on('error', () => undefined);
    this.exit = new Promise((resolve) => {
      this.worker.once('exit', () => {
        this.exited = true;
        this.die(stopped);
        resolve();
      });
    });
  }

  /**
   * Given up on while SQLite still runs its statement: the thread ends when SQLite hands back
   * control. Another worker is not started meanwhile, or one author could keep many threads busy.
   */
  get stuck(): boolean {
    return this.givenUp && !this.exited;
  }

  send(request: WorkerRequest, boundMs: number, signal?: AbortSignal): Promise<WorkerAnswer> {
    if (this.dead) return Promise.reject(stopped());
    return new Promise((resolve, reject) => {
      this.waiting.push({ request, signal, boundMs, resolve, reject });
      this.pump();
    });
  }

  private pump(): void {
    while (this.running === undefined && !this.dead) {
      const call = this.waiting.shift();
      if (call === undefined) {
        // Idle: it never holds the process open.
        this.worker.unref();
        return;
      }
      if (call.signal?.aborted === true) {
        call.reject(cancelled(call.signal.reason));
        continue;
      }
      const seq = ++this.seq;
      const watch = watchCancel(call.signal, () => {
        Atomics.store(this.flags, CANCELLED, seq);
        return Promise.resolve();
      });
      // An answer already sent waits behind the timer when this thread was busy that long.
      const timer = setTimeout(() => { if (Atomics.load(this.flags, FINISHED) !== seq) this.giveUp(); }, call.boundMs);
      this.running = { call, seq, watch, timer };
      // A call under way holds the process open (a script awaiting it must not exit).
      this.worker.ref();
      this.worker.postMessage({ seq, ...call.request });
    }
  }

  private answer(answer: WorkerAnswer): void {
    if (answer.openFailure !== undefined) {
      const failure = answer.openFailure;
      this.die(() => fromWorker(failure, 'open'));
      return;
    }
    const running = this.running;
    if (running === undefined || running.seq !== answer.seq) return;
    this.running = undefined;
    clearTimeout(running.timer);
    running.watch.stop();
    running.call.resolve(answer);
    this.pump();
  }

  /** The statement outran its bound (the guard does not reach it): its caller is answered now. */
  private giveUp(): void {
    const running = this.running;
    this.givenUp = true;
    this.die((call) => (call === running?.call ? timeLimitReached(undefined) : busy()));
    if (running !== undefined) Atomics.store(this.flags, CANCELLED, running.seq);
    // Read once SQLite hands the statement back. Not terminate(): the driver aborts the whole
    // process when a terminated thread's statement returns into it.
    this.worker.postMessage({ kind: 'close' });
  }

  private die(errorFor: (call: Call) => DataSourceError): void {
    if (this.dead) return;
    this.dead = true;
    const running = this.running;
    this.running = undefined;
    if (running !== undefined) {
      clearTimeout(running.timer);
      running.watch.stop();
      running.call.reject(errorFor(running.call));
    }
    for (const call of this.waiting.splice(0)) call.reject(errorFor(call));
    this.worker.unref();
  }

  /** Closes the file and ends the thread once the running statement has ended (cancelled when it reads the flag). */
  async close(): Promise<void> {
    if (this.running !== undefined) Atomics.store(this.flags, CANCELLED, this.running.seq);
    for (const call of this.waiting.splice(0)) call.reject(stopped());
    if (!this.exited) this.worker.postMessage({ kind: 'close' });
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.exit, new Promise((resolve) => { timer = setTimeout(resolve, CLOSE_WAIT_MS); })]);
    clearTimeout(timer);
    this.die(stopped);
  }
}

/** How many compiled statements a file keeps (in its worker), and how many checked texts this thread. */
const PREPARED_KEPT = 100;

/**
 * An application database in an embedded SQLite file (the seeded demo uses one). The author's
 * SQL runs here, so the connection is locked to its one file by SQLite itself: no database
 * may be attached (a hard limit of 0), every statement passes the authorizer of
 * `sqlite-worker.mjs`, extensions cannot load and defensive mode keeps the schema intact.
 * The connection lives in a worker thread: a statement, however slow, holds no other request.
 * A data widget's statement stops at the time limit or when its caller goes away (the guard of
 * sqlite-guard.ts). Any statement still running TIME_LIMIT_GRACE_MS past the time limit (an
 * author's own SQL, which the guard does not reach; SQLite has no interrupt in this driver) is
 * answered TIME_LIMIT and its worker given up on: SQLite runs it to its end on that thread,
 * and the connection answers busy until then rather than start another thread.
 */
export class SqliteDataSource implements DataSource {
  private readonly timeLimitMs: number;
  private worker: SqliteWorker | undefined;
  private closed = false;

  constructor(private readonly file: string, options: { mustExist: boolean; timeLimitMs?: number | undefined }) {
    this.timeLimitMs = options.timeLimitMs ?? DEFAULT_TIME_LIMIT_MS;
    if (options.mustExist && !existsSync(file)) throw sqliteFailure(new Error(`No such file: ${path.basename(file)}`), 'SQLITE_CANTOPEN', 'open');
    // Started now, it opens the file while the caller goes on; a failure to open answers the first call.
    this.worker = new SqliteWorker(file);
  }

  /** How long any statement may run before its caller is answered and its worker given up on. */
  private get boundMs(): number {
    return this.timeLimitMs + TIME_LIMIT_GRACE_MS;
  }

  /** The live worker, started again after one died. */
  private current(): SqliteWorker {
    if (this.closed) throw stopped();
    if (this.worker !== undefined && !this.worker.dead) return this.worker;
    if (this.worker?.stuck === true) throw busy();
    this.worker = new SqliteWorker(this.file);
    return this.worker;
  }

  /** The placeholders of the texts checked here before (oldest first). */
  private readonly placeholdersOf = new Map<string, number>();

  /** What is checked of a statement's text on this thread, once per text while it stays among the recent ones. */
  private placeholders(sql: string): number {
    const known = this.placeholdersOf.get(sql);
    if (known !== undefined) return known;
    // SQLite compiles the first statement and would silently drop the rest.
    if (hasStackedStatements(sql)) throw new DataSourceError(Messages.oneStatementAtATime, 'SQLITE_MISUSE');
    const count = countPlaceholders(sql);
    if (this.placeholdersOf.size >= PREPARED_KEPT) this.placeholdersOf.delete(this.placeholdersOf.keys().next().value as string);
    this.placeholdersOf.set(sql, count);
    return count;
  }

  async query(sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult> {
    // Waits out an open transaction (only its `tx` reaches it), checked again right before the
    // statement is sent: a helper's own await would let another caller begin one in between.
    while (this.transactionDone !== undefined) await this.transactionDone;
    throwIfAbandoned(options?.limited?.signal);
    return this.runStatement(this.current(), sql, params, options);
  }

  private async runStatement(worker: SqliteWorker, sql: string, params: readonly unknown[], options?: QueryOptions): Promise<QueryResult> {
    const placeholders = this.placeholders(sql);
    const limited = options?.limited;
    const request: WorkerRequest = {
      kind: 'run', sql, placeholders, maxRows: options?.maxRows ?? DEFAULT_MAX_ROWS,
      params: params.map((p) => (typeof p === 'boolean' ? Number(p) : p)),
      ...(limited === undefined ? {} : { limitMs: this.timeLimitMs }),
    };
    return resultOf(await worker.send(request, this.boundMs, limited?.signal)) as QueryResult;
  }

  async tables(): Promise<TableInfo[]> {
    while (this.transactionDone !== undefined) await this.transactionDone;
    const answer = await this.current().send({ kind: 'tables' }, this.boundMs);
    return groupColumns(resultOf(answer) as Parameters<typeof groupColumns>[0]);
  }

  quote(identifier: string): string {
    return quoteAnsi(identifier);
  }

  /** Our own transaction statements, which the authorizer refuses to authors' SQL. */
  private async control(worker: SqliteWorker, sql: 'BEGIN IMMEDIATE' | 'COMMIT' | 'ROLLBACK'): Promise<void> {
    resultOf(await worker.send({ kind: 'control', sql }, this.boundMs));
  }

  /** Set while a transaction holds the connection; settles when it ends. */
  private transactionDone: Promise<void> | undefined;

  /**
   * The file has one connection, so a transaction holds it: other callers' statements wait
   * in `query` until it commits or rolls back, and only `tx` reaches the open transaction
   * (on the worker that began it: a worker started after that one died has none).
   */
  async transaction<T>(body: (tx: Queryable) => Promise<T>): Promise<T> {
    // Checked and taken with no await between: callers woken by the same end take turns.
    while (this.transactionDone !== undefined) await this.transactionDone;
    let end!: () => void;
    this.transactionDone = new Promise((resolve) => { end = resolve; });
    try {
      const worker = this.current();
      await this.control(worker, 'BEGIN IMMEDIATE');
      try {
        const result = await body({ query: (sql, params, options) => this.runStatement(worker, sql, params, options) });
        await this.control(worker, 'COMMIT');
        return result;
      } catch (error) {
        // The worker skips it when SQLite rolled back already; a dead worker's file rolled back as it closed.
        if (!worker.dead) await this.control(worker, 'ROLLBACK');
        throw error;
      }
    } finally {
      this.transactionDone = undefined;
      end();
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.worker?.close();
  }
}

/** The data source of an application's SQLite file; the file is created (owner-only) when `create` is set. */
export function openSqliteDataSource(settings: ConnectionSettings, dataDir: string, options: { create?: boolean }): SqliteDataSource {
  const file = sqliteFile(dataDir, settings.dbAppId, settings.dbDatabase);
  if (options.create === true) {
    mkdirSync(sqliteFolder(dataDir, settings.dbAppId), OWNER_ONLY_FOLDERS);
    // SQLite would create it readable to others; its -wal and -shm files take its permissions.
    ensureOwnerOnlyFile(file);
  }
  return new SqliteDataSource(file, { mustExist: options.create !== true, timeLimitMs: settings.timeLimitMs });
}
