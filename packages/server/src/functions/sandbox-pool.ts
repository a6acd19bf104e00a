import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/** Operator-settable limits of one function call (RAKIT_FUNCTION_* in config.ts). */
export interface SandboxLimits {
  /** Time a call may run; a worker still busy `graceMs` later is terminated and replaced. */
  timeoutMs: number;
  /** QuickJS's allocation limit for one call. */
  memoryBytes: number;
  /** QuickJS's stack limit: small enough that no recursion reaches Node's own stack. */
  stackBytes: number;
  /** Largest JSON answer of a call. */
  outputBytes: number;
  /** Fixed maximum of each worker's WebAssembly heap: the hard ceiling whatever QuickJS does. */
  heapMaxBytes: number;
  workers: number;
  /** Calls of one application running or waiting at once; more are refused at once. */
  queuePerApp: number;
}

export const defaultSandboxLimits = (): SandboxLimits => ({
  timeoutMs: 1000,
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: 256 * 1024,
  outputBytes: 1024 * 1024,
  heapMaxBytes: 256 * 1024 * 1024,
  workers: Math.max(1, Math.min(4, availableParallelism() - 1)),
  queuePerApp: 16,
});

export interface SandboxJob {
  appId: number;
  code: string;
  paramNames: string[];
  params: Record<string, unknown>;
  /** Present for a transform: the widget's rows, available to the code as `rows`. */
  rows?: unknown[];
}

export interface SandboxTiming {
  ms: number;
  /** QuickJS heap in use when the code returned (null when it could not be read). */
  memoryBytes: number | null;
}

export type SandboxResult =
  | ({ ok: true; value: unknown } & SandboxTiming)
  | ({ ok: false; error: string; line: number | null } & SandboxTiming);

interface WorkerAnswer {
  id: number;
  ok: boolean;
  json?: string;
  error?: string;
  line?: number | null;
  ms: number;
  memoryBytes: number | null;
  heapBytes: number;
  fatal?: boolean;
}

interface Pending {
  id: number;
  job: SandboxJob;
  /** The values and rows as JSON text, made once: the worker parses it inside QuickJS. */
  input: string;
  limits: CallLimits;
  resolve: (result: SandboxResult) => void;
}

interface CallLimits {
  timeoutMs: number;
  memoryBytes: number;
  outputBytes: number;
}

interface Slot {
  worker: Worker;
  ready: Promise<void>;
  busy: Pending | undefined;
  watchdog: NodeJS.Timeout | undefined;
  started: number;
}

const workerFile = new URL('./sandbox-worker.mjs', import.meta.url);
/** Past the deadline, the time QuickJS gets to notice its interrupt before its worker is ended. */
const graceMs = 250;
/** A worker whose heap grew past this is replaced after its call, giving the memory back. */
const recycleHeapBytes = 96 * 1024 * 1024;

/** Node's WebAssembly global (the server's TypeScript lib has no DOM types). */
const { WebAssembly: wasm } = globalThis as unknown as { WebAssembly: { Module: new (bytes: Uint8Array) => object } };
let compiled: object | undefined;
/** QuickJS's wasm, compiled once per process: a replaced worker starts in milliseconds. */
function quickjsModule(): object {
  compiled ??= new wasm.Module(readFileSync(createRequire(import.meta.url).resolve('@jitl/quickjs-wasmfile-release-sync/wasm')));
  return compiled;
}

/**
 * worker_threads running QuickJS: the event loop serving requests never runs an author's code.
 * Each call gets a fresh QuickJS runtime in a worker; a call past its time is interrupted by
 * QuickJS and, if a heavy built-in ignores the interrupt, its worker is terminated by the watchdog.
 */
export class SandboxPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private readonly perApp = new Map<number, number>();
  private readonly served = new Map<number, number>();
  private nextId = 1;
  private closed = false;
  /** Workers ended by the watchdog or a fatal trap (for tests and the bench). */
  restarts = 0;

  constructor(readonly limits: SandboxLimits) {}

  /**
   * Runs one call. Transforms get budgets that grow with their rows (the rows must be parsed,
   * fit in memory and come back out); the heap ceiling stays the operator's. A widget's rows are
   * bounded anyway: a table page (TABLE_MAX_LIMIT) or an export chunk (EXPORT_CHUNK_ROWS).
   */
  run(job: SandboxJob): Promise<SandboxResult> {
    if (this.closed) return Promise.resolve(failure('The function service is shutting down.'));
    const running = this.perApp.get(job.appId) ?? 0;
    if (running >= this.limits.queuePerApp) {
      return Promise.resolve(failure('Too many calls of this application\'s functions are running; try again shortly.'));
    }
    let input: string;
    try {
      input = JSON.stringify({ params: job.params, rows: job.rows ?? null });
    } catch {
      return Promise.resolve(failure('The function\'s input cannot be sent as JSON.'));
    }
    this.perApp.set(job.appId, running + 1);
    const inputBytes = job.rows === undefined ? 0 : Buffer.byteLength(input);
    const limits: CallLimits = {
      // Parsing and answering the rows takes time of its own: 1 ms more per 4 KB, at most 10× the limit.
      timeoutMs: Math.min(this.limits.timeoutMs * 10, this.limits.timeoutMs + Math.floor(inputBytes / 4096)),
      memoryBytes: Math.min(this.limits.heapMaxBytes - 16 * 1024 * 1024, this.limits.memoryBytes + inputBytes * 8),
      outputBytes: this.limits.outputBytes + inputBytes * 4,
    };
    return new Promise<SandboxResult>((resolve) => {
      const pending: Pending = {
        id: this.nextId++, job, input, limits,
        resolve: (result) => {
          this.perApp.set(job.appId, (this.perApp.get(job.appId) ?? 1) - 1);
          resolve(result);
        },
      };
      this.joinTurns(job.appId);
      this.queue.push(pending);
      this.pump();
    });
  }

  /** Starts the workers ahead of the first call (the first call otherwise pays for compiling the wasm). */
  async warm(): Promise<void> {
    while (this.slots.length < this.limits.workers) this.slots.push(this.spawn());
    await Promise.all(this.slots.map((slot) => slot.ready));
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const pending of this.queue.splice(0)) pending.resolve(failure('The function service is shutting down.'));
    await Promise.all(this.slots.splice(0).map(async (slot) => {
      if (slot.watchdog !== undefined) clearTimeout(slot.watchdog);
      slot.busy?.resolve(failure('The function service is shutting down.'));
      await slot.worker.terminate();
    }));
  }

  private spawn(): Slot {
    const worker = new Worker(workerFile, {
      workerData: { heapMaxBytes: this.limits.heapMaxBytes, wasmModule: quickjsModule() },
      // The wasm heap is an ArrayBuffer outside these; they bound the worker's own JavaScript.
      resourceLimits: { maxOldGenerationSizeMb: 64, maxYoungGenerationSizeMb: 16, stackSizeMb: 4 },
    });
    worker.unref();
    let markReady: () => void = () => undefined;
    const slot: Slot = { worker, ready: new Promise<void>((resolve) => { markReady = resolve; }), busy: undefined, watchdog: undefined, started: 0 };
    worker.on('message', (message: { ready?: boolean } & Partial<WorkerAnswer>) => {
      if (message.ready === true) { markReady(); return; }
      this.answer(slot, message as WorkerAnswer);
    });
    worker.on('error', () => this.replace(slot, 'The function could not run.'));
    worker.on('exit', () => this.replace(slot, 'The function could not run.'));
    return slot;
  }

  private pump(): void {
    if (this.closed) return;
    while (this.queue.length > 0) {
      let slot = this.slots.find((candidate) => candidate.busy === undefined);
      if (slot === undefined && this.slots.length < this.limits.workers) {
        slot = this.spawn();
        this.slots.push(slot);
      }
      if (slot === undefined) return;
      this.dispatch(slot, this.takeNext());
    }
  }

  /**
   * Fair turns between applications: the oldest call of the application served least, so one
   * application's flood waits behind itself, never in front of another application's call.
   */
  private takeNext(): Pending {
    let best = 0;
    for (let i = 1; i < this.queue.length; i++) {
      if (this.servedOf((this.queue[i] as Pending).job.appId) < this.servedOf((this.queue[best] as Pending).job.appId)) best = i;
    }
    const next = this.queue.splice(best, 1)[0] as Pending;
    this.served.set(next.job.appId, this.servedOf(next.job.appId) + 1);
    return next;
  }

  private servedOf(appId: number): number {
    return this.served.get(appId) ?? 0;
  }

  /** An application that starts queueing joins at the turn of those waiting: no credit from idle time. */
  private joinTurns(appId: number): void {
    if (this.queue.some((pending) => pending.job.appId === appId)) return;
    const waiting = this.queue.map((pending) => this.servedOf(pending.job.appId));
    const floor = waiting.length === 0 ? 0 : Math.min(...waiting);
    this.served.set(appId, Math.max(this.servedOf(appId), floor));
    if (this.served.size > 10_000) this.served.clear();
  }

  private dispatch(slot: Slot, pending: Pending): void {
    slot.busy = pending;
    const { job, limits, input } = pending;
    void slot.ready.then(() => {
      if (slot.busy !== pending) return;
      slot.started = performance.now();
      slot.watchdog = setTimeout(() => {
        this.restarts += 1;
        this.replace(slot, 'The function ran out of time.', performance.now() - slot.started);
      }, limits.timeoutMs + graceMs);
      slot.worker.postMessage({
        id: pending.id, code: job.code, paramNames: job.paramNames, input,
        memoryBytes: limits.memoryBytes, stackBytes: this.limits.stackBytes,
        timeoutMs: limits.timeoutMs, outputBytes: limits.outputBytes,
      });
    });
  }

  private answer(slot: Slot, answer: WorkerAnswer): void {
    const pending = slot.busy;
    if (pending === undefined || pending.id !== answer.id) return;
    if (slot.watchdog !== undefined) clearTimeout(slot.watchdog);
    slot.watchdog = undefined;
    slot.busy = undefined;
    const timing = { ms: answer.ms, memoryBytes: answer.memoryBytes };
    if (answer.ok) {
      let value: unknown;
      try {
        value = JSON.parse(answer.json ?? 'null');
      } catch {
        value = null;
      }
      pending.resolve({ ok: true, value, ...timing });
    } else {
      pending.resolve({ ok: false, error: answer.error ?? 'The function failed.', line: answer.line ?? null, ...timing });
    }
    if (answer.fatal === true || answer.heapBytes > recycleHeapBytes) {
      this.restarts += answer.fatal === true ? 1 : 0;
      this.replace(slot, 'The function could not run.');
    } else {
      this.pump();
    }
  }

  /** Ends a worker (stuck, trapped or grown) and puts a fresh one in its place. */
  private replace(slot: Slot, message: string, ms = 0): void {
    const index = this.slots.indexOf(slot);
    if (index < 0) return;
    this.slots.splice(index, 1);
    if (slot.watchdog !== undefined) clearTimeout(slot.watchdog);
    const pending = slot.busy;
    slot.busy = undefined;
    pending?.resolve({ ...failure(message), ms });
    slot.worker.removeAllListeners('exit');
    slot.worker.on('error', () => undefined);
    void slot.worker.terminate();
    this.pump();
  }
}

function failure(error: string): SandboxResult {
  return { ok: false, error, line: null, ms: 0, memoryBytes: null };
}
