// A second connection to the embedded metadata store's file, in a worker thread (sqlite-writer.ts):
// it appends the batched writes that wait for nobody (the audit log's entries of calls), so the
// synchronous driver's time on them is not taken from the server's event loop. WAL mode lets the
// main connection read meanwhile; SQLite's write lock makes the two writers take turns.
// Plain JavaScript, so that it loads alike under tsx and Vitest.
import { parentPort, workerData } from 'node:worker_threads';
import Database from 'better-sqlite3';

/** @type {{ file: string }} */
const { file } = workerData;
const db = new Database(file);
// The main connection set WAL mode on the file; these are per connection.
// Longer than the main connection's: nothing waits on this thread but the next batches.
db.pragma('busy_timeout = 60000');
db.pragma('synchronous = NORMAL');
db.pragma('foreign_keys = ON');

/** Prepared statements by text: the batches repeat a few texts all day. */
const prepared = new Map();
function statementOf(sql) {
  let statement = prepared.get(sql);
  if (statement === undefined) {
    if (prepared.size > 100) prepared.clear();
    statement = db.prepare(sql);
    prepared.set(sql, statement);
  }
  return statement;
}

/** @type {(statements: { sql: string; parameters: unknown[] }[]) => void} */
const runAll = db.transaction((statements) => {
  for (const { sql, parameters } of statements) statementOf(sql).run(parameters);
});

parentPort.on('message', (message) => {
  if (message.close === true) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    // All of a request's statements, or none of them; the write lock taken first (BEGIN IMMEDIATE),
    // as the main connection's transactions take it (db.ts), so neither holds a stale snapshot.
    runAll.immediate(message.statements);
    parentPort.postMessage({ id: message.id });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: error instanceof Error ? error.message : String(error), code: error?.code } });
  }
});
