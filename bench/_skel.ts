import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
for (const width of [390, 1366]) {
  for (const js of [false, true]) {
    const context = await browser.newContext({ viewport: { width, height: 844 }, javaScriptEnabled: js });
    const page = await context.newPage();
    await page.goto(`http://127.0.0.1:8090/demo/auth/login`);
    if (js) await page.getByLabel('Username').waitFor(); else await page.waitForTimeout(500);
    await page.screenshot({ path: `/tmp/prof/skel-${width}-${js ? 'live' : 'first'}.png` });
    const box = await page.evaluate(`JSON.stringify([...document.querySelectorAll('h1, label, .rk-first-label, .rk-first-input, input, button, .rk-first-button, p')].map(e => { const r = e.getBoundingClientRect(); return e.tagName + ' ' + Math.round(r.x) + ',' + Math.round(r.y) + ' ' + Math.round(r.width) + 'x' + Math.round(r.height); }))`);
    console.log(width, js ? 'live ' : 'first', box);
    await context.close();
  }
}
await browser.close();
