import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkPackBounds, PackTooLarge, PackUnreadable, packOfUploadPackAnswer } from '../src/git/pack-bounds';

const run = promisify(execFile);
const LIMITS = { objectBytes: 64 * 1024 * 1024, totalBytes: 512 * 1024 * 1024 };

/** An object's pack header: its type and its declared size. */
function objectHeader(type: number, size: number): Buffer {
  const bytes = [(type << 4) | (size & 0x0f)];
  let rest = Math.floor(size / 16);
  while (rest > 0) {
    bytes[bytes.length - 1] = (bytes.at(-1) as number) | 0x80;
    bytes.push(rest & 0x7f);
    rest = Math.floor(rest / 128);
  }
  return Buffer.from(bytes);
}

/** A delta's little-endian base-128 size. */
function deltaSize(size: number): Buffer {
  const bytes: number[] = [];
  let rest = size;
  do {
    bytes.push((rest & 0x7f) | (rest >= 128 ? 0x80 : 0));
    rest = Math.floor(rest / 128);
  } while (rest > 0);
  return Buffer.from(bytes);
}

interface PackObject { type: number; content: Buffer; declared?: number }

/** A pack of `objects` (a ref-delta names a base by a made-up id: the bound does not resolve deltas). */
function packOf(objects: PackObject[]): Buffer {
  const header = Buffer.alloc(12);
  header.write('PACK', 0, 'latin1');
  header.writeUInt32BE(2, 4);
  header.writeUInt32BE(objects.length, 8);
  return Buffer.concat([header, ...objects.flatMap(({ type, content, declared }) => [
    objectHeader(type, declared ?? content.length), ...(type === 7 ? [Buffer.alloc(20, 0xab)] : []), deflateSync(content),
  ]), Buffer.alloc(20)]);
}

/** The pack as upload-pack answers it: NAK, then side-band lines (progress on band 2, the pack on band 1 in pieces). */
function sideBandAnswer(pack: Buffer, errorMessage?: string): Buffer {
  const line = (payload: Buffer) => Buffer.concat([Buffer.from((payload.length + 4).toString(16).padStart(4, '0')), payload]);
  const parts = [line(Buffer.from('NAK\n')), line(Buffer.concat([Buffer.from([2]), Buffer.from('Counting objects: 3, done.\n')]))];
  if (errorMessage !== undefined) parts.push(line(Buffer.concat([Buffer.from([3]), Buffer.from(errorMessage)])));
  for (let at = 0; at < pack.length; at += 1000) parts.push(line(Buffer.concat([Buffer.from([1]), pack.subarray(at, at + 1000)])));
  return Buffer.concat([...parts, Buffer.from('0000')]);
}

describe('the bound on what a fetched pack unpacks to (issue 39, a hostile repository)', () => {
  let repository: string;
  let realPack: Buffer;

  beforeAll(async () => {
    // A real history made with git, with deltas: the same long file changed a little in each commit.
    repository = await mkdtemp(path.join(tmpdir(), 'rakit-pack-'));
    const git = (...args: string[]) => run('git', ['-c', 'user.name=t', '-c', 'user.email=t@t', ...args], { cwd: repository, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
    await git('init', '-q');
    const lines = Array.from({ length: 2000 }, (_, i) => `line ${i} of the page's components`);
    for (let commit = 0; commit < 4; commit++) {
      lines[commit * 10] = `changed in commit ${commit}`;
      await writeFile(path.join(repository, 'page.json'), lines.join('\n'));
      await git('add', '-A');
      await git('commit', '-q', '-m', `commit ${commit}`);
    }
    const packed = run('git', ['pack-objects', '--stdout', '--revs', '--delta-base-offset'], { cwd: repository, encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 });
    packed.child.stdin?.end('HEAD\n');
    realPack = (await packed).stdout;
  });
  afterAll(async () => {
    await rm(repository, { recursive: true, force: true });
  });

  it('reads a real pack of git\'s, deltas and all, as upload-pack sends it in side-band', () => {
    // At least one object is stored as a delta (type 6) in git's pack of four versions of one file.
    expect(packOfUploadPackAnswer(sideBandAnswer(realPack))?.equals(realPack)).toBe(true);
    expect(() => checkPackBounds(realPack, LIMITS)).not.toThrow();
    // The same pack under a total lower than its objects: refused.
    expect(() => checkPackBounds(realPack, { objectBytes: LIMITS.objectBytes, totalBytes: 100_000 })).toThrow(PackTooLarge);
  });

  it('refuses an object declared larger than a file may be, before inflating it', () => {
    const huge = packOf([{ type: 3, content: Buffer.from('small'), declared: 70 * 1024 * 1024 }]);
    expect(() => checkPackBounds(huge, LIMITS)).toThrow(PackTooLarge);
  });

  it('stops a zip bomb whose header lies about its size at the size it declared', () => {
    // 10 bytes declared, 200 MB of zeros inside (about 200 KB compressed).
    const bomb = packOf([{ type: 3, content: Buffer.alloc(200 * 1024 * 1024), declared: 10 }]);
    expect(bomb.length).toBeLessThan(300 * 1024);
    expect(() => checkPackBounds(bomb, LIMITS)).toThrow(PackUnreadable);
  });

  it('refuses a delta that would build an object larger than a file may be', () => {
    const instructions = Buffer.concat([deltaSize(5), deltaSize(2 ** 40), Buffer.from([0x90, 0x10])]);
    expect(() => checkPackBounds(packOf([{ type: 3, content: Buffer.from('base!') }, { type: 7, content: instructions }]), LIMITS)).toThrow(PackTooLarge);
    const fine = Buffer.concat([deltaSize(5), deltaSize(5), Buffer.from([0x90, 0x05])]);
    expect(() => checkPackBounds(packOf([{ type: 3, content: Buffer.from('base!') }, { type: 7, content: fine }]), LIMITS)).not.toThrow();
  });

  it('refuses many objects each within bounds that together are not', () => {
    const blobs = Array.from({ length: 3 }, (_, i) => ({ type: 3, content: Buffer.alloc(1000, i) }));
    expect(() => checkPackBounds(packOf(blobs), { objectBytes: 1000, totalBytes: 2500 })).toThrow(PackTooLarge);
    expect(() => checkPackBounds(packOf(blobs), { objectBytes: 1000, totalBytes: 3000 })).not.toThrow();
  });

  it('refuses what is not a pack, and leaves an error the repository sent to be told as it is', () => {
    expect(() => checkPackBounds(Buffer.from('not a pack at all'), LIMITS)).toThrow(PackUnreadable);
    expect(() => checkPackBounds(packOf([{ type: 5, content: Buffer.from('x') }]), LIMITS)).toThrow(PackUnreadable);
    const cut = packOf([{ type: 3, content: Buffer.alloc(5000, 7) }]);
    expect(() => checkPackBounds(cut.subarray(0, 40), LIMITS)).toThrow(PackUnreadable);
    expect(() => packOfUploadPackAnswer(Buffer.from('zzzz'))).toThrow(PackUnreadable);
    expect(packOfUploadPackAnswer(sideBandAnswer(realPack, 'upload-pack: not our ref'))).toBeUndefined();
    // No side-band: the pack follows the negotiation's lines.
    expect(packOfUploadPackAnswer(Buffer.concat([Buffer.from('0008NAK\n'), realPack]))?.equals(realPack)).toBe(true);
  });
});
