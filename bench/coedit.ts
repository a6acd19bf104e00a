// Live co-editing (issue 33): 2, 10 and 50 simulated builders on one 200-component page, each
// making an edit a second through the real socket (/collab) of a Rakit process of its own.
// Prints, per count: p50/p99 from one builder's change to each other builder's view, the
// server's CPU share, and the page stores a minute; then the memory one open 200-component
// document costs. Ratios are against the targets on this machine: p50 ≤ 50 ms and
// p99 ≤ 250 ms at 10 builders, ≤ 5 MB per open document. Kept out of `npm test`.
//   npm run bench:coedit -w @rakit/bench   (BENCH_COEDIT_SECONDS per count, default 20; BENCH_COEDIT_COUNTS, default 2,10,50)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { HocuspocusProvider } from '@hocuspocus/provider';
import { type Component, createComponent, type WidgetType } from '@rakit/core';
import { componentsMapOf, docOfComponents } from '@rakit/core/page-ydoc';
import * as Y from 'yjs';
import { cpuTimeMs, jsonClient, startServerProcess } from './server-process';
import { percentile } from './stats';

const PASSWORD = 'bench-coedit-password';
const COMPONENTS = 200;
const SECONDS = Number(process.env.BENCH_COEDIT_SECONDS ?? 20);
const COUNTS = (process.env.BENCH_COEDIT_COUNTS ?? '2,10,50').split(',').map(Number);
const TARGET = { p50: 50, p99: 250, megabytes: 5 };
const TYPES: WidgetType[] = ['input', 'textarea', 'dropdown', 'text', 'button', 'table', 'chart', 'alert'];

const pageOf = (n: number): Component[] => Array.from({ length: n }, (_, i) => createComponent(TYPES[i % TYPES.length]!, `c${i}`, `Component ${i}`));

const OPENED_DOCUMENTS = 30;
const rssKb = (pid: number): number => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);

const until = async (check: () => boolean, ms: number, what: string) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
};

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-coedit-'));
const server = await startServerProcess(dataDir, PASSWORD);
const api = jsonClient(server.base);
const socket = `${server.base.replace('http', 'ws')}/collab`;

try {
  const token = (await api('POST', '/auth/login', { userId: 'admin', password: PASSWORD, appSlug: '_root' })).data as unknown as { token: string }[];
  const admin = token[0]!.token;
  const { appId } = (await api('POST', '/save/saveApp', { appId: null, appName: `Bench ${Date.now()}`, appDescription: '' }, admin)).data as { appId: number };

  const newPage = async () => {
    const { pages } = (await api('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: `Bareng ${Date.now()}` }] }, admin)).data as { pages: { pageId: number }[] };
    const pageId = pages[0]!.pageId;
    await api('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(pageOf(COMPONENTS)) }] }, admin);
    return pageId;
  };
  const revisionOf = async (pageId: number) => ((await api('GET', `/get/getPage/${pageId}`, undefined, admin)).data as { revision: number }[])[0]!.revision;

  // Memory first, on a fresh process: the server's resident size before and after one builder
  // opens thirty documents (enough that what loading leaves behind once, pools and compiled
  // code, weighs little per document).
  const open = (pageId: number) => {
    const state = { synced: false };
    const provider = new HocuspocusProvider({ url: socket, name: `page/${pageId}`, document: new Y.Doc(), token: admin, onSynced: () => { state.synced = true; } });
    return { provider, state };
  };
  // One document opened first: the code the others run is then loaded and compiled.
  const warm = open(await newPage());
  await until(() => warm.state.synced, 30_000, 'the first document to open');
  const pages = await Promise.all(Array.from({ length: OPENED_DOCUMENTS }, () => newPage()));
  const rssBefore = rssKb(server.pid);
  const openers = pages.map(open);
  await until(() => openers.every((o) => o.state.synced), 60_000, 'the documents to open');
  const perDocumentMb = (rssKb(server.pid) - rssBefore) / 1024 / pages.length;
  // And the document alone, in this process: its heap once built (as the server holds it).
  const gc = (globalThis as { gc?: () => void }).gc;
  gc?.();
  const heapBefore = process.memoryUsage().heapUsed;
  const docs = Array.from({ length: 10 }, () => docOfComponents(pageOf(COMPONENTS)));
  gc?.();
  const heapPerDocMb = (process.memoryUsage().heapUsed - heapBefore) / 1024 / 1024 / docs.length;
  for (const opener of [warm, ...openers]) opener.provider.destroy();
  console.log(`  memory per open ${COMPONENTS}-component document: server RSS +${perDocumentMb.toFixed(2)} MB (${(perDocumentMb / TARGET.megabytes).toFixed(2)}× target); `
    + `the Y.Doc alone ${heapPerDocMb.toFixed(2)} MB of heap${gc === undefined ? ' (without --expose-gc: rough)' : ''}`);
  console.log(`Live co-editing: ${COMPONENTS}-component page, each builder one edit a second, ${SECONDS} s per count (targets: p50 ≤ ${TARGET.p50} ms, p99 ≤ ${TARGET.p99} ms at 10 builders)`);
  for (const count of COUNTS) {
    const pageId = await newPage();
    const builders = Array.from({ length: count }, (_, index) => {
      const doc = new Y.Doc();
      const state = { synced: false };
      const provider = new HocuspocusProvider({ url: socket, name: `page/${pageId}`, document: doc, token: admin, onSynced: () => { state.synced = true; } });
      return { index, doc, state, provider };
    });
    await until(() => builders.every((b) => b.state.synced), 30_000, `${count} builders to sync`);

    // An edit's title says who made it and when (this process's clock): each other builder's view measures it.
    const sentAt = new Map<string, number>();
    const latencies: number[] = [];
    for (const builder of builders) {
      componentsMapOf(builder.doc).observeDeep((events, transaction) => {
        if (transaction.local) return;
        const now = performance.now();
        for (const event of events) {
          const title = (event.target as Y.Map<unknown>).get('title');
          const sent = typeof title === 'string' ? sentAt.get(title) : undefined;
          if (sent !== undefined) latencies.push(now - sent);
        }
      });
    }
    const revisionBefore = await revisionOf(pageId);
    const cpuBefore = cpuTimeMs(server.pid);
    const started = performance.now();
    let sequence = 0;
    const timers = builders.map((builder) => setTimeout(function edit() {
      const title = `b${builder.index}-${sequence++}`;
      sentAt.set(title, performance.now());
      componentsMapOf(builder.doc).get(`c${(builder.index * 7 + sequence) % COMPONENTS}`)?.set('title', title);
      timers[builder.index] = setTimeout(edit, 1000);
    }, (builder.index * 1000) / count));
    await new Promise((resolve) => setTimeout(resolve, SECONDS * 1000));
    for (const timer of timers) clearTimeout(timer);
    const wall = performance.now() - started;
    const cpu = cpuTimeMs(server.pid) - cpuBefore;
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const stores = (await revisionOf(pageId)) - revisionBefore;
    for (const builder of builders) builder.provider.destroy();
    latencies.sort((a, b) => a - b);
    const p50 = percentile(latencies, 0.5);
    const p99 = percentile(latencies, 0.99);
    console.log(`  ${String(count).padStart(2)} builders: ${sequence} edits, ${latencies.length} views; change → others' view p50 ${p50.toFixed(1)} ms (${(p50 / TARGET.p50).toFixed(2)}× target), `
      + `p99 ${p99.toFixed(1)} ms (${(p99 / TARGET.p99).toFixed(2)}× target); server CPU ${((cpu / wall) * 100).toFixed(1)}% of one core; ${((stores * 60_000) / wall).toFixed(1)} page stores a minute`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }

} finally {
  await server.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
