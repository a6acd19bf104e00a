import { Worker } from 'node:worker_threads';
import type { PdfTemplateField } from '@rakit/core';

/** Limits of one PDF read: its thread's time, its heap, the pages it opens. */
export interface PdfReadLimits {
  timeoutMs: number;
  heapMb: number;
  maxPages: number;
  /** Patterns search the text of this many first pages. */
  maxTextPages: number;
  /** Reads at once; more wait in line, up to `queue`, past which the server is busy. */
  concurrent: number;
  queue: number;
}

export const DEFAULT_PDF_READ_LIMITS: PdfReadLimits = { timeoutMs: 10_000, heapMb: 192, maxPages: 100, maxTextPages: 20, concurrent: 2, queue: 8 };

/** A PDF that could not be read within the limits; its message is safe to show. */
export class PdfReadError extends Error {
  constructor(message: string, readonly busy = false) {
    super(message);
    this.name = 'PdfReadError';
  }
}

export interface PdfInspection { pages: { width: number; height: number }[]; formFields: string[] }
export interface PdfExtraction { values: Record<string, string>; notes: string[] }

type WorkerAnswer = { ok: false; message: string } | ({ ok: true } & Partial<PdfInspection> & Partial<PdfExtraction>);

const workerFile = new URL('./extract-worker.mjs', import.meta.url);

/**
 * Reads PDFs in worker threads, one fresh thread per PDF (nothing of one PDF outlives its
 * read), each ended when it passes its time and bounded in heap, a few at a time.
 */
export class PdfReader {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly limits: PdfReadLimits = DEFAULT_PDF_READ_LIMITS) {}

  /** The sample's page sizes and AcroForm field names. */
  async inspect(pdf: Buffer): Promise<PdfInspection> {
    const answer = await this.read(pdf, null);
    return { pages: answer.pages ?? [], formFields: answer.formFields ?? [] };
  }

  /** Each field's value ('' when not found) and notes on what was not found. */
  async extract(pdf: Buffer, fields: readonly PdfTemplateField[]): Promise<PdfExtraction> {
    const answer = await this.read(pdf, fields);
    return { values: answer.values ?? {}, notes: answer.notes ?? [] };
  }

  private async read(pdf: Buffer, fields: readonly PdfTemplateField[] | null): Promise<WorkerAnswer & { ok: true }> {
    await this.slot();
    try {
      const answer = await this.inWorker(pdf, fields);
      if (!answer.ok) throw new PdfReadError(answer.message);
      return answer;
    } finally {
      this.running--;
      this.waiting.shift()?.();
    }
  }

  private async slot(): Promise<void> {
    if (this.running < this.limits.concurrent) {
      this.running++;
      return;
    }
    if (this.waiting.length >= this.limits.queue) throw new PdfReadError('The server is reading too many PDFs: try again shortly', true);
    // The finishing read hands its slot over: running stays counted.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private inWorker(pdf: Buffer, fields: readonly PdfTemplateField[] | null): Promise<WorkerAnswer> {
    return new Promise((resolve) => {
      const worker = new Worker(workerFile, {
        workerData: { pdf: new Uint8Array(pdf), fields, maxPages: this.limits.maxPages, maxTextPages: this.limits.maxTextPages },
        resourceLimits: { maxOldGenerationSizeMb: this.limits.heapMb, maxYoungGenerationSizeMb: 32, stackSizeMb: 4 },
        stdout: true,
        stderr: true,
      });
      let settled = false;
      const settle = (answer: WorkerAnswer) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        void worker.terminate();
        resolve(answer);
      };
      const timer = setTimeout(() => settle({ ok: false, message: `Reading the PDF took longer than ${this.limits.timeoutMs / 1000} s` }), this.limits.timeoutMs);
      worker.on('message', (answer: WorkerAnswer) => settle(answer));
      worker.on('error', (error) => settle({
        ok: false,
        message: (error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY' ? 'Reading the PDF needed too much memory' : 'The PDF could not be read',
      }));
      worker.on('exit', () => settle({ ok: false, message: 'The PDF could not be read' }));
    });
  }
}
