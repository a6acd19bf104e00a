// Measures the page editor in Chromium on a page of 10 and one of 300 components:
// - open: from navigation until the board shows its last component and every component on
//   screen shows its widget face (faces far from the screen are rendered as they come near);
// - end faces: from a jump to the end of the board until the last component's face is rendered;
// - move: a click on 'Move down' of the first component until the order changed in the DOM
//   (and until the next frame was painted).
// - viewer: from navigation of the preview window (/{app}/preview/{page}, the runtime viewer)
//   until every component is placed and those on screen show their widgets.
// - the same pages laid out on the 12-column grid (several components to a row): viewer, editor
//   open, and one resize (Alt+← or Alt+→ on the selected first component until its width changed
//   in the DOM, and until the next frame).
// Prints medians and the ratios 300/10. Run with `npm run bench:editor -w @rakit/bench`
// (builds the web app first; BENCH_SKIP_BUILD=1 uses packages/web/dist as it is).
import type { Page } from 'playwright-core';
import {
  buildWebApp, createPageWithComponents, DEMO_SLUG, formComponents, gridComponents, launchChromium, signedInDemoAdmin, startServerWithWeb,
} from './page-fixtures';

const SIZES = [10, 300] as const;
const OPEN_ROUNDS = Number(process.env.BENCH_OPEN_ROUNDS ?? 7);
const MOVE_ROUNDS = Number(process.env.BENCH_MOVE_ROUNDS ?? 15);

const ROW = '[data-testid="editor-component"]';
const median = (samples: number[]) => [...samples].sort((a, b) => a - b)[Math.floor(samples.length / 2)] as number;

/**
 * Milliseconds from the start of navigation until the n-th component is on the board and every
 * component on screen shows its widget face.
 */
async function openEditor(page: Page, pageId: number, count: number): Promise<number> {
  await page.goto(`/${DEMO_SLUG}/form-editor?page=${pageId}`);
  const shown = await page.waitForFunction(({ n, selector }) => {
    const rows = document.querySelectorAll(selector);
    const last = rows[n - 1];
    if (rows.length < n || last === undefined || last.getBoundingClientRect().height === 0) return false;
    const waitingOnScreen = Array.from(document.querySelectorAll('[data-pending-face]'))
      .some((face) => face.getBoundingClientRect().top < window.innerHeight);
    return waitingOnScreen ? false : performance.now();
  }, { n: count, selector: ROW }, { polling: 'raf', timeout: 60_000 });
  return (await shown.jsonValue()) as number;
}

/**
 * Milliseconds from navigation of the runtime viewer until all n components are placed and
 * every one on screen shows its widget (the viewer, like the editor, renders off-screen
 * widgets as they come near).
 */
async function openViewer(page: Page, pageSlug: string, count: number): Promise<number> {
  await page.goto(`/${DEMO_SLUG}/preview/${pageSlug}`, { waitUntil: 'commit' });
  const shown = await page.waitForFunction((n) => {
    const placed = document.querySelectorAll('[data-runtime-component]');
    if (placed.length < n) return false;
    const waitingOnScreen = Array.from(document.querySelectorAll('[data-pending-face]'))
      .some((face) => face.getBoundingClientRect().top < window.innerHeight);
    return waitingOnScreen ? false : performance.now();
  }, count, { polling: 'raf', timeout: 60_000 });
  return (await shown.jsonValue()) as number;
}

/** Milliseconds from a jump to the end of the board until the last component's widget face is rendered. */
function jumpToEnd(page: Page): Promise<number> {
  return page.evaluate(async (selector) => {
    const start = performance.now();
    window.scrollTo(0, document.documentElement.scrollHeight);
    while (Array.from(document.querySelectorAll(selector)).at(-1)?.querySelector('[data-pending-face]') !== null) {
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    return performance.now() - start;
  }, ROW);
}

/**
 * One step on the first component of the board: a click on its `button` ('Move down'), or a
 * key pressed on the window (Alt+←/→ resize the selected component). Milliseconds until the
 * first component's `data-{field}` changed in the DOM (another component is first, or its
 * width changed), and until the next frame. (No named functions inside: tsx would wrap them in
 * a helper the page lacks.)
 */
function timeFirstChange(page: Page, step: { button: string } | { key: string }, field: 'componentId' | 'width'): Promise<{ changed: number; painted: number }> {
  return page.evaluate(async ({ selector, step, field }) => {
    const before = document.querySelector<HTMLElement>(selector)?.dataset[field];
    const button = 'button' in step ? document.querySelector<HTMLButtonElement>(`${selector} button[aria-label="${step.button}"]`) : undefined;
    if (before === undefined || button === null) throw new Error('no component to change');
    const start = performance.now();
    if (button === undefined) window.dispatchEvent(new KeyboardEvent('keydown', { key: (step as { key: string }).key, altKey: true, cancelable: true }));
    else button.click();
    await new Promise<void>((resolve) => {
      if (document.querySelector<HTMLElement>(selector)?.dataset[field] !== before) return resolve();
      const observer = new MutationObserver(() => {
        if (document.querySelector<HTMLElement>(selector)?.dataset[field] === before) return;
        observer.disconnect();
        resolve();
      });
      observer.observe(document.body, field === 'width' ? { attributeFilter: ['data-width'], subtree: true } : { childList: true, subtree: true });
    });
    const changed = performance.now() - start;
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    return { changed, painted: performance.now() - start };
  }, { selector: ROW, step, field });
}

const ratio = (large: number, small: number) => (large / small).toFixed(2);

const webDir = buildWebApp();
const server = await startServerWithWeb(webDir);
const browser = await launchChromium();
try {
  const page = await signedInDemoAdmin(browser, server);
  const results = new Map<number, { open: number; jump: number; move: number; painted: number; viewer: number }>();
  for (const size of SIZES) {
    const { pageId, pageSlug } = await createPageWithComponents(server, `Bench ${size}`, formComponents(size));
    await openViewer(page, pageSlug, size); // warm-up
    const viewerOpens: number[] = [];
    for (let i = 0; i < OPEN_ROUNDS; i++) viewerOpens.push(await openViewer(page, pageSlug, size));
    await openEditor(page, pageId, size); // warm-up: caches, code paths
    const opens: number[] = [];
    const jumps: number[] = [];
    for (let i = 0; i < OPEN_ROUNDS; i++) {
      opens.push(await openEditor(page, pageId, size));
      jumps.push(await jumpToEnd(page));
    }
    await page.evaluate(() => window.scrollTo(0, 0));
    const moves: { changed: number; painted: number }[] = [];
    for (let i = 0; i < MOVE_ROUNDS + 1; i++) moves.push(await timeFirstChange(page, { button: 'Move down' }, 'componentId'));
    moves.shift(); // warm-up
    // Leave the page saved, so the next navigation is not held by the unsaved-changes prompt.
    await page.getByText('Saved', { exact: true }).waitFor();
    results.set(size, {
      open: median(opens), jump: median(jumps), move: median(moves.map((m) => m.changed)), painted: median(moves.map((m) => m.painted)), viewer: median(viewerOpens),
    });
  }

  console.log(`Page editor and viewer in Chromium, medians of ${OPEN_ROUNDS} opens and ${MOVE_ROUNDS} moves`);
  for (const [size, r] of results) {
    console.log(`${String(size).padStart(4)} components   viewer ${r.viewer.toFixed(1).padStart(7)} ms   editor open ${r.open.toFixed(1).padStart(7)} ms   end faces ${r.jump.toFixed(1).padStart(6)} ms   move ${r.move.toFixed(1).padStart(6)} ms (painted ${r.painted.toFixed(1)} ms)`);
  }
  const small = results.get(SIZES[0]);
  const large = results.get(SIZES[1]);
  if (small !== undefined && large !== undefined) {
    console.log(`ratio ${SIZES[1]}/${SIZES[0]}: viewer ${ratio(large.viewer, small.viewer)}   editor open ${ratio(large.open, small.open)}   move ${ratio(large.move, small.move)}   move painted ${ratio(large.painted, small.painted)}`);
  }

  // The same pages laid out on the 12-column grid.
  const grid = new Map<number, { open: number; resize: number; painted: number; viewer: number }>();
  for (const size of SIZES) {
    const { pageId, pageSlug } = await createPageWithComponents(server, `Bench grid ${size}`, gridComponents(size));
    await openViewer(page, pageSlug, size); // warm-up
    const viewerOpens: number[] = [];
    for (let i = 0; i < OPEN_ROUNDS; i++) viewerOpens.push(await openViewer(page, pageSlug, size));
    await openEditor(page, pageId, size); // warm-up
    const opens: number[] = [];
    for (let i = 0; i < OPEN_ROUNDS; i++) opens.push(await openEditor(page, pageId, size));
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.locator(ROW).first().locator('div').first().click();
    await page.locator(`${ROW} [data-testid="resize-handle"]`).first().waitFor();
    const resizes: { changed: number; painted: number }[] = [];
    // Narrower, then wider again: the first component (4 columns) stays between 3 and 4.
    for (let i = 0; i < MOVE_ROUNDS + 1; i++) resizes.push(await timeFirstChange(page, { key: i % 2 === 0 ? 'ArrowLeft' : 'ArrowRight' }, 'width'));
    resizes.shift(); // warm-up
    await page.getByText('Saved', { exact: true }).waitFor();
    grid.set(size, { open: median(opens), resize: median(resizes.map((r) => r.changed)), painted: median(resizes.map((r) => r.painted)), viewer: median(viewerOpens) });
  }
  console.log(`The same pages on the 12-column grid, medians of ${OPEN_ROUNDS} opens and ${MOVE_ROUNDS} resizes`);
  for (const [size, r] of grid) {
    console.log(`${String(size).padStart(4)} components   viewer ${r.viewer.toFixed(1).padStart(7)} ms   editor open ${r.open.toFixed(1).padStart(7)} ms   resize ${r.resize.toFixed(1).padStart(6)} ms (painted ${r.painted.toFixed(1)} ms)`);
  }
  const gridSmall = grid.get(SIZES[0]);
  const gridLarge = grid.get(SIZES[1]);
  if (gridSmall !== undefined && gridLarge !== undefined) {
    console.log(`grid ratio ${SIZES[1]}/${SIZES[0]}: viewer ${ratio(gridLarge.viewer, gridSmall.viewer)}   editor open ${ratio(gridLarge.open, gridSmall.open)}   resize ${ratio(gridLarge.resize, gridSmall.resize)}   resize painted ${ratio(gridLarge.painted, gridSmall.painted)}`);
  }
} finally {
  await browser.close();
  await server.close();
}
