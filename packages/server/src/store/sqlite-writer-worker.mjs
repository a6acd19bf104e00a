// A second connection to the embedded metadata store's file, in a worker thread (sqlite-writer.ts):
// it appends the batched writes that wait for nobody (the audit log's entries of calls), so the
// synchronous driver's time on them is not taken from the server's event loop. WAL mode lets the
// main connection read meanwhile; SQLite's write lock makes the two writers take turns.
// Plain JavaScript, so that it loads alike under tsx and Vitest.
import { parentPort, workerData } from 'node:worker_threads';
import { DatabaseSync } from 'node:sqlite';

/** @type {{ file: string }} */
const { file } = workerData;
// The main connection set WAL mode on the file; the rest is per connection. The busy wait is
// longer than the main connection's: nothing waits on this thread but the next batches.
const db = new DatabaseSync(file, { timeout: 60_000 });
db.exec('PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON');

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

/**
 * All of a request's statements, or none of them; the write lock taken first (BEGIN IMMEDIATE),
 * as the main connection's transactions take it (db.ts), so neither holds a stale snapshot.
 * @param {{ sql: string; parameters: unknown[] }[]} statements
 */
function runAll(statements) {
  db.exec('BEGIN IMMEDIATE');
  try {
    for (const { sql, parameters } of statements) statementOf(sql).run(...parameters);
    db.exec('COMMIT');
  } catch (error) {
    // SQLite may have rolled back already (a full disk, an interrupted write).
    if (db.isTransaction) db.exec('ROLLBACK');
    throw error;
  }
}

parentPort.on('message', (message) => {
  if (message.close === true) {
    db.close();
    parentPort.close();
    return;
  }
  try {
    runAll(message.statements);
    parentPort.postMessage({ id: message.id });
  } catch (error) {
    parentPort.postMessage({ id: message.id, error: { message: error instanceof Error ? error.message : String(error), code: error?.code } });
  }
});
