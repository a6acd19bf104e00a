// How much React renders while a page starts (issue 42): `npm start` with the seeded demo, a
// member signed in, the page opened under 4× CPU slowdown and slow 4G, and every component
// React renders counted from its commits (read through the DevTools hook, as React DevTools and
// react-scan do, on the production build): commits, components rendered in all, and the
// components rendered most, by name. Unlike timings, the counts hardly move with the machine's
// load, so a change to what renders is seen in one run, not in the noise of a median.
// Run: npm run bench:renders -w @rakit/bench -- [/demo/staff/products] [demo-user] [runs]   (names: build unminified first,
// npx vite build --minify false in packages/web)
import { chromium } from 'playwright-core';
import { asSlowPhone, signInToDemo } from './phone-profile';
import { startProduct } from './server-process';

const PASSWORD = 'bench-render-password';
const pagePath = process.argv[2] ?? '/demo/staff/products';
const user = process.argv[3] ?? 'demo-user';
const runs = Number(process.argv[4] ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** How long after navigation the page is watched: its start and the loads it makes. */
const WATCH_MS = 8000;

// A stand-in for React DevTools' hook, installed before the page's code: React calls it on each
// commit with the root. A component counts as rendered in a commit when it is new or its fiber
// did work (React's PerformedWork flag); a subtree React did not touch (its child fibers are the
// ones it had) is skipped, as DevTools does. (A string: the page runs it as it is.)
const HOOK = `(() => {
  const stats = { commits: 0, rendered: 0, byName: {}, perCommit: [] };
  window.__renderStats = stats;
  const COMPONENT_TAGS = new Set([0, 1, 11, 14, 15]);
  const PERFORMED_WORK = 1;
  const nameOf = (fiber) => {
    const type = fiber.type;
    if (type === null || typeof type !== 'object' && typeof type !== 'function') return 'Anonymous';
    const inner = type.render ?? type.type ?? type;
    return type.displayName ?? inner.displayName ?? inner.name ?? 'Anonymous';
  };
  // Per commit: how many rendered, and where each re-render started (a component that rendered
  // while no component above it did): what to look at first.
  let commit = null;
  const visit = (fiber, underRendered) => {
    const before = fiber.alternate;
    let rendered = underRendered;
    if (COMPONENT_TAGS.has(fiber.tag) && (before === null || (fiber.flags & PERFORMED_WORK) !== 0)) {
      stats.rendered++;
      commit.rendered++;
      const name = nameOf(fiber);
      stats.byName[name] = (stats.byName[name] ?? 0) + 1;
      if (!underRendered && commit.starts.length < 6) commit.starts.push(name);
      rendered = true;
    }
    if (before !== null && fiber.child === before.child) return;
    for (let child = fiber.child; child !== null; child = child.sibling) visit(child, rendered);
  };
  window.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true, isDisabled: false, renderers: new Map(),
    inject(renderer) { this.renderers.set(this.renderers.size + 1, renderer); return this.renderers.size; },
    onCommitFiberRoot(_id, root) {
      stats.commits++;
      commit = { rendered: 0, starts: [] };
      visit(root.current, false);
      stats.perCommit.push(commit);
    },
    onCommitFiberUnmount() {}, onPostCommitFiberRoot() {}, onScheduleFiberRoot() {}, checkDCE() {},
  };
})();`;

interface Stats { commits: number; rendered: number; byName: Record<string, number>; perCommit: { rendered: number; starts: string[] }[] }

const product = await startProduct(PASSWORD);
const browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ['--no-sandbox'] });
const results: Stats[] = [];
try {
  for (let run = 0; run < runs; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, serviceWorkers: 'block' });
    const page = await context.newPage();
    await signInToDemo(page, product.base, user, PASSWORD);
    await context.addInitScript(HOOK);
    await asSlowPhone(context, page);
    await page.goto(`${product.base}${pagePath}`);
    await page.waitForTimeout(WATCH_MS);
    results.push(await page.evaluate(() => (window as unknown as { __renderStats: Stats }).__renderStats));
    await context.close();
  }
} finally {
  await browser.close();
  product.stop();
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
console.log(`${pagePath} as ${user}, ${runs} runs (4× CPU, slow 4G, ${WATCH_MS / 1000} s from navigation):`);
console.log(`commits: ${results.map((r) => r.commits).join(', ')} (median ${median(results.map((r) => r.commits))})`);
console.log(`components rendered: ${results.map((r) => r.rendered).join(', ')} (median ${median(results.map((r) => r.rendered))})`);
const names = new Set(results.flatMap((r) => Object.keys(r.byName)));
const byName = [...names].map((name) => [name, median(results.map((r) => r.byName[name] ?? 0))] as const).sort((a, b) => b[1] - a[1]);
console.log('rendered most (median per run):');
for (const [name, count] of byName.slice(0, 25)) console.log(`  ${String(count).padStart(5)}  ${name}`);
const typical = results.find((r) => r.rendered === median(results.map((each) => each.rendered))) ?? results[0];
console.log('commits of a median run: components rendered, and where each re-render started:');
for (const [at, commit] of (typical?.perCommit ?? []).entries()) console.log(`  ${String(at + 1).padStart(3)} ${String(commit.rendered).padStart(5)}  ${commit.starts.join(', ')}`);
