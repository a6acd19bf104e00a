import { chmodSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { commandExists, ConversionError, ConverterBusyError, ConverterMissingError, PdfConverter } from '../src/documents/pdf-convert';

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
