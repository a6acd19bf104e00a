// The 1,000,000-row table the table benchmarks read (table.ts, table-search.ts), seeded the same
// way on MariaDB and PostgreSQL: ids 1…n, 'Item n', a city of ten (one row in ten each), a
// category of four, a price, a stock and a note ('barang' on 9 rows in 10, 'langka' on three).
import os from 'node:os';
import { createMysqlPool, PostgresPool } from '@rakit/server/bench-kit';
import type { jsonClient } from './server-process';

export const ROWS = 1_000_000;
export const CITIES = ['Bandung', 'Surabaya', 'Medan', 'Jakarta', 'Semarang', 'Makassar', 'Palembang', 'Denpasar', 'Malang', 'Bogor'];
export const CATEGORIES = ['Sembako', 'Minuman', 'Kebersihan', 'Makanan'];
/** `note` holds 'barang' on 900,000 rows (all but every tenth) and 'langka' on exactly these 3. */
export const RARE = [111_111, 555_555, 999_999];
export const note = (n: number) => `${n % 10 === 0 ? 'gudang' : 'barang'} ${RARE.includes(n) ? 'langka' : 'biasa'} nomor ${n}`;
export const PASSWORD = 'bench-password';
export const MYSQL = { host: '127.0.0.1', port: 3306, user: 'root', password: '', database: 'test' };
export const POSTGRES = { host: '127.0.0.1', port: 5432, user: 'postgres', password: '', database: 'test' };

export const loadLine = (when: string) => `machine load (1/5/15 min) ${when}: ${os.loadavg().map((l) => l.toFixed(2)).join(' / ')} on ${os.cpus().length} cores`;

/** Runs a statement on a bench pool and answers its rows; `?` placeholders on every engine. */
export type Direct = (sql: string, params?: unknown[]) => Promise<Record<string, unknown>[]>;

/** Whether `table` holds the bench's rows (its count and one row), so a run reuses it; `exists` counts tables of a name. */
export async function holdsBenchRows(direct: Direct, table: string, exists: string): Promise<boolean> {
  if (Number((await direct(exists, [table]))[0]?.n) === 0) return false;
  const count = Number((await direct(`SELECT COUNT(*) AS n FROM ${table}`))[0]?.n);
  const n = RARE[1] as number;
  const row = (await direct(`SELECT name, city, note FROM ${table} WHERE id = ?`, [n]))[0];
  return count === ROWS && row?.name === `Item ${n}` && row.city === CITIES[n % 10] && row.note === note(n);
}

/** Creates `table` on MariaDB (or MySQL) with the bench's rows; `keys` are more index clauses of its CREATE TABLE. */
export async function createMysqlRows(direct: Direct, table: string, keys = ''): Promise<void> {
  await direct(`DROP TABLE IF EXISTS ${table}`);
  await direct(`CREATE TABLE ${table} (
    id INT NOT NULL PRIMARY KEY, name VARCHAR(100) NOT NULL, city VARCHAR(50) NOT NULL, category VARCHAR(50) NOT NULL,
    price INT NOT NULL, stock INT NOT NULL, note VARCHAR(200) NOT NULL${keys}) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4`);
  try {
    await direct(`INSERT INTO ${table} SELECT seq, CONCAT('Item ', seq), ELT(1 + seq % 10, ${CITIES.map((c) => `'${c}'`).join(', ')}),
      ELT(1 + seq % 4, ${CATEGORIES.map((c) => `'${c}'`).join(', ')}), (seq * 7919) % 100000, seq % 500,
      CONCAT(IF(seq % 10 = 0, 'gudang', 'barang'), ' ', IF(seq IN (${RARE.join(', ')}), 'langka', 'biasa'), ' nomor ', seq) FROM seq_1_to_${ROWS}`);
  } catch {
    // No SEQUENCE engine (MySQL): multi-row INSERTs of 5,000 rows.
    await direct(`TRUNCATE TABLE ${table}`);
    for (let from = 1; from <= ROWS; from += 5000) {
      const rows = Array.from({ length: 5000 }, (_, i) => from + i).map((n) => [n, `Item ${n}`, CITIES[n % 10], CATEGORIES[n % 4], (n * 7919) % 100000, n % 500, note(n)]);
      await direct(`INSERT INTO ${table} VALUES ?`, [rows]);
    }
  }
  await direct(`ANALYZE TABLE ${table}`);
}

/** Creates `table` on PostgreSQL with the bench's rows. */
export async function createPostgresRows(direct: Direct, table: string): Promise<void> {
  await direct(`DROP TABLE IF EXISTS ${table}`);
  await direct(`CREATE TABLE ${table} (id INT PRIMARY KEY, name VARCHAR(100) NOT NULL, city VARCHAR(50) NOT NULL,
    category VARCHAR(50) NOT NULL, price INT NOT NULL, stock INT NOT NULL, note VARCHAR(200) NOT NULL)`);
  await direct(`INSERT INTO ${table} SELECT g, 'Item ' || g, (ARRAY[${CITIES.map((c) => `'${c}'`).join(', ')}])[1 + g % 10],
    (ARRAY[${CATEGORIES.map((c) => `'${c}'`).join(', ')}])[1 + g % 4], (g::bigint * 7919) % 100000, g % 500,
    CASE WHEN g % 10 = 0 THEN 'gudang' ELSE 'barang' END || ' ' || CASE WHEN g IN (${RARE.join(', ')}) THEN 'langka' ELSE 'biasa' END || ' nomor ' || g
    FROM generate_series(1, ${ROWS}) AS g`);
}

/** The bench's own pools to MariaDB and PostgreSQL, and a Direct over each (`?` made `$n` for PostgreSQL). */
export function benchPools() {
  const mysql = createMysqlPool({ ...MYSQL, connectionLimit: 5, dateStrings: true, supportBigNumbers: true, bigNumberStrings: true });
  const mysqlDirect: Direct = async (sql, params = []) => (await mysql.query(sql, params))[0] as Record<string, unknown>[];
  const pgPool = new PostgresPool({ ...POSTGRES, max: 5 });
  const pgDirect: Direct = async (sql, params = []) => {
    let n = 0;
    return (await pgPool.query(sql.replace(/\?/g, () => `$${++n}`), params)).rows as Record<string, unknown>[];
  };
  return { mysql, mysqlDirect, pgPool, pgDirect };
}

type Call = ReturnType<typeof jsonClient>;

/** A table widget of `dbId`'s `table` showing `shown` (labels: the column names capitalised), keyed by id. */
export const tableWidget = (id: string, dbId: number, table: string, shown: readonly string[]) => ({
  id, type: 'table', version: 1, title: id, active: false,
  options: shown.map((c) => c[0]?.toUpperCase() + c.slice(1)).join(','), mapping_table: shown.join(','),
  table_used: table, database_used: dbId, primaryKey: 'id',
});

/** A widget over a one-row `table` whose row a member edits: the server then forgets that connection's kept counts. */
export const touchWidget = (id: string, dbId: number, table: string) => ({
  ...tableWidget(id, dbId, table, ['name']),
  custom_action: [{ name: 'EDIT', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'name', type: 'text', options: '' }] } }],
});

/** A page named `name` of the demo application holding `components`, behind a menu its staff group reaches; answers its id. */
export async function staffPage(call: Call, admin: string, appId: number, name: string, components: readonly unknown[]): Promise<number> {
  const pageId = ((await call('POST', '/save/saveApp', { appId, pages: [{ pageId: null, pageName: name }] }, admin)).data as { pages: { pageId: number }[] }).pages[0]?.pageId as number;
  await call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] }, admin);
  const menuId = ((await call('POST', '/save/saveMenu', { menuId: null, menuName: name, menuAppId: appId, menuPageId: pageId, menuParentMenuId: 0 }, admin)).data as { menuId: number }).menuId;
  const groups = (await call('GET', `/auth/listgroup/${appId}`, undefined, admin)).data as { groupId: number; groupSlug: string }[];
  await call('PUT', '/auth/updategroup', { groupId: groups.find((g) => g.groupSlug === 'staff')?.groupId, groupAppId: appId, groupAccess: { menuId: [menuId] } }, admin);
  return pageId;
}
