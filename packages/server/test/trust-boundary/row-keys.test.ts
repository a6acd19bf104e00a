import { type Component, createComponent, Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnKind } from '../../src/datasources/column-values';
import { openDataSource } from '../../src/datasources/registry';
import type { ConnectionSettings, DataSource } from '../../src/datasources/types';
import { buildTestServer, type TestServer } from '../support/build';
import { availableEngines, type EngineName } from '../support/engines';
import { type AppTable, createAppTable } from '../support/fixtures';
import { type HostileBuilder, freshUserId, hostileBuilder } from './hostile';

/**
 * Issue 10 item 5: a row call (deleteRow, editRow, moveCard) compares its key in the key
 * column's own type and touches at most one row, inside a transaction that rolls back
 * otherwise. MariaDB reads `'abc' = 0` as true: a "delete one row" with key 0 on a VARCHAR
 * primary key used to delete every row whose key does not start with a digit.
 */
const engines = await availableEngines();

type Row = { code: string; name: string; status: number };

/** The same quoted identifier with a suffix: `items_1a2b` → `items_1a2b_nums`. */
const suffixed = (quoted: string, suffix: string) => `${quoted.slice(0, -1)}_${suffix}${quoted.slice(-1)}`;

/** Three tables: text-keyed codes, integer-keyed nums, and dupes, whose key column has no unique index. */
const createTables = (engine: EngineName, server: TestServer, appId: number) =>
  createAppTable(engine, server.app.services.config.dataDir, appId, 'rowkeys', (quoted) => `
    CREATE TABLE ${quoted} (code VARCHAR(20) PRIMARY KEY, name VARCHAR(100) NOT NULL, status INTEGER NOT NULL);
    INSERT INTO ${quoted} (code, name, status) VALUES ('abc', 'A', 1), ('abd', 'B', 1), ('xyz', 'X', 1);
    CREATE TABLE ${suffixed(quoted, 'nums')} (id INTEGER PRIMARY KEY, name VARCHAR(100) NOT NULL, status INTEGER NOT NULL);
    INSERT INTO ${suffixed(quoted, 'nums')} (id, name, status) VALUES (1, 'one', 1), (2, 'two', 1), (3, 'three', 1);
    CREATE TABLE ${suffixed(quoted, 'dupes')} (code VARCHAR(20) NOT NULL, name VARCHAR(100) NOT NULL, status INTEGER NOT NULL);
    INSERT INTO ${suffixed(quoted, 'dupes')} (code, name, status) VALUES ('dup', 'D1', 1), ('dup', 'D2', 1), ('one', 'O', 1);
    CREATE TABLE ${suffixed(quoted, 'kinds')} (
      i INTEGER, b BIGINT, d DECIMAL(10, 2), f DOUBLE PRECISION, v VARCHAR(10), c CHAR(3), t TEXT, dt DATE, ts TIMESTAMP NULL, tm TIME);`);

/** A table widget with EDIT (name) and DELETE, and a kanban on the status column, for one table. */
function widgetsOf(id: string, dbId: number, table: string, primaryKey: string): Component[] {
  const actions = [
    { name: 'EDIT', action: 'EDIT', cause: '', show: true, raw: { editFields: [{ name: 'name', type: 'text', options: '' }] } },
    { name: 'DELETE', action: 'DELETE', cause: '', show: true },
    // the query builder's UPDATE of the row the page names (like a kanban's "Mark done")
    {
      name: 'Archive', action: 'CUSTOM', cause: '', show: true,
      raw: { database: dbId, type: 'UPDATE', table, setValues: [{ column: 'status', source: '--custom--', custom: '3' }], conditions: [{ column: primaryKey, operator: '=', source: 'key', custom: '' }] },
    },
  ];
  const shown = { options: 'Name', mapping_table: 'name', table_used: table, database_used: dbId, primaryKey, custom_action: actions };
  return [
    { ...createComponent('table', id, id), ...shown },
    { ...createComponent('kanban', `${id}-board`, id), ...shown, fieldMap: { compared: 'status', title: 'name' } },
  ];
}

describe.each(engines)('row calls on a %s database touch at most one row, keyed in the column\'s own type', (engine) => {
  let server: TestServer;
  let builder: HostileBuilder;
  let fixture: AppTable;
  let dbId: number;
  let pageId: number;
  let member: string;
  /** The application's member, and the hostile author himself (the application's administrator). */
  let callers: [string, string][];

  const call = (url: string, body: Record<string, unknown>, token: string) => server.call('POST', url, { pageId, ...body }, token);
  const remove = (widget: string, key: unknown, token: string) => call('/action/deleteRow', { componentId: widget, actionName: 'DELETE', key }, token);
  const edit = (widget: string, key: unknown, token: string) => call('/action/editRow', { componentId: widget, actionName: 'EDIT', key, values: { name: 'edited' } }, token);
  const move = (widget: string, key: unknown, token: string) => call('/action/moveCard', { componentId: `${widget}-board`, key, value: '2' }, token);
  const rowCalls = { remove, edit, move };

  /** The table as it is, read by the author through runQuery. */
  const rows = async (suffix = ''): Promise<Row[]> => {
    const table = suffix === '' ? fixture.table : `${fixture.table}_${suffix}`;
    const key = suffix === 'nums' ? 'id' : 'code';
    const answer = await server.call('POST', '/action/runQuery', { dbId, query: `SELECT * FROM ${table} ORDER BY ${key}, name`, params: [] }, builder.token);
    expect(answer.statusCode, answer.body).toBe(200);
    return answer.json().data as Row[];
  };

  beforeAll(async () => {
    // The operator lets applications use the local MariaDB and PostgreSQL the tables live on.
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    builder = await hostileBuilder(server);
    const { appId, token } = builder;
    fixture = await createTables(engine, server, appId);
    const saved = await server.call('POST', '/save/saveDbConfig', { dbId: null, dbAppId: appId, ...fixture.dbBody }, token);
    expect(saved.statusCode, saved.body).toBe(200);
    dbId = saved.json().data.dbId;

    const created = await server.call('POST', '/save/saveApp', { appId, appOpenRegistration: true, pages: [{ pageId: null, pageName: 'Rows' }] }, token);
    expect(created.statusCode, created.body).toBe(200);
    pageId = created.json().data.pages[0].pageId;
    const components = [
      ...widgetsOf('codes', dbId, fixture.table, 'code'),
      ...widgetsOf('nums', dbId, `${fixture.table}_nums`, 'id'),
      ...widgetsOf('dupes', dbId, `${fixture.table}_dupes`, 'code'),
    ];
    const page = await server.call('POST', '/save/saveApp', { appId, pages: [{ pageId, pageComponents: JSON.stringify(components) }] }, token);
    expect(page.statusCode, page.body).toBe(200);

    // A member who registered into the author's application, reaching the page through its menu.
    const memberId = freshUserId();
    await server.register(memberId, 'member-password-1', appId);
    const groups = (await server.call('GET', `/auth/listgroup/${appId}`, undefined, token)).json().data as { groupId: number; groupSlug: string }[];
    const memberGroup = groups.find((g) => g.groupSlug === 'member')?.groupId as number;
    const menu = (await server.call('POST', '/save/saveMenu', { menuId: null, menuName: 'Rows', menuAppId: appId, menuPageId: pageId, menuParentMenuId: 0 }, token)).json().data.menuId;
    await server.call('PUT', '/auth/updategroup', { groupId: memberGroup, groupAppId: appId, groupAccess: { menuId: [menu] } }, token);
    member = await server.login(memberId, 'member-password-1', builder.appSlug);
    callers = [['member', member], ['author', token]];
  });
  afterAll(async () => {
    await fixture?.exec(`DROP TABLE IF EXISTS ${fixture.table}_nums; DROP TABLE IF EXISTS ${fixture.table}_dupes; DROP TABLE IF EXISTS ${fixture.table}_kinds`).catch(() => undefined);
    await fixture?.drop();
    await server?.close();
  });

  it('refuses a number, or any key that is not text, for a text primary key: 400 and nothing changes', async () => {
    const before = await rows();
    for (const [who, token] of callers) {
      for (const [name, rowCall] of Object.entries(rowCalls)) {
        for (const key of [0, 1, -1, 0.5, 1e21]) {
          const answer = await rowCall('codes', key, token);
          expect(answer.statusCode, `${who} ${name} ${key}: ${answer.body}`).toBe(400);
          expect(answer.json().error[0]).toBe(Messages.rowKeyInvalid);
        }
        // not a key at all: the body's schema refuses them
        for (const key of [true, false, null, [], ['abc'], [0], { code: 'abc' }, '']) {
          expect((await rowCall('codes', key, token)).statusCode, `${who} ${name} ${JSON.stringify(key)}`).toBe(400);
        }
      }
    }
    expect(await rows()).toEqual(before);
  });

  it('lets a text key, however it is spelled, reach at most the one row its column compares equal', async () => {
    // MariaDB compares 'abc ' and 'ABC' equal to 'abc' (PAD SPACE, case-insensitive collation):
    // that is still one row, the one the primary key's own unique index says is the same.
    const spellings = ['0', '00', 'abc ', ' abc', 'ABC', 'ab%', 'ab_', '%', "abc' OR '1'='1", 'abc\' -- ', 'a\\bc', '1 OR 1=1'];
    for (const [who, token] of callers) {
      for (const [name, rowCall] of Object.entries(rowCalls)) {
        for (const key of spellings) {
          const before = await rows();
          const answer = await rowCall('codes', key, token);
          expect([200, 404], `${who} ${name} ${JSON.stringify(key)}: ${answer.body}`).toContain(answer.statusCode);
          const after = await rows();
          const changed = before.filter((row) => !after.some((r) => JSON.stringify(r) === JSON.stringify(row)));
          // 200 may set a value the row already had (a second move to the same lane): at most one row, never more
          expect(changed.length, `${who} ${name} ${JSON.stringify(key)}`).toBeLessThanOrEqual(answer.statusCode === 200 ? 1 : 0);
          expect(after.length, `${who} ${name} ${JSON.stringify(key)}`).toBeGreaterThanOrEqual(before.length - 1);
          if (answer.statusCode === 200) expect(answer.json().data).toEqual([{ affectedRows: 1 }]);
        }
      }
    }
    // the exact key still works
    expect((await edit('codes', 'xyz', member)).json().data).toEqual([{ affectedRows: 1 }]);
    expect((await rows()).find((r) => r.code === 'xyz')?.name).toBe('edited');
  });

  it('takes an integer key only as a number or its digits', async () => {
    const before = await rows('nums');
    for (const [who, token] of callers) {
      for (const [name, rowCall] of Object.entries(rowCalls)) {
        for (const key of ['abc', '1abc', '1 OR 1=1', "1' OR '1'='1", '1.5', 1.5, ' 1', '0x1', '1e0', 1e300, -0.5]) {
          const answer = await rowCall('nums', key, token);
          expect(answer.statusCode, `${who} ${name} ${JSON.stringify(key)}: ${answer.body}`).toBe(400);
          expect(answer.json().error[0]).toBe(Messages.rowKeyInvalid);
        }
      }
    }
    expect(await rows('nums')).toEqual(before);
    expect((await edit('nums', '2', member)).json().data).toEqual([{ affectedRows: 1 }]);
    expect((await edit('nums', 3, builder.token)).json().data).toEqual([{ affectedRows: 1 }]);
    expect((await remove('nums', 1, member)).json().data).toEqual([{ affectedRows: 1 }]);
    expect((await move('nums', '3', builder.token)).json().data).toEqual([{ affectedRows: 1 }]);
    expect(await rows('nums')).toEqual([{ id: 2, name: 'edited', status: 1 }, { id: 3, name: 'edited', status: 2 }]);
  });

  it('rolls back a row call whose key names more than one row (a key column without a unique index)', async () => {
    const before = await rows('dupes');
    for (const [who, token] of callers) {
      for (const [name, rowCall] of Object.entries(rowCalls)) {
        const answer = await rowCall('dupes', 'dup', token);
        expect(answer.statusCode, `${who} ${name}: ${answer.body}`).toBe(409);
        expect(answer.json().error[0]).toBe(Messages.rowKeyNotUnique);
        const wrongType = await rowCall('dupes', 0, token);
        expect(wrongType.statusCode, `${who} ${name} 0: ${wrongType.body}`).toBe(400);
      }
    }
    expect(await rows('dupes')).toEqual(before);
    expect((await move('dupes', 'one', member)).json().data).toEqual([{ affectedRows: 1 }]);
    expect((await rows('dupes')).filter((r) => r.status === 2)).toEqual([{ code: 'one', name: 'O', status: 2 }]);
  });

  it('compares a query builder condition in its column\'s type: a page\'s 0 is not every text key', async () => {
    const archive = (widget: string, key: unknown, token: string) =>
      call('/action/runAction', { componentId: widget, actionName: 'Archive', params: { key } }, token);
    const before = await rows();
    for (const [who, token] of callers) {
      // a form's number names a text column's value by its string form: '0' is no code here
      const zero = await archive('codes', 0, token);
      expect(zero.statusCode, `${who}: ${zero.body}`).toBe(200);
      expect(zero.json().data[0].affectedRows, who).toBe(0);
      for (const key of ['1abc', '1 OR 1=1', 1.5]) {
        const refused = await archive('nums', key, token);
        expect(refused.statusCode, `${who} ${JSON.stringify(key)}: ${refused.body}`).toBe(400);
      }
    }
    expect(await rows()).toEqual(before);
    const one = await archive('codes', 'abd', member);
    expect(one.json().data[0].affectedRows).toBe(1);
    expect((await rows()).filter((r) => r.status === 3)).toEqual([{ code: 'abd', name: 'B', status: 3 }]);
  });

  describe('the connection\'s transaction', () => {
    let source: DataSource;
    const settings = (): ConnectionSettings => ({
      dbAppId: builder.appId, dbHost: '', dbPort: 0, dbUser: '', dbPassword: '', ...fixture.dbBody,
    } as ConnectionSettings);
    const count = async (query: (sql: string, params: unknown[]) => Promise<{ rows: Record<string, unknown>[] }>) =>
      Number((await query(`SELECT COUNT(*) AS n FROM ${source.quote(`${fixture.table}_dupes`)}`, [])).rows[0]?.n);

    beforeAll(() => {
      source = openDataSource(settings(), server.app.services.config.dataDir);
    });
    afterAll(async () => {
      await source?.close();
    });

    it('knows each column\'s kind from the type the engine reports', async () => {
      const columns = (await source.tables()).find((t) => t.table_name === `${fixture.table}_kinds`)?.columns ?? [];
      expect(Object.fromEntries(columns.map((c) => [c.COLUMN_NAME, columnKind(c.DATA_TYPE)]))).toEqual({
        i: 'integer', b: 'integer', d: 'decimal', f: 'decimal', v: 'text', c: 'text', t: 'text', dt: 'date', ts: 'datetime', tm: 'time',
      });
    });

    it('commits what its body wrote, and undoes all of it when the body throws', async () => {
      const table = source.quote(`${fixture.table}_dupes`);
      const start = await count((sql, params) => source.query(sql, params));
      await expect(source.transaction(async (tx) => {
        await tx.query(`DELETE FROM ${table} WHERE code = ?`, ['dup']);
        expect(await count((sql, params) => tx.query(sql, params))).toBe(start - 2);
        throw new Error('refused');
      })).rejects.toThrow('refused');
      expect(await count((sql, params) => source.query(sql, params))).toBe(start);

      const kept = await source.transaction(async (tx) => (await tx.query(`INSERT INTO ${table} (code, name, status) VALUES (?, ?, ?)`, ['new', 'N', 1])).affectedRows);
      expect(kept).toBe(1);
      expect(await count((sql, params) => source.query(sql, params))).toBe(start + 1);
    });

    it('keeps statements of other callers out of an open transaction', async () => {
      const table = source.quote(`${fixture.table}_dupes`);
      const start = await count((sql, params) => source.query(sql, params));
      let outside: Promise<unknown> | undefined;
      await expect(source.transaction(async (tx) => {
        await tx.query(`DELETE FROM ${table} WHERE code = ?`, ['new']);
        // another request writes while this transaction is open: its row must survive the rollback
        outside = source.query(`INSERT INTO ${table} (code, name, status) VALUES (?, ?, ?)`, ['other', 'O2', 1]);
        await new Promise((resolve) => setTimeout(resolve, 50));
        throw new Error('refused');
      })).rejects.toThrow('refused');
      await outside;
      expect(await count((sql, params) => source.query(sql, params))).toBe(start + 1);
    });
  });
});
