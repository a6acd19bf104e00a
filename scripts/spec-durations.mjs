// Reads the output of end-to-end runs (`npm run test:e2e`, printed by vitest's default reporter)
// and writes e2e/spec-durations.json: each spec file's time in seconds, which the timed
// sequencer (e2e/support/timed-sequencer.ts) balances the shards by. Run it after a whole run
// when specs were added or grew: `node scripts/spec-durations.mjs /tmp/e2e.log`.
import { readFileSync, writeFileSync } from 'node:fs';

const logs = process.argv.slice(2);
if (logs.length === 0) {
  console.error('usage: node scripts/spec-durations.mjs <log of an e2e run>…');
  process.exit(2);
}
// "✓ specs/demo.spec.ts (12 tests) 25203ms", colours removed; a failed file ("❯") counts too.
const line = /^\s*[✓❯×]\s+(specs\/\S+\.spec\.ts)\s+\(.*?\)\s+(\d+)ms/;
// Terminal colours out: ESC [ … m.
const colours = new RegExp(`${String.fromCharCode(27)}\\[[0-9;]*m`, 'g');
const durations = {};
for (const log of logs) {
  for (const text of readFileSync(log, 'utf8').replace(colours, '').split('\n')) {
    const found = line.exec(text);
    if (found) durations[found[1]] = Math.round(Number(found[2]) / 100) / 10;
  }
}
const sorted = Object.fromEntries(Object.entries(durations).sort(([a], [b]) => a.localeCompare(b)));
writeFileSync(new URL('../e2e/spec-durations.json', import.meta.url), `${JSON.stringify(sorted, null, 2)}\n`);
console.log(`${Object.keys(sorted).length} spec files, ${Object.values(sorted).reduce((a, b) => a + b, 0).toFixed(0)} s in all`);
