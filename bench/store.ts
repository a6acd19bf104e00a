// The embedded metadata store's reads and writes (issue 44): what the SQLite binding under Kysely
// costs the server's own queries. Opens a fresh store (openStore, as the server does: WAL, the
// statement cache, BEGIN IMMEDIATE transactions), seeds it with the demo, then times, in
// alternating blocks:
//   read one     a user by key (sign-in, every token check when the read cache is cold)
//   read page    a page with its components' JSON (~10 KB), by key
//   read many    the latest 100 audit entries (the Audit log screen)
//   write one    an audit entry inserted (autocommit)
//   transaction  a page updated and its version inserted in one transaction (a page save)
// and prints p50/p95 of each.
//
// BENCH_COMPARE_WITH=<checkout>:<node>: the same figures from another checkout on another Node
// (e.g. the commit before the change, on the system's Node 20), run as child processes taking
// turns with this one in one run, and the ratio of each p50 (this / that).
//
// Run: npm run bench:store -w @rakit/bench   (BENCH_ROUNDS, default 3000 per figure and run)
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { migrateToLatest, openStore, seed, seedDemo } from '@rakit/server/bench-kit';
import { percentile, sampleLatencies } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3000);
const FIGURES = ['read one', 'read page', 'read many', 'write one', 'transaction'] as const;
type Figure = typeof FIGURES[number];
type Samples = Record<Figure, number[]>;

async function measure(): Promise<Samples> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-store-'));
  const store = openStore(undefined, dataDir);
  try {
    await migrateToLatest(store);
    await seed(store, 'bench-password');
    await seedDemo(store, { dataDir, password: 'bench-password' });
    const page = await store.selectFrom('pages').selectAll().orderBy('pageId', 'desc').executeTakeFirstOrThrow();
    // A page of a real size: the demo's largest, its components repeated to ~10 KB.
    const components = JSON.stringify(Array.from({ length: Math.max(1, Math.ceil(10_000 / page.pageComponents.length)) }, () => JSON.parse(page.pageComponents) as unknown).flat());
    await store.updateTable('pages').set({ pageComponents: components }).where('pageId', '=', page.pageId).execute();
    const entry = (i: number) => ({
      at: new Date().toISOString(), actorId: 'demo-admin', appId: page.pageAppId, action: 'editRow', entityType: 'row',
      entityId: String(i), summary: 'Row edited', details: JSON.stringify({ before: { name: 'Item' }, after: { name: `Item ${i}` } }), sourceAddress: '127.0.0.1',
    });
    for (let i = 0; i < 500; i++) await store.insertInto('auditLog').values(entry(i)).execute();
    let n = 0;
    const work: Record<Figure, () => Promise<unknown>> = {
      'read one': () => store.selectFrom('users').selectAll().where('userId', '=', 'demo-user').executeTakeFirst(),
      'read page': () => store.selectFrom('pages').selectAll().where('pageId', '=', page.pageId).executeTakeFirst(),
      'read many': () => store.selectFrom('auditLog').selectAll().orderBy('auditId', 'desc').limit(100).execute(),
      'write one': () => store.insertInto('auditLog').values(entry(n++)).execute(),
      transaction: () => store.transaction().execute(async (trx) => {
        const updatedAt = new Date().toISOString();
        await trx.updateTable('pages').set({ updatedAt }).where('pageId', '=', page.pageId).execute();
        await trx.insertInto('pageVersions').values({
          pageId: page.pageId, appId: page.pageAppId, pageName: page.pageName, pageSlug: page.pageSlug, components,
          summary: 'bench', kind: 'save', versionName: null, authorId: 'demo-admin', createdAt: updatedAt, savedAt: updatedAt, menuIds: null,
        }).execute();
      }),
    };
    const samples = Object.fromEntries(FIGURES.map((f) => [f, [] as number[]])) as Samples;
    // Blocks taking turns, so that the machine's swings hit every figure alike.
    const BLOCKS = 10;
    for (let block = 0; block < BLOCKS; block++) {
      for (const figure of FIGURES) samples[figure].push(...await sampleLatencies(work[figure], Math.ceil(ROUNDS / BLOCKS), block === 0 ? 200 : 20));
    }
    for (const figure of FIGURES) samples[figure].sort((a, b) => a - b);
    return samples;
  } finally {
    await store.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const summary = (samples: Samples) => Object.fromEntries(FIGURES.map((f) => [f, { p50: percentile(samples[f], 0.5), p95: percentile(samples[f], 0.95) }])) as Record<Figure, { p50: number; p95: number }>;
type Summary = ReturnType<typeof summary>;

const print = (label: string, figures: Summary) => {
  console.log(label);
  for (const f of FIGURES) console.log(`  ${f.padEnd(12)} p50 ${figures[f].p50.toFixed(4)} ms   p95 ${figures[f].p95.toFixed(4)} ms`);
};

if (process.env.BENCH_STORE_CHILD === '1') {
  // A child of a comparison: its figures as one JSON line.
  console.log(JSON.stringify({ node: process.version, figures: summary(await measure()) }));
} else if (process.env.BENCH_COMPARE_WITH === undefined) {
  print(`store on Node ${process.version}, ${ROUNDS} samples per figure`, summary(await measure()));
} else {
  const [otherCheckout, otherNode] = process.env.BENCH_COMPARE_WITH.split(':') as [string, string];
  const self = fileURLToPath(import.meta.url);
  // The other checkout runs this very file against its own server code.
  const otherCopy = path.join(otherCheckout, 'bench', 'store-compare-copy.ts');
  copyFileSync(self, otherCopy);
  const run = (node: string, file: string): { node: string; figures: Summary } => JSON.parse(execFileSync(node, ['--import', 'tsx', file], {
    cwd: path.dirname(file), env: { ...process.env, BENCH_STORE_CHILD: '1', BENCH_COMPARE_WITH: undefined }, encoding: 'utf8', maxBuffer: 1 << 24,
  }).trim().split('\n').at(-1) as string) as { node: string; figures: Summary };
  const PAIRS = Number(process.env.BENCH_PAIRS ?? 3);
  const mine: Summary[] = [];
  const theirs: Summary[] = [];
  let nodes = { mine: '', theirs: '' };
  try {
    for (let pair = 0; pair < PAIRS; pair++) {
      const a = run(otherNode, otherCopy);
      const b = run(process.execPath, self);
      theirs.push(a.figures);
      mine.push(b.figures);
      nodes = { mine: b.node, theirs: a.node };
    }
  } finally {
    rmSync(otherCopy, { force: true });
  }
  const median = (values: number[]) => values.sort((x, y) => x - y)[Math.floor(values.length / 2)] as number;
  console.log(`store, ${PAIRS} alternated pairs of runs, ${ROUNDS} samples per figure and run; median of the runs' p50 (ms)`);
  console.log(`  ${'figure'.padEnd(12)} ${`before (${otherCheckout}, Node ${nodes.theirs})`.padEnd(44)} after (Node ${nodes.mine})   after / before`);
  for (const f of FIGURES) {
    const before = median(theirs.map((s) => s[f].p50));
    const after = median(mine.map((s) => s[f].p50));
    console.log(`  ${f.padEnd(12)} ${before.toFixed(4).padEnd(44)} ${after.toFixed(4).padEnd(22)} ${(after / before).toFixed(2)}`);
  }
}
