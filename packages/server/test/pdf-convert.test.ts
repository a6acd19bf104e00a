import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer } from 'node:net';
import { commandExists, ConversionError, ConverterBusyError, ConverterMissingError, networkIsolation, PdfConverter } from '../src/documents/pdf-convert';

/**
 * The converter's own rules, with stand-in commands for soffice (a real PDF conversion is
 * tested in print.test.ts): a time limit, a queue limit, a missing command, and temporary
 * folders removed whatever happens.
 */
describe('the PDF converter', () => {
  let folder: string;
  let previousTmp: string | undefined;
  const script = (name: string, body: string) => {
    const file = path.join(folder, name);
    writeFileSync(file, `#!/bin/sh\n${body}\n`);
    chmodSync(file, 0o755);
    return file;
  };
  const leftovers = () => readdirSync(folder).filter((name) => name.startsWith('rakit-pdf-'));

  beforeAll(() => {
    folder = mkdtempSync(path.join(os.tmpdir(), 'rakit-convert-test-'));
    previousTmp = process.env.TMPDIR;
    process.env.TMPDIR = folder;
  });
  afterAll(() => {
    if (previousTmp === undefined) delete process.env.TMPDIR;
    else process.env.TMPDIR = previousTmp;
    rmSync(folder, { recursive: true, force: true });
  });

  it('stops a conversion that takes too long and removes its folder', async () => {
    const converter = new PdfConverter({ command: script('slow.sh', 'sleep 20'), concurrency: 1, maxQueue: 1, timeoutMs: 300 });
    const started = Date.now();
    await expect(converter.toPdf(Buffer.from('x'), 'docx')).rejects.toThrow(ConversionError);
    expect(Date.now() - started).toBeLessThan(5000);
    expect(leftovers()).toEqual([]);
  });

  it('refuses a conversion when too many are waiting, and runs the queued ones in turn', async () => {
    // Writes a PDF-looking file where soffice would: out/document.pdf beside the input (the last argument).
    const fake = script('fake.sh', 'for last; do :; done\noutdir=$(dirname "$last")/out\nmkdir -p "$outdir"\nsleep 0.3\nprintf "%%PDF-1.4 fake" > "$outdir/document.pdf"');
    const converter = new PdfConverter({ command: fake, concurrency: 1, maxQueue: 1, timeoutMs: 10_000 });
    const first = converter.toPdf(Buffer.from('a'), 'docx');
    const second = converter.toPdf(Buffer.from('b'), 'docx');
    await expect(converter.toPdf(Buffer.from('c'), 'docx')).rejects.toThrow(ConverterBusyError);
    expect((await first).toString()).toBe('%PDF-1.4 fake');
    expect((await second).toString()).toBe('%PDF-1.4 fake');
    expect(leftovers()).toEqual([]);
    expect((await converter.toPdf(Buffer.from('d'), 'docx')).toString()).toBe('%PDF-1.4 fake');
  });

  it('runs soffice without network (where unshare allows it) and without the server\'s environment', async () => {
    let connections = 0;
    const listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', resolve));
    const { port } = listener.address() as { port: number };
    // A stand-in that tries to reach the listener, as a linked picture would make soffice do, and prints what it sees of RAKIT_SECRET.
    const file = path.join(folder, 'reaching.sh');
    writeFileSync(file, `#!/bin/bash\nfor last; do :; done\noutdir=$(dirname "$last")/out\nmkdir -p "$outdir"\n`
      + `(exec 3<>/dev/tcp/127.0.0.1/${port}) 2>/dev/null\nprintf "%%PDF-1.4 secret=%s" "$RAKIT_SECRET" > "$outdir/document.pdf"\n`);
    chmodSync(file, 0o755);
    process.env.RAKIT_SECRET = 'do-not-leak';
    const settle = () => new Promise((resolve) => setTimeout(resolve, 100));
    try {
      const options = { command: file, concurrency: 1, maxQueue: 1, timeoutMs: 10_000 };
      const isolated = (await networkIsolation()).length > 0;
      if (process.env.CI === 'true') expect(isolated).toBe(true);
      expect((await new PdfConverter(options).toPdf(Buffer.from('x'), 'docx')).toString()).toBe('%PDF-1.4 secret=');
      await settle();
      expect(connections).toBe(isolated ? 0 : 1);
      // The same stand-in does reach the listener when isolation is off: the check above can fail.
      await new PdfConverter({ ...options, isolate: false }).toPdf(Buffer.from('x'), 'docx');
      await settle();
      expect(connections).toBe(isolated ? 1 : 2);
    } finally {
      delete process.env.RAKIT_SECRET;
      listener.close();
    }
  });

  it('says when the command is not installed, and when it wrote no PDF', async () => {
    await expect(new PdfConverter({ command: path.join(folder, 'missing-soffice'), concurrency: 1, maxQueue: 1, timeoutMs: 1000 }).toPdf(Buffer.from('x'), 'docx'))
      .rejects.toThrow(ConverterMissingError);
    await expect(new PdfConverter({ command: script('nothing.sh', 'exit 0'), concurrency: 1, maxQueue: 1, timeoutMs: 1000 }).toPdf(Buffer.from('x'), 'docx'))
      .rejects.toThrow('soffice wrote no PDF');
    await expect(new PdfConverter({ command: script('fails.sh', 'echo broken >&2; exit 3'), concurrency: 1, maxQueue: 1, timeoutMs: 1000 }).toPdf(Buffer.from('x'), 'docx'))
      .rejects.toThrow('soffice exited with 3: broken');
    expect(leftovers()).toEqual([]);
  });
});

describe('commandExists', () => {
  it('finds an executable by name in PATH or by path, and nothing else', () => {
    expect(commandExists('node', path.dirname(process.execPath))).toBe(true);
    expect(commandExists(process.execPath)).toBe(true);
    expect(commandExists('node', '/nonexistent-dir')).toBe(false);
    expect(commandExists('/nonexistent-dir/soffice')).toBe(false);
  });
});
