import { Worker } from 'node:worker_threads';
import type { Store } from './db';

/** A compiled write and its values, as the worker runs it. */
export interface WriteStatement {
  sql: string;
  parameters: readonly unknown[];
}

interface WriterAnswer {
  id: number;
  error?: { message: string; code?: string };
}

/** The writer thread ended before it answered: its writes were not made, and may be made another way. */
export class WriterStopped extends Error {
  constructor() {
    super('The store\'s writer thread stopped');
  }
}

const workerFile = new URL('./sqlite-writer-worker.mjs', import.meta.url);

/**
 * The embedded store's second connection, in a worker thread (sqlite-writer-worker.mjs), for
 * writes no call waits on: the audit log's batched entries (~25 µs of the synchronous driver's
 * time per entry, issue 19) no longer hold the event loop every few milliseconds. Each request's
 * statements run in one transaction. A worker that dies answers what waits with WriterStopped and is
 * not used again: the store's own connection takes its writes from then on.
 */
class SqliteWriter {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private lastId = 0;
  dead = false;
  private readonly exited: Promise<void>;

  constructor(file: string) {
    // Plain JavaScript: the server's loader (tsx) has nothing to do there.
    this.worker = new Worker(workerFile, { workerData: { file }, execArgv: [] });
    this.worker.unref();
    this.worker.on('message', (answer: WriterAnswer) => this.answer(answer));
    // An uncaught error ends the worker: 'exit' answers what waits.
    this.worker.on('error', () => undefined);
    this.exited = new Promise((resolve) => {
      this.worker.once('exit', () => {
        this.dead = true;
        for (const { reject } of this.waiting.values()) reject(new WriterStopped());
        this.waiting.clear();
        resolve();
      });
    });
  }

  run(statements: readonly WriteStatement[]): Promise<void> {
    if (this.dead) return Promise.reject(new WriterStopped());
    const id = ++this.lastId;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      // Held open while a write waits, so a closing process does not leave before its answer.
      if (this.waiting.size === 1) this.worker.ref();
      this.worker.postMessage({ id, statements });
    });
  }

  private answer({ id, error }: WriterAnswer): void {
    const call = this.waiting.get(id);
    if (call === undefined) return;
    this.waiting.delete(id);
    if (this.waiting.size === 0) this.worker.unref();
    if (error === undefined) call.resolve();
    else call.reject(Object.assign(new Error(error.message), { code: error.code }));
  }

  /** Closes the file once the writes sent before are done (the worker takes messages in order). */
  async close(): Promise<void> {
    // Held open until it has ended: a process with nothing else to do would otherwise leave first.
    if (!this.dead) {
      this.worker.ref();
      this.worker.postMessage({ close: true });
    }
    await this.exited;
  }
}

/** The file of each embedded store (openStore registers it); other stores have no writer. */
const embeddedFiles = new WeakMap<Store, string>();
const writers = new WeakMap<Store, SqliteWriter>();

export function registerEmbeddedFile(store: Store, file: string): void {
  embeddedFiles.set(store, file);
}

/**
 * The writer thread of an embedded store, started on first use; undefined for a PostgreSQL or
 * MySQL store (whose driver waits on the network, not the CPU) and once its thread has died.
 */
export function writerOf(store: Store): SqliteWriter | undefined {
  const file = embeddedFiles.get(store);
  if (file === undefined) return undefined;
  let writer = writers.get(store);
  if (writer === undefined) {
    writer = new SqliteWriter(file);
    writers.set(store, writer);
  }
  return writer.dead ? undefined : writer;
}

/** Ends the store's writer thread after its writes (a server closing); a later write starts another. */
export async function closeWriter(store: Store): Promise<void> {
  const writer = writers.get(store);
  if (writer === undefined) return;
  writers.delete(store);
  await writer.close();
}
