// Application export and import (issue 17): the time to export an application of 300 pages as
// one bundle and to import it as a new application, over real HTTP on the embedded SQLite store.
// Each page holds 20 form widgets and a table on the demo's connection, made as the editor makes
// them. Prints the bundle's size and p50/max of each over BENCH_ROUNDS rounds.
import { createComponent } from '@rakit/core';
import { createPageWithComponents, formComponents, startServerWithWeb } from './page-fixtures';
import { percentile } from './stats';

const PAGES = Number(process.env.BENCH_PAGES ?? 300);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);

const server = await startServerWithWeb('/nonexistent');
const rootLogin = await fetch(`${server.baseUrl}/auth/login`, {
  method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ userId: 'admin', password: 'bench-password', appSlug: '_root' }),
});
const root = ((await rootLogin.json()) as { data: { token: string }[] }).data[0]?.token ?? '';
const dbId = ((await (await fetch(`${server.baseUrl}/get/listDatabase/${server.appId}`, { headers: { authorization: `Bearer ${server.token}` } })).json()) as { data?: { dbId: number }[] }).data?.[0]?.dbId ?? 0;
if (dbId === 0) throw new Error('the demo has no connection');

const started = performance.now();
for (let i = 1; i <= PAGES; i++) {
  const table = { ...createComponent('table', `bench-table-${i}`, `Products ${i}`), database_used: dbId, table_used: 'products', primaryKey: 'id', options: 'Nama,Harga', mapping_table: 'name,price' };
  await createPageWithComponents(server, `Bench page ${i}`, [...formComponents(20), table]);
}
console.log(`application bundles: the demo with ${PAGES} more pages (20 form widgets and a table each), made in ${((performance.now() - started) / 1000).toFixed(1)} s`);

const timed = async <T>(run: () => Promise<T>): Promise<[number, T]> => {
  const start = performance.now();
  const value = await run();
  return [performance.now() - start, value];
};

const exports: number[] = [];
let bundleText = '';
for (let i = 0; i < ROUNDS; i++) {
  const [ms, text] = await timed(async () => {
    const response = await fetch(`${server.baseUrl}/get/exportApp/${server.appId}`, { headers: { authorization: `Bearer ${root}` } });
    if (response.status !== 200) throw new Error(`export: ${response.status}`);
    return response.text();
  });
  exports.push(ms);
  bundleText = text;
}
const bundle = (JSON.parse(bundleText) as { data: unknown }).data;
const bundleBytes = Buffer.byteLength(JSON.stringify(bundle));

const imports: number[] = [];
for (let i = 0; i < ROUNDS; i++) {
  const [ms] = await timed(async () => {
    const response = await fetch(`${server.baseUrl}/save/importApp`, {
      method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${root}` },
      body: JSON.stringify({ bundle, target: { kind: 'new', appName: `Bench copy ${i + 1}` } }),
    });
    if (response.status !== 201) throw new Error(`import: ${response.status} ${(await response.text()).slice(0, 300)}`);
    return response.json();
  });
  imports.push(ms);
}
exports.sort((a, b) => a - b);
imports.sort((a, b) => a - b);
const line = (name: string, sorted: number[]) => `${name.padEnd(34)} p50 ${percentile(sorted, 0.5).toFixed(0)} ms   max ${sorted[sorted.length - 1]?.toFixed(0)} ms`;
console.log(`bundle size                        ${(bundleBytes / 1024 / 1024).toFixed(2)} MB (${PAGES + 4} pages)`);
console.log(line(`export (${ROUNDS} rounds)`, exports));
console.log(line(`import as new app (${ROUNDS} rounds)`, imports));
await server.close();
