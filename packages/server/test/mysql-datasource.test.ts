import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MysqlDataSource } from '../src/datasources/mysql';
import { availableEngines } from './support/engines';
import { type AppTable, createAppTable } from './support/fixtures';

const hasMysql = (await availableEngines()).includes('mysql');

describe.runIf(hasMysql)('MySQL statements kept prepared for saved queries', () => {
  let fixture: AppTable;
  let source: MysqlDataSource;
  beforeAll(async () => {
    fixture = await createAppTable('mysql', '/nonexistent', 0, 'rk_prepared', (quoted) =>
      `CREATE TABLE ${quoted} (id INT PRIMARY KEY, name VARCHAR(50), price DECIMAL(10,2), born DATE, big BIGINT, note TEXT NULL)`);
    await fixture.exec(`INSERT INTO ${fixture.table} VALUES (1, 'Ani', 12.50, '1990-02-03', 9007199254740993, NULL), (2, 'Budi', 3.00, '2001-12-31', 5, 'x'), (3, 'Citra', 0.10, '1985-07-14', 6, 'y')`);
    source = new MysqlDataSource({ dbAppId: 0, dbType: 'mysql', dbHost: '127.0.0.1', dbPort: 3306, dbUser: 'root', dbPassword: '', dbDatabase: 'test' });
  });
  afterAll(async () => {
    await source.close();
    await fixture.drop();
  });

  it('answers the same rows and value types as a plain query', async () => {
    const sql = `SELECT id, name, price, born, big, note FROM ${fixture.table} WHERE id >= ? ORDER BY id`;
    const plain = await source.query(sql, [1]);
    const repeated = await source.query(sql, [1], { repeated: true });
    expect(repeated).toEqual(plain);
    expect(repeated.rows[0]).toEqual({ id: 1, name: 'Ani', price: '12.50', born: '1990-02-03', big: '9007199254740993', note: null });
  });

  it('still runs arguments the binary protocol refuses (a text LIMIT) and a wrong argument count fails as before', async () => {
    const limited = await source.query(`SELECT id FROM ${fixture.table} ORDER BY id LIMIT ?`, ['2'], { repeated: true });
    expect(limited.rows.map((r) => r.id)).toEqual([1, 2]);
    const written = await source.query(`UPDATE ${fixture.table} SET note = ? WHERE id = ?`, ['z', 3], { repeated: true });
    expect(written).toMatchObject({ kind: 'write', affectedRows: 1 });
    await expect(source.query(`SELECT id FROM ${fixture.table} WHERE id = ? AND name = ?`, [1], { repeated: true })).rejects.toThrow();
  });
});
