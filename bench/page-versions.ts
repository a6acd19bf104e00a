// Measures what keeping page versions (issue 17) adds to a save of a page of 200 components:
// the save as it was before versions (find the page, validate its components, write them) is
// the baseline; then the same save through savePages, which also keeps a version in the same
// transaction, folded into the author's latest one (autosaves minutes apart) or each its own
// (RAKIT_PAGE_VERSION_FOLD_SECONDS=0, pruned to 100 per page). Each save changes every
// component's title, the worst case of the summary's difference.
// Run with `npm run bench:page-versions -w @rakit/bench`; DATABASE_URL measures another store.
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createComponent, parsePageComponents } from '@rakit/core';
import { findPage, insertApp, migrateToLatest, openStore, savePages, updatePage } from '@rakit/server/bench-kit';
import { latencyLine, ratioLine, sampleLatencies } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const COMPONENTS = Number(process.env.BENCH_COMPONENTS ?? 200);
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-versions-'));
const store = openStore(process.env.DATABASE_URL, dataDir);
try {
  await migrateToLatest(store);
  const appId = await insertApp(store, { appName: `Bench ${Date.now()}`, appDescription: '', appSlug: `bench-${Date.now()}`, appOpenRegistration: false });
  const policy = (foldSeconds: number) => ({ authorId: 'bench', policy: { foldSeconds, keep: 100, days: 365 } });
  const created = await store.transaction().execute((trx) => savePages(trx, appId, [{ pageId: null, pageName: 'Bench' }], policy(300)));
  const { pageId } = created[0] as { pageId: number };
  const states = [0, 1].map((n) => JSON.stringify(Array.from({ length: COMPONENTS }, (_, i) => createComponent(i % 2 === 0 ? 'text' : 'input', `c${i}`, `Field ${i} ${n}`))));
  let turn = 0;
  const next = () => states[turn++ % 2] as string;

  const before = await sampleLatencies(() => store.transaction().execute(async (trx) => {
    await findPage(trx, pageId);
    const parsed = parsePageComponents(next());
    if (!parsed.ok) throw new Error(parsed.error);
    await updatePage(trx, pageId, { pageComponents: JSON.stringify(parsed.components) });
  }), ROUNDS, 20);
  const folded = await sampleLatencies(() => store.transaction().execute((trx) => savePages(trx, appId, [{ pageId, pageComponents: next() }], policy(300))), ROUNDS, 20);
  const each = await sampleLatencies(() => store.transaction().execute((trx) => savePages(trx, appId, [{ pageId, pageComponents: next() }], policy(0))), ROUNDS, 20);

  console.log(`A save of a page of ${COMPONENTS} components on ${process.env.DATABASE_URL === undefined ? 'SQLite' : 'DATABASE_URL'}, ${ROUNDS} rounds`);
  console.log(latencyLine('before versions (baseline)', before));
  console.log(latencyLine('with a version, folded', folded));
  console.log(latencyLine('with a version of its own', each));
  console.log(ratioLine('folded / baseline', folded, before));
  console.log(ratioLine('own version / baseline', each, before));
} finally {
  await store.destroy();
  rmSync(dataDir, { recursive: true, force: true });
}
