import { spawn } from 'node:child_process';
import { accessSync, constants } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';

/**
 * Office documents to PDF with LibreOffice headless (ARCHITECTURE §1 src/documents). Each
 * conversion runs `soffice --convert-to pdf` in its own temporary folder with its own user
 * profile (LibreOffice refuses to share one between processes), under a time limit, and at
 * most a few at a time; the folder is removed whatever happens.
 */

/** soffice is not installed (or not where RAKIT_SOFFICE says). */
/** Whether `command` (a path, or a name looked up in PATH) names an executable file. */
export function commandExists(command: string, pathVariable = process.env.PATH ?? ''): boolean {
  const candidates = command.includes(path.sep) ? [command] : pathVariable.split(path.delimiter).filter(Boolean).map((dir) => path.join(dir, command));
  return candidates.some((candidate) => {
    try {
      accessSync(candidate, constants.X_OK);
      return true;
    } catch {
      return false;
    }
  });
}

export class ConverterMissingError extends Error {
  constructor(command: string) {
    super(`LibreOffice was not found (${command})`);
    this.name = 'ConverterMissingError';
  }
}

/** The conversion failed or took too long; the message is for the log. */
export class ConversionError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ConversionError';
  }
}

/** Too many conversions are waiting already. */
export class ConverterBusyError extends Error {
  constructor() {
    super('Too many conversions are waiting');
    this.name = 'ConverterBusyError';
  }
}

export interface ConverterOptions {
  /** The soffice command: a name looked up in PATH or a path. */
  command: string;
  /** Conversions run at the same time. */
  concurrency: number;
  /** Conversions allowed to wait for a free slot; more are refused (ConverterBusyError). */
  maxQueue: number;
  timeoutMs: number;
  /** Run soffice without network where possible (default true). */
  isolate?: boolean;
  /** Where to say that isolation is not available. */
  warn?: (message: string) => void;
}

export const DEFAULT_CONVERTER_OPTIONS: ConverterOptions = { command: 'soffice', concurrency: 2, maxQueue: 20, timeoutMs: 60_000 };

/**
 * What soffice sees of the server's environment: enough to run, none of its secrets
 * (RAKIT_SECRET, DATABASE_URL…). HOME is the conversion's own folder.
 */
function conversionEnv(home: string): NodeJS.ProcessEnv {
  return { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: home, LANG: process.env.LANG ?? 'C.UTF-8', TMPDIR: home };
}

/**
 * The prefix that runs soffice without any network (a new user and network namespace), so a
 * template can make it fetch nothing, whatever it links to: `unshare -rn` where the system
 * allows it (probed once), else nothing, said once through `warn`.
 */
let isolation: Promise<string[]> | undefined;
export function networkIsolation(warn: (message: string) => void = console.warn): Promise<string[]> {
  isolation ??= new Promise((resolve) => {
    const probe = spawn('unshare', ['-rn', 'true'], { stdio: 'ignore' });
    const timer = setTimeout(() => probe.kill('SIGKILL'), 5_000);
    const settle = (works: boolean) => {
      clearTimeout(timer);
      if (!works) warn('Printing: soffice runs with network access (unshare -rn is not available here); templates are still checked for outside links');
      resolve(works ? ['unshare', '-rn'] : []);
    };
    probe.on('error', () => settle(false));
    probe.on('close', (code) => settle(code === 0));
  });
  return isolation;
}

/** Runs the command; resolves on exit 0, rejects with its error output otherwise (the process group is killed on timeout). */
function run(command: string, args: readonly string[], timeoutMs: number, env: NodeJS.ProcessEnv, prefix: readonly string[] = []): Promise<void> {
  return new Promise((resolve, reject) => {
    const [program, ...programArgs] = [...prefix, command, ...args] as [string, ...string[]];
    const child = spawn(program, programArgs, { stdio: ['ignore', 'ignore', 'pipe'], detached: true, env });
    let stderr = '';
    let timedOut = false;
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4000) stderr += chunk.toString();
    });
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        // soffice starts a child of its own: end the whole group.
        if (child.pid !== undefined) process.kill(-child.pid, 'SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    }, timeoutMs);
    child.on('error', (error: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(error.code === 'ENOENT' ? new ConverterMissingError(command) : error);
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      // Behind `unshare`, a missing soffice is unshare failing to run it (it says so, exit 127 or 126).
      if (prefix.length > 0 && (code === 127 || code === 126) && stderr.startsWith(`${prefix[0] ?? ''}: failed to execute`)) {
        reject(new ConverterMissingError(command));
        return;
      }
      if (timedOut) reject(new ConversionError(`soffice took longer than ${timeoutMs} ms`));
      else if (code === 0) resolve();
      else reject(new ConversionError(`soffice exited with ${String(code)}: ${stderr.trim()}`));
    });
  });
}

/** A converter with its own queue: one per server. */
export class PdfConverter {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(private readonly options: ConverterOptions = DEFAULT_CONVERTER_OPTIONS) {}

  private async acquire(): Promise<void> {
    if (this.running < this.options.concurrency) {
      this.running++;
      return;
    }
    if (this.waiting.length >= this.options.maxQueue) throw new ConverterBusyError();
    // The slot is handed over by release(), so `running` stays counted.
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private release(): void {
    const next = this.waiting.shift();
    if (next === undefined) this.running--;
    else next();
  }

  /**
   * `content` (a file with extension `extension`, e.g. 'docx') as PDF bytes. A function is
   * called once a slot is free, so the work of making the file (filling a template) also
   * waits its turn instead of running for every request at once.
   */
  async toPdf(content: Buffer | (() => Buffer), extension: string): Promise<Buffer> {
    await this.acquire();
    const folder = await mkdtemp(path.join(os.tmpdir(), 'rakit-pdf-')).catch((error: unknown) => {
      this.release();
      throw error;
    });
    try {
      const input = path.join(folder, `document.${extension}`);
      const outDir = path.join(folder, 'out');
      await writeFile(input, typeof content === 'function' ? content() : content);
      await run(this.options.command, [
        `-env:UserInstallation=${pathToFileURL(path.join(folder, 'profile')).href}`,
        '--headless', '--norestore', '--nolockcheck', '--nodefault', '--nofirststartwizard',
        '--convert-to', 'pdf', '--outdir', outDir, input,
      ], this.options.timeoutMs, conversionEnv(folder), this.options.isolate === false ? [] : await networkIsolation(this.options.warn));
      const pdf = await readFile(path.join(outDir, 'document.pdf')).catch(() => {
        throw new ConversionError('soffice wrote no PDF');
      });
      if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new ConversionError('soffice wrote something other than a PDF');
      return pdf;
    } finally {
      await rm(folder, { recursive: true, force: true });
      this.release();
    }
  }
}
