// The connection of one SqliteDataSource (sqlite.ts), in a worker thread of its own: the driver
// is synchronous, and a statement running here holds neither the server's event loop nor any
// other application's requests. Plain JavaScript, so that it loads alike under tsx and Vitest.
// It runs one request at a time: sqlite.ts sends the next once this one is answered.
import { parentPort, workerData } from 'node:worker_threads';
import { constants, DatabaseSync } from 'node:sqlite';

/** @type {{ file: string; flags: SharedArrayBuffer; guardFunction: string; preparedKept: number }} */
const { file, flags: shared, guardFunction, preparedKept } = workerData;
/**
 * Sequence numbers shared with sqlite.ts: [CANCELLED] the statement the main thread cancelled
 * (never a later one's), [FINISHED] the last one answered here.
 */
const flags = new Int32Array(shared);
const CANCELLED = 0;
const FINISHED = 1;

/**
 * Pragmas an author may run on his own SQLite database: they describe its tables and check
 * its integrity, and none names a file, changes how the file is written or opens another one.
 */
const ALLOWED_PRAGMAS = new Set([
  'table_info', 'table_xinfo', 'table_list', 'index_list', 'index_info', 'index_xinfo',
  'foreign_key_list', 'foreign_key_check', 'foreign_keys', 'defer_foreign_keys',
  'integrity_check', 'quick_check', 'collation_list', 'user_version',
  // A counter of changes made by other connections, which an FTS5 table reads before each
  // search (a search index of the Database screen, issue 19); it names nothing.
  'data_version',
]);

/** SQL functions that reach past the database: loading native code, registering tokenizers by pointer. */
const DENIED_FUNCTIONS = new Set(['load_extension', 'fts3_tokenizer']);

/**
 * SQLite's own authorizer over an author's statements (ARCHITECTURE.md §2): SQLite calls it
 * while it compiles every statement, trigger body and view, so no spelling, comment or
 * `EXPLAIN` prefix gets around it. It refuses what would reach another file or say where
 * the file is: ATTACH and DETACH (VACUUM INTO attaches its target), transaction statements,
 * pragmas other than the descriptive ones above (SQLite asks about `pragma_…` table functions
 * as pragmas too), and the functions above. Our own BEGIN/COMMIT/ROLLBACK pass (`controlling`).
 */
function authorize(action, arg1, arg2) {
  switch (action) {
    case constants.SQLITE_TRANSACTION:
      return controlling ? constants.SQLITE_OK : constants.SQLITE_DENY;
    // Each call is its own transaction: one left open would hold the file's one connection.
    case constants.SQLITE_ATTACH:
    case constants.SQLITE_DETACH:
    case constants.SQLITE_SAVEPOINT:
      return constants.SQLITE_DENY;
    case constants.SQLITE_PRAGMA:
      return ALLOWED_PRAGMAS.has((arg1 ?? '').toLowerCase()) ? constants.SQLITE_OK : constants.SQLITE_DENY;
    case constants.SQLITE_FUNCTION:
      return DENIED_FUNCTIONS.has((arg2 ?? '').toLowerCase()) ? constants.SQLITE_DENY : constants.SQLITE_OK;
    default:
      return constants.SQLITE_OK;
  }
}

/** True only while one of our own transaction statements is compiled and run. */
let controlling = false;
/** The statement running now, and when it must stop (a data widget's); none otherwise. */
let running = 0;
let deadline = Number.POSITIVE_INFINITY;
/** Why the guard stopped the running statement. */
let stopped;

/** The guard function of sqlite-guard.ts: 1 while the statement may go on. */
function withinLimit() {
  if (Atomics.load(flags, CANCELLED) === running) {
    stopped = 'cancelled';
    throw new Error('The statement was cancelled');
  }
  if (Date.now() <= deadline) return 1;
  stopped = 'time';
  throw new Error('The statement ran past its time limit');
}

/** What the main thread needs of an error to class it (asDataSourceError in sqlite.ts); `ownCode` marks this file's own. */
const failureOf = (error) => ({
  message: String(error?.message ?? error), errcode: error?.errcode, ownCode: error?.ownCode,
});

let db;
try {
  db = new DatabaseSync(file, { timeout: 5000, allowExtension: false, defensive: true, limits: { attach: 0 } });
  db.exec('PRAGMA journal_mode = WAL');
  // Set once: changing the authorizer expires every compiled statement, and SQLite would compile them again.
  db.setAuthorizer(authorize);
  // Not deterministic, so SQLite calls it for each row it reaches; never from a view or trigger.
  // Its arguments only place the call (sqliteGuard).
  db.function(guardFunction, { deterministic: false, directOnly: true, varargs: true }, withinLimit);
} catch (error) {
  parentPort.postMessage({ seq: 0, openFailure: failureOf(error) });
  db?.close();
  process.exit(0);
}

/** Statements compiled before, by text (most recently used last): the widgets send the same few again and again. */
const prepared = new Map();

function prepare(sql) {
  const known = prepared.get(sql);
  if (known !== undefined) {
    prepared.delete(sql);
    prepared.set(sql, known);
    return known;
  }
  const statement = db.prepare(sql);
  const entry = { statement, reads: statement.columns().length > 0 };
  if (prepared.size >= preparedKept) prepared.delete(prepared.keys().next().value);
  prepared.set(sql, entry);
  return entry;
}

function run({ sql, params, placeholders, maxRows }) {
  const { statement, reads } = prepare(sql);
  // The driver would bind a missing value as NULL: the caller's mistake, as the other engines say.
  if (params.length < placeholders) throw Object.assign(new Error('Too few parameter values were provided'), { ownCode: 'SQLITE_RANGE' });
  try {
    if (reads) {
      const rows = [];
      // The rows have no prototype; the copy the main thread receives is a plain object.
      for (const row of statement.iterate(...params)) {
        if (rows.length === maxRows) return { kind: 'read', rows, truncated: true, affectedRows: 0 };
        rows.push(row);
      }
      return { kind: 'read', rows, truncated: false, affectedRows: 0 };
    }
    const info = statement.run(...params);
    return { kind: 'write', rows: [], truncated: false, affectedRows: Number(info.changes), insertId: Number(info.lastInsertRowid) };
  } catch (error) {
    // A statement stopped mid-way (the guard threw) keeps its error: run again, it would
    // answer that error at once. It is compiled anew next time.
    prepared.delete(sql);
    throw error;
  }
}

function control({ sql }) {
  // After a failure SQLite may have rolled back already.
  if (sql === 'ROLLBACK' && !db.isTransaction) return undefined;
  controlling = true;
  try {
    db.exec(sql);
  } finally {
    controlling = false;
  }
  return undefined;
}

function tables() {
  const names = prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' ORDER BY name`).statement.all();
  const columnsOf = prepare('SELECT name, type, pk FROM pragma_table_info(?)').statement;
  return names.flatMap(({ name }) => columnsOf.all(name)
    .map((c) => ({ table: name, name: c.name, key: c.pk > 0 ? 'PRI' : '', type: c.type.toLowerCase() })));
}

const handlers = { run, control, tables };

parentPort.on('message', (request) => {
  if (request.kind === 'close') {
    prepared.clear();
    if (db.isOpen) db.close();
    parentPort.close();
    return;
  }
  const answered = answer(request);
  // The main thread's watchdog, should it wake before it reads the answer, knows it is on its way.
  Atomics.store(flags, FINISHED, request.seq);
  parentPort.postMessage(answered);
});

function answer(request) {
  const { seq } = request;
  // Cancelled while it was on its way: nothing runs.
  if (Atomics.load(flags, CANCELLED) === seq) return { seq, failure: { message: 'The statement was cancelled' }, stopped: 'cancelled' };
  running = seq;
  deadline = request.limitMs === undefined ? Number.POSITIVE_INFINITY : Date.now() + request.limitMs;
  stopped = undefined;
  try {
    return { seq, result: handlers[request.kind](request) };
  } catch (error) {
    return { seq, failure: failureOf(error), stopped };
  } finally {
    deadline = Number.POSITIVE_INFINITY;
  }
}
