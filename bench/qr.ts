// Measures the QR reader in Chromium: the demo administrator opens a page holding one QR reader
// while Chromium's fake camera plays a generated video of a QR code. Prints the time from
// navigation to 'QR code ditemukan' (page load, camera start, the detector made — the ZXing
// WebAssembly module fetched from Rakit and compiled when the browser has no BarcodeDetector —
// and the first reads), and the time of each camera frame's detect() (p50, p95), read from the
// widget's 'rakit-qr-detect' performance measures.
// Run: npm run bench:qr -w @rakit/bench   (builds the web app first; BENCH_SKIP_BUILD=1 uses
// packages/web/dist as it is; BENCH_QR_ROUNDS sets the number of page opens, 5 by default)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';
import { createComponent } from '@rakit/core';
import { buildWebApp, createPageWithComponents, DEMO_SLUG, signedInDemoAdmin, startServerWithWeb } from './page-fixtures';
import { percentile } from './stats';
import { qrVideo } from '../e2e/support/qr-video';

const ROUNDS = Number(process.env.BENCH_QR_ROUNDS ?? 5);
const FOUND = 'QR code ditemukan ! Hasil dapat dilihat di bawah';

const dir = mkdtempSync(path.join(os.tmpdir(), 'rakit-bench-qr-'));
const video = path.join(dir, 'qr.y4m');
writeFileSync(video, qrVideo('RAKIT-BENCH-0001'));
const server = await startServerWithWeb(buildWebApp());
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--use-fake-device-for-media-stream', `--use-file-for-fake-video-capture=${video}`],
});
try {
  const { pageSlug } = await createPageWithComponents(server, 'QR bench', [createComponent('qrcodeReader', 'qr', 'QR')]);
  const page = await signedInDemoAdmin(browser, server);
  await page.context().grantPermissions(['camera']);
  const native = await page.evaluate(() => 'BarcodeDetector' in window);
  const firstRead: number[] = [];
  const frames: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    const started = performance.now();
    await page.goto(`/${DEMO_SLUG}/preview/${pageSlug}`);
    await page.getByText(FOUND).waitFor({ timeout: 30_000 });
    firstRead.push(performance.now() - started);
    // A few more reads with the camera restarted (every 1 s: off, 0.5 s, found, 0.5 s, on).
    await page.waitForTimeout(3000);
    frames.push(...await page.evaluate(() => performance.getEntriesByName('rakit-qr-detect').map((e) => e.duration)));
  }
  firstRead.sort((a, b) => a - b);
  frames.sort((a, b) => a - b);
  const ms = (n: number) => `${n.toFixed(1)} ms`;
  console.log(`QR reader in Chromium (${native ? 'native BarcodeDetector' : 'barcode-detector ponyfill, ZXing wasm served by Rakit'}), ${ROUNDS} page opens`);
  console.log(`  navigation to '${FOUND}' (the spec's 0.5 s wait included): p50 ${ms(percentile(firstRead, 0.5))}, max ${ms(firstRead[firstRead.length - 1] ?? 0)}`);
  console.log(`  detect() per camera frame (${frames.length} frames; the first of a page includes the wasm's start): p50 ${ms(percentile(frames, 0.5))}, p95 ${ms(percentile(frames, 0.95))}`);
} finally {
  await browser.close();
  await server.close();
  rmSync(dir, { recursive: true, force: true });
}
