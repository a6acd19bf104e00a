import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8080';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', headless: true, args: ['--no-sandbox'] });
for (const width of [412, 1366]) {
  const context = await browser.newContext({ viewport: { width, height: 823 } });
  const page = await context.newPage();
  await page.goto(`${base}/demo/auth/login`);
  await page.getByLabel('Username').waitFor();
  await page.screenshot({ path: `/tmp/prof/login-${width}.png` });
  const dump = () => page.evaluate(`(() => { const out=[]; const walk=(el,d)=>{ if(d>9) return; const r=el.getBoundingClientRect(); const cs=getComputedStyle(el); out.push('  '.repeat(d)+el.tagName.toLowerCase()+'.'+(el.className&&el.className.baseVal===undefined?String(el.className).split(' ').filter(c=>!c.startsWith('m_')).join('.'):'')+' '+Math.round(r.x)+','+Math.round(r.y)+' '+Math.round(r.width)+'x'+Math.round(r.height)+' bg='+cs.backgroundColor+' fs='+cs.fontSize+' fw='+cs.fontWeight+' pad='+cs.padding+(el.children.length===0?' "'+(el.textContent||'').slice(0,30)+'"':'')); for (const c of el.children) walk(c,d+1); }; walk(document.getElementById('root'),0); return out.join('\\n'); })()`);
  console.log(`=== login ${width}\n` + await dump());
  await page.getByLabel('Username').fill('demo-user');
  await page.getByLabel('Password', { exact: true }).fill('demo-pass-123');
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL((url) => !url.pathname.endsWith('/auth/login'));
  await page.goto(`${base}/demo/staff/products`);
  await page.getByRole('cell', { name: 'Beras Pandan Wangi 5 kg' }).first().waitFor();
  await page.screenshot({ path: `/tmp/prof/products-${width}.png` });
  console.log(`=== products ${width}\n` + (await dump()).split('\n').slice(0, 60).join('\n'));
  await context.close();
}
await browser.close();
