// Files in the metadata store (issue 20): the time to store and to stream back one large file
// (BENCH_FILE_MB, default 64) through the store-backed FileStorage on SQLite, MariaDB
// (127.0.0.1:3306, root) and PostgreSQL (127.0.0.1:5432, postgres), each on a fresh database,
// and the most memory the process gained while streaming it back (sampled at every chunk), next
// to the baseline: the same bytes written to and streamed from a local file, as a data folder
// kept them. Prints MB/s and the memory peak of each; the store's ratio to the file. The peak is
// RSS over the start, garbage not yet collected included: run it with a larger BENCH_FILE_MB to
// see that it does not grow with the file.
// Run: npm run bench:files -w @rakit/bench   (BENCH_ENGINES=sqlite,mysql,postgres)
import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { CHUNK_BYTES, createMysqlPool, migrateToLatest, openStore, PostgresPool, StoreFileStorage } from '@rakit/server/bench-kit';

const MB = Number(process.env.BENCH_FILE_MB ?? 64);
const ENGINES = (process.env.BENCH_ENGINES ?? 'sqlite,mysql,postgres').split(',');
const SIZE = MB * 1024 * 1024;
const NAME = `rakit_bench_files_${Date.now().toString(36)}`;

/** The file's bytes, generated a block at a time as they are read: the source holds no copy. */
function source(): Readable {
  const block = randomBytes(1024 * 1024);
  let sent = 0;
  return new Readable({
    read() {
      if (sent >= SIZE) { this.push(null); return; }
      const piece = block.subarray(0, Math.min(block.length, SIZE - sent));
      sent += piece.length;
      this.push(piece);
    },
  });
}

const memory = () => { const m = process.memoryUsage(); return m.rss; };

/** Reads a stream to its end; answers its bytes and the most RSS it added over `before`. */
async function drain(stream: Readable): Promise<{ bytes: number; peakMb: number }> {
  (globalThis as { gc?: () => void }).gc?.();
  const before = memory();
  let peak = 0;
  let bytes = 0;
  for await (const piece of stream) {
    bytes += (piece as Buffer).length;
    peak = Math.max(peak, memory() - before);
  }
  return { bytes, peakMb: peak / 1024 / 1024 };
}

const rate = (ms: number) => (MB / (ms / 1000)).toFixed(1);
const line = (label: string, putMs: number, getMs: number, peakMb: number) =>
  `${label.padEnd(22)} store ${rate(putMs).padStart(6)} MB/s   read back ${rate(getMs).padStart(6)} MB/s   memory peak while reading +${peakMb.toFixed(1)} MB`;

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-files-'));
console.log(`files in the store: one ${MB} MB file, chunks of ${CHUNK_BYTES / 1024} KiB (load: ${os.loadavg().map((l) => l.toFixed(2)).join(' ')})`);

// Baseline: a data folder's file.
const file = path.join(dataDir, 'baseline.bin');
let start = performance.now();
await pipeline(source(), createWriteStream(file));
const filePut = performance.now() - start;
start = performance.now();
const fileRead = await drain(createReadStream(file, { highWaterMark: CHUNK_BYTES }));
const fileGet = performance.now() - start;
console.log(line('local file (baseline)', filePut, fileGet, fileRead.peakMb));

for (const engine of ENGINES) {
  let url: string | undefined;
  let drop = async () => undefined as unknown;
  if (engine === 'mysql') {
    const admin = createMysqlPool({ uri: 'mysql://root@127.0.0.1:3306' });
    await admin.query(`CREATE DATABASE ${NAME}`);
    url = `mysql://root@127.0.0.1:3306/${NAME}`;
    drop = async () => { await admin.query(`DROP DATABASE ${NAME}`); await admin.end(); };
  } else if (engine === 'postgres') {
    const admin = new PostgresPool({ connectionString: 'postgres://postgres@127.0.0.1:5432/postgres' });
    await admin.query(`CREATE DATABASE ${NAME}`);
    url = `postgres://postgres@127.0.0.1:5432/${NAME}`;
    drop = async () => { await admin.query(`DROP DATABASE ${NAME} WITH (FORCE)`); await admin.end(); };
  }
  const store = openStore(url, dataDir);
  try {
    await migrateToLatest(store);
    const storage = new StoreFileStorage(store);
    start = performance.now();
    const stored = await storage.put(source(), { appId: 1, kind: 'upload', name: 'bench.bin', contentType: 'application/octet-stream' });
    const putMs = performance.now() - start;
    start = performance.now();
    const found = await storage.get(1, stored.id);
    if (found === undefined) throw new Error('the file is not there');
    const read = await drain(found.content);
    const getMs = performance.now() - start;
    if (read.bytes !== SIZE) throw new Error(`read ${read.bytes} bytes of ${SIZE}`);
    console.log(line(engine, putMs, getMs, read.peakMb));
    console.log(`${''.padEnd(22)} ratio to the file: store ×${(putMs / filePut).toFixed(1)}, read back ×${(getMs / fileGet).toFixed(1)}`);
  } finally {
    await store.destroy();
    await drop();
  }
}
rmSync(dataDir, { recursive: true, force: true });
