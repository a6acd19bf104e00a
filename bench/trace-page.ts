// Where a page's start-up time goes on the phone profile (issue 42): `npm start` with the seeded
// demo, a member signed in, then the page opened under 4× CPU slowdown and slow 4G with a
// Chromium performance trace recorded; prints each main-thread task over 50 ms with the
// functions that took its time (self time, and the heaviest frames of the app and its libraries).
// For readable names, build the web app unminified first (npx vite build --minify false in packages/web).
// Run: npx tsx trace-page.ts [/demo/staff/products] [demo-user]   (BENCH_TRACE_OUT=<file> keeps the trace)
import { writeFileSync } from 'node:fs';
import { chromium } from 'playwright-core';
import { asSlowPhone, signInToDemo } from './phone-profile';
import { startProduct } from './server-process';

const PASSWORD = 'bench-trace-password';
const pagePath = process.argv[2] ?? '/demo/staff/products';
const user = process.argv[3] ?? 'demo-user';
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** BENCH_TRACE_CPU=1: unthrottled, as Lighthouse records before it simulates a 4× slower CPU (tasks over 12.5 ms then count). */
const CPU_RATE = Number(process.env.BENCH_TRACE_CPU ?? 4);
const LONG_TASK_US = (50 / (4 / CPU_RATE)) * 1000;

interface TraceEvent { name: string; cat: string; ph: string; ts: number; dur?: number; pid: number; tid: number; id?: string; args?: Record<string, unknown> }
interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; parent?: number }

const product = await startProduct(PASSWORD);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
let events: TraceEvent[] = [];
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
  const page = await context.newPage();
  await signInToDemo(page, product.base, user, PASSWORD);
  const cdp = await asSlowPhone(context, page, CPU_RATE);
  cdp.on('Tracing.dataCollected', ({ value }) => { events = events.concat(value as unknown as TraceEvent[]); });
  const done = new Promise<void>((resolve) => cdp.once('Tracing.tracingComplete', () => resolve()));
  await cdp.send('Tracing.start', {
    transferMode: 'ReportEvents',
    traceConfig: { includedCategories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'disabled-by-default-v8.cpu_profiler', 'blink.user_timing', 'loading'] },
  });
  await page.goto(`${product.base}${pagePath}`);
  await page.waitForTimeout(8000);
  await cdp.send('Tracing.end');
  await done;
} finally {
  await browser.close();
  product.stop();
}
if (process.env.BENCH_TRACE_OUT !== undefined) writeFileSync(process.env.BENCH_TRACE_OUT, JSON.stringify({ traceEvents: events }));

// The page's renderer main thread: the one that ran the navigation's document.
const commit = events.find((e) => e.name === 'CommitLoad' || e.name === 'TracingStartedInBrowser');
const mainThread = events.find((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain' && events.some((x) => x.pid === e.pid && x.tid === e.tid && x.name === 'FunctionCall'));
if (mainThread === undefined || commit === undefined) throw new Error('no renderer main thread in the trace');
const onMain = (e: TraceEvent) => e.pid === mainThread.pid && e.tid === mainThread.tid;

// The sampled profile of that thread: nodes and (time, node) samples.
const nodes = new Map<number, ProfileNode>();
const samples: { ts: number; node: number }[] = [];
let clock = 0;
for (const e of events.filter((x) => x.pid === mainThread.pid && (x.name === 'Profile' || x.name === 'ProfileChunk'))) {
  const data = e.args?.data as { startTime?: number; cpuProfile?: { nodes?: ProfileNode[]; samples?: number[] }; timeDeltas?: number[] } | undefined;
  if (e.name === 'Profile') { clock = data?.startTime ?? e.ts; continue; }
  for (const node of data?.cpuProfile?.nodes ?? []) nodes.set(node.id, node);
  const ids = data?.cpuProfile?.samples ?? [];
  const deltas = data?.timeDeltas ?? [];
  ids.forEach((id, at) => { clock += deltas[at] ?? 0; samples.push({ ts: clock, node: id }); });
}
const frame = (id: number) => {
  const { functionName, url, lineNumber } = nodes.get(id)?.callFrame ?? { functionName: '?', url: '', lineNumber: 0 };
  const file = (url ?? '').split('/').pop() ?? '';
  return `${functionName || '(anonymous)'}${file === '' ? '' : ` ${file}:${lineNumber + 1}`}`;
};
const stackOf = (id: number) => {
  const names: string[] = [];
  for (let at: number | undefined = id; at !== undefined; at = nodes.get(at)?.parent) names.push(frame(at));
  return names;
};

const start = events.filter(onMain).find((e) => e.name === 'navigationStart' || e.name === 'MarkDOMContent')?.ts ?? events[0]?.ts ?? 0;
const navigation = events.filter(onMain).find((e) => e.name === 'navigationStart' && String((e.args?.data as { documentLoaderURL?: string } | undefined)?.documentLoaderURL ?? '').includes(pagePath))?.ts ?? start;
const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.ts > navigation)?.ts;
const tasks = events.filter((e) => onMain(e) && e.name === 'RunTask' && e.ph === 'X' && (e.dur ?? 0) > LONG_TASK_US && e.ts > navigation);
const ms = (us: number) => (us / 1000).toFixed(0);
console.log(`${pagePath} as ${user}: first contentful paint at ${fcp === undefined ? '?' : ms(fcp - navigation)} ms; tasks over ${ms(LONG_TASK_US)} ms (CPU ${CPU_RATE}× slower):`);
let blocking = 0;
for (const task of tasks) {
  const end = task.ts + (task.dur ?? 0);
  if (fcp !== undefined && task.ts > fcp) blocking += (task.dur ?? 0) - LONG_TASK_US;
  const inTask = samples.filter((s) => s.ts >= task.ts && s.ts <= end);
  const self = new Map<string, number>();
  const ours = new Map<string, number>();
  for (const sample of inTask) {
    const stack = stackOf(sample.node);
    self.set(stack[0] ?? '?', (self.get(stack[0] ?? '?') ?? 0) + 1);
    // Every distinct frame on the stack, counted once per sample (inclusive time).
    for (const name of new Set(stack)) if (/\.(js|tsx?)/.test(name)) ours.set(name, (ours.get(name) ?? 0) + 1);
  }
  const top = (counts: Map<string, number>, n: number) => [...counts].sort((a, b) => b[1] - a[1]).slice(0, n).map(([name, count]) => `${Math.round((count / inTask.length) * 100)}% ${name}`);
  console.log(`\n${ms(task.ts - navigation)} ms +${ms(task.dur ?? 0)} ms (${inTask.length} samples)`);
  console.log(`  self: ${top(self, 6).join(' | ')}`);
  console.log(`  inclusive:\n    ${top(ours, 14).join('\n    ')}`);
}
console.log(`\nblocking time after the first contentful paint (observed, CPU ${CPU_RATE}× slower): ${ms(blocking)} ms`);
