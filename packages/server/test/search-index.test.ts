import { type Component, createComponent, type DbSearch, type SearchIndexJob, type SearchIndexPlan } from '@rakit/core';
import { createConnection } from 'mysql2/promise';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';
import { type DataWidgetApp, dataWidgetApp } from './support/data-widget-app';
import { availableEngines, type EngineName } from './support/engines';
import { MYSQL_TEST_DB, POSTGRES_TEST_DB } from './support/fixtures';
import { addSearchIndex, seeded, sqlText } from './support/search-data';

/**
 * Search through a search index (issue 19) on each engine: the Database screen's calls say
 * which columns search fast and add an index (pg_trgm GIN, FULLTEXT, FTS5 trigram) as the
 * application's administrator, never as a member; and over random terms the table's search
 * through the index answers what the unindexed LIKE answered on the same data (PostgreSQL,
 * SQLite), or every row holding the term as a word or word prefix (MariaDB's FULLTEXT).
 */
const engines = await availableEngines();

const random = seeded(19);
const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T;
const SYLLABLES = ['ka', 'ri', 'mun', 'sel', 'tor', 'bag', 'lin', 'dup', 'wes', 'gor', 'pan', 'sut', 'ker', 'mob'];
/** Made-up words (never one of InnoDB's stopwords), some capitalised. */
const VOCABULARY = Array.from({ length: 60 }, (_, i) => {
  const word = Array.from({ length: 2 + (i % 3) }, () => pick(SYLLABLES)).join('');
  return i % 4 === 0 ? word[0]?.toUpperCase() + word.slice(1) : word;
});
const ROWS = Array.from({ length: 300 }, (_, i) => ({
  id: i + 1,
  name: `${pick(VOCABULARY)} ${pick(VOCABULARY)}`,
  note: `${pick(VOCABULARY)}-${pick(VOCABULARY)} ${pick(VOCABULARY)}`,
  price: 1000 + Math.floor(random() * 9000),
}));

const TABLE = {
  prefix: 'goods_search',
  createSql: (quoted: string, engine: EngineName) => {
    const text = engine === 'sqlite' ? 'TEXT' : 'VARCHAR(200)';
    const values = ROWS.map((r) => `(${r.id}, ${sqlText(r.name)}, ${sqlText(r.note)}, ${r.price})`).join(', ');
    return `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, name ${text} NOT NULL, note ${text} NOT NULL, price INTEGER NOT NULL);\n`
      + `INSERT INTO ${quoted} (id, name, note, price) VALUES ${values};`;
  },
};

function widgets(dbId: number, table: string): Component[] {
  return [{
    ...createComponent('table', 'goods', 'Barang'), options: 'Id,Name,Note,Price', mapping_table: 'id,name,note,price',
    database_used: dbId, primaryKey: 'id', table_used: table,
  }];
}

/** Terms of three characters or more: parts of the data's words (some across a word's end), and some found nowhere. */
function randomTerms(count: number): string[] {
  const terms: string[] = [];
  while (terms.length < count) {
    const row = pick(ROWS);
    const text = `${row.name} ${row.note}`;
    const length = 3 + Math.floor(random() * 5);
    const from = Math.floor(random() * Math.max(1, text.length - length));
    const term = (random() < 0.1 ? `zq${pick(SYLLABLES)}` : text.slice(from, from + length)).trim();
    if (term.length >= 3) terms.push(random() < 0.3 ? term.toUpperCase() : term);
  }
  return terms;
}

/** Word prefixes of the data of three characters or more (what a FULLTEXT index is asked for). */
function randomPrefixes(count: number): string[] {
  return Array.from({ length: count }, () => {
    const word = pick(VOCABULARY);
    return word.slice(0, 3 + Math.floor(random() * (word.length - 2)));
  });
}

describe.each(engines)('search indexes on a %s database', (engine) => {
  let server: TestServer;
  let widgetApp: DataWidgetApp;

  /** Every id the table widget's search finds, page after page, as the member sees them. */
  const searchIds = async (search: string) => {
    const ids: number[] = [];
    for (let page = 1; ; page += 1) {
      const answer = await server.call('POST', '/get/loadTableContent', { pageId: widgetApp.pageId, componentId: 'goods', page, limit: 100, search }, widgetApp.member);
      expect(answer.statusCode, answer.body).toBe(200);
      const content = answer.json().data[0] as { count: number; filteredResult: { id: number | string }[] };
      ids.push(...content.filteredResult.map((r) => Number(r.id)));
      if (ids.length >= content.count || content.filteredResult.length === 0) return ids.sort((a, b) => a - b);
    }
  };
  const overview = async (token = widgetApp.admin) => server.call('GET', `/get/searchIndexes/${widgetApp.dbId}`, undefined, token);
  const tableOf = (search: DbSearch) => search.tables.find((t) => t.table_name === widgetApp.fixture.table);
  const addIndex = (columns: string[]) => addSearchIndex(server, widgetApp, columns);

  const terms = randomTerms(40);
  const prefixes = randomPrefixes(25);
  /** What the unindexed LIKE answered, by term, before any index existed. */
  const unindexed = new Map<string, number[]>();

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    widgetApp = await dataWidgetApp(server, engine, {
      users: ['081700001901', '081700001902', '081700001903'], appName: 'Toko Cari', pageName: 'Barang', table: TABLE, widgets,
    });
    for (const term of [...terms, ...prefixes]) unindexed.set(term, await searchIds(term));
  }, 120_000);
  afterAll(async () => {
    await widgetApp?.fixture.drop();
    await server?.close();
  });

  it('finds by LIKE what a plain reading of the rows finds, before any index', () => {
    // The baseline itself: case-insensitive containment in a shown column (ASCII data, as every engine's LIKE folds it).
    for (const term of terms) {
      const expected = ROWS.filter((r) => [r.name, r.note, String(r.price), String(r.id)].some((v) => v.toLowerCase().includes(term.toLowerCase()))).map((r) => r.id);
      expect(unindexed.get(term), term).toEqual(expected);
    }
  });

  it('shows no column searching fast, and the exact statements of an index before running them', async () => {
    const answer = await overview();
    expect(answer.statusCode, answer.body).toBe(200);
    const search = answer.json().data as DbSearch;
    expect(search.wholeWords).toBe(engine === 'mysql');
    const table = tableOf(search);
    expect(table).toMatchObject({ canAdd: true, refusal: null });
    expect(table?.columns.map((c) => [c.column, c.text, c.indexed])).toEqual([['id', false, false], ['name', true, false], ['note', true, false], ['price', false, false]]);

    const planned = await server.call('POST', '/get/planSearchIndex', { dbId: widgetApp.dbId, table: widgetApp.fixture.table, columns: ['name', 'note'] }, widgetApp.admin);
    expect(planned.statusCode, planned.body).toBe(200);
    const plan = planned.json().data as SearchIndexPlan;
    expect(plan).toMatchObject({ allowed: true, refusal: null, columns: ['name', 'note'] });
    const t = widgetApp.fixture.table;
    if (engine === 'postgres') {
      expect(plan.statements.filter((s) => !s.startsWith('CREATE EXTENSION'))).toEqual([
        `CREATE INDEX CONCURRENTLY IF NOT EXISTS "${t}_name_trgm" ON "${t}" USING gin ("name" gin_trgm_ops)`,
        `CREATE INDEX CONCURRENTLY IF NOT EXISTS "${t}_note_trgm" ON "${t}" USING gin ("note" gin_trgm_ops)`,
      ]);
    } else if (engine === 'mysql') {
      expect(plan.statements).toEqual([
        `ALTER TABLE \`${t}\` ADD FULLTEXT INDEX \`search_name_ft\` (\`name\`)`,
        `ALTER TABLE \`${t}\` ADD FULLTEXT INDEX \`search_note_ft\` (\`note\`)`,
      ]);
    } else {
      expect(plan.statements[0]).toBe(`CREATE VIRTUAL TABLE "${t}_search" USING fts5("name", "note", content='${t}', content_rowid='id', tokenize='trigram')`);
      expect(plan.statements.filter((s) => s.startsWith('CREATE TRIGGER'))).toHaveLength(3);
      expect(plan.statements.at(-1)).toBe(`INSERT INTO "${t}_search" ("${t}_search") VALUES ('rebuild')`);
    }
    // A name outside the schema never reaches a statement; nor does a number column on a server engine.
    const unknown = await server.call('POST', '/get/planSearchIndex', { dbId: widgetApp.dbId, table: t, columns: ['name"); DROP TABLE x; --'] }, widgetApp.admin);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error[0]).toContain('does not exist');
    if (engine !== 'sqlite') {
      expect((await server.call('POST', '/get/planSearchIndex', { dbId: widgetApp.dbId, table: t, columns: ['price'] }, widgetApp.admin)).statusCode).toBe(400);
    }
  });

  it('is not a member\'s to see or to add', async () => {
    expect((await overview(widgetApp.member)).statusCode).toBe(403);
    const refused = await server.call('POST', '/save/addSearchIndex', { dbId: widgetApp.dbId, table: widgetApp.fixture.table, columns: ['name'] }, widgetApp.member);
    expect(refused.statusCode).toBe(403);
    expect(tableOf((await overview()).json().data as DbSearch)?.columns.some((c) => c.indexed)).toBe(false);
  });

  it('adds the index as the administrator, lists its columns as fast, and the search then goes through it', async () => {
    const job = await addIndex(['name', 'note']);
    expect(job.step).toBe(job.statements.length);
    const table = tableOf((await overview()).json().data as DbSearch);
    expect(table?.columns.filter((c) => c.indexed).map((c) => c.column)).toEqual(['name', 'note']);
    // Once there, the same columns are not indexed twice.
    const again = await server.call('POST', '/save/addSearchIndex', { dbId: widgetApp.dbId, table: widgetApp.fixture.table, columns: ['name'] }, widgetApp.admin);
    expect(again.statusCode).toBe(409);

    // The search box says whole words are matched where a FULLTEXT index answers (and only there).
    const content = await server.call('POST', '/get/loadTableContent', { pageId: widgetApp.pageId, componentId: 'goods', page: 1, limit: 10, search: 'kar' }, widgetApp.member);
    expect(content.json().data[0].searchWholeWords).toBe(engine === 'mysql' ? true : undefined);

    if (engine === 'postgres') {
      // The statement's shape (no cast) is one the trigram index serves.
      const client = new pg.Client({ connectionString: POSTGRES_TEST_DB });
      await client.connect();
      await client.query('SET enable_seqscan = off');
      const plan = await client.query(`EXPLAIN SELECT id FROM "${widgetApp.fixture.table}" WHERE "name" ILIKE $1 ESCAPE '!'`, ['%kar%']);
      await client.end();
      expect(plan.rows.map((r: { 'QUERY PLAN': string }) => r['QUERY PLAN']).join('\n')).toContain(`${widgetApp.fixture.table}_name_trgm`);
    }
  });

  it('answers over random terms what the unindexed search answered', async () => {
    if (engine === 'mysql') {
      // FULLTEXT matches whole words and word prefixes: every row holding the term so, and nothing LIKE would not find.
      for (const term of prefixes) {
        const found = await searchIds(term);
        const words = (text: string) => text.toLowerCase().split(/[^a-z0-9]+/);
        const holding = ROWS.filter((r) => [...words(r.name), ...words(r.note)].some((w) => w.startsWith(term.toLowerCase()))).map((r) => r.id);
        expect(found, term).toEqual(holding);
        expect(found.every((id) => unindexed.get(term)?.includes(id)), term).toBe(true);
      }
      return;
    }
    for (const term of terms) expect(await searchIds(term), term).toEqual(unindexed.get(term));
  });

  it('follows rows added, changed and removed after the index was made', async () => {
    const t = widgetApp.fixture.table;
    const quoted = engine === 'mysql' ? `\`${t}\`` : `"${t}"`;
    await widgetApp.fixture.exec(`INSERT INTO ${quoted} (id, name, note, price) VALUES (9001, 'Quorvex lamp', 'baru', 5)`);
    await widgetApp.fixture.exec(`UPDATE ${quoted} SET name = 'Zelmarine chair' WHERE id = 1`);
    await widgetApp.fixture.exec(`DELETE FROM ${quoted} WHERE id = 2`);
    expect(await searchIds('quorvex')).toEqual([9001]);
    // Once an index serves the text columns, number columns are searched for the exact number.
    expect(await searchIds('9001')).toEqual([9001]);
    expect(await searchIds(String(ROWS[9]?.price))).toEqual(ROWS.filter((r) => r.price === ROWS[9]?.price && r.id !== 2).map((r) => r.id));
    expect(await searchIds('zelmarine')).toEqual([1]);
    const gone = ROWS[1]?.name.split(' ')[0] ?? '';
    expect(await searchIds(gone)).not.toContain(2);
  });
});

/**
 * The connection's user may not create indexes: the screen says so plainly, the call is
 * refused and nothing is created. A restricted MariaDB user / PostgreSQL role is made here.
 */
describe.each(engines.filter((e) => e !== 'sqlite'))('a %s connection whose user may not add indexes', (engine) => {
  let server: TestServer;
  let widgetApp: DataWidgetApp;
  const role = `rakit_reader_${Date.now().toString(36)}`;

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    widgetApp = await dataWidgetApp(server, engine, {
      users: ['081700001911', '081700001912', '081700001913'], appName: 'Toko Baca', pageName: 'Barang', table: TABLE, widgets,
    });
    const t = widgetApp.fixture.table;
    if (engine === 'mysql') {
      const c = await createConnection({ uri: MYSQL_TEST_DB });
      await c.query(`CREATE USER '${role}'@'%' IDENTIFIED BY 'reader-pass-1'`);
      await c.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON test.* TO '${role}'@'%'`);
      await c.end();
    } else {
      const c = new pg.Client({ connectionString: POSTGRES_TEST_DB });
      await c.connect();
      await c.query(`CREATE ROLE ${role} LOGIN PASSWORD 'reader-pass-1'`);
      await c.query(`GRANT SELECT, INSERT, UPDATE, DELETE ON "${t}" TO ${role}`);
      await c.end();
    }
    const saved = await server.call('POST', '/save/saveDbConfig', {
      dbId: widgetApp.dbId, dbAppId: widgetApp.appId, ...widgetApp.fixture.dbBody, dbUser: role, dbPassword: 'reader-pass-1',
    }, widgetApp.admin);
    expect(saved.statusCode, saved.body).toBe(200);
  }, 60_000);
  afterAll(async () => {
    await widgetApp?.fixture.drop();
    if (engine === 'mysql') {
      const c = await createConnection({ uri: MYSQL_TEST_DB });
      await c.query(`DROP USER IF EXISTS '${role}'@'%'`);
      await c.end();
    } else {
      const c = new pg.Client({ connectionString: POSTGRES_TEST_DB });
      await c.connect();
      await c.query(`DROP ROLE IF EXISTS ${role}`);
      await c.end();
    }
    await server?.close();
  });

  it('says why on the screen, refuses the call and creates nothing', async () => {
    const search = (await server.call('GET', `/get/searchIndexes/${widgetApp.dbId}`, undefined, widgetApp.admin)).json().data as DbSearch;
    const table = search.tables.find((t) => t.table_name === widgetApp.fixture.table);
    expect(table?.canAdd).toBe(false);
    expect(table?.refusal).toContain(role);
    const refused = await server.call('POST', '/save/addSearchIndex', { dbId: widgetApp.dbId, table: widgetApp.fixture.table, columns: ['name'] }, widgetApp.admin);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error[0]).toBe(table?.refusal);
    expect((await server.call('GET', `/get/searchIndexProgress/${widgetApp.dbId}`, undefined, widgetApp.admin)).json().data).toBeNull();
    // The search still works, by LIKE.
    const content = await server.call('POST', '/get/loadTableContent', { pageId: widgetApp.pageId, componentId: 'goods', page: 1, limit: 10, search: ROWS[0]?.name ?? '' }, widgetApp.member);
    expect(content.json().data[0].filteredResult.map((r: { id: number | string }) => Number(r.id))).toContain(1);
  });
});

/** Rows of the big table: enough that building its index takes a while to watch. */
const BIG_ROWS = 200_000;

const BIG_TABLE = {
  prefix: 'goods_big',
  createSql: (quoted: string, engine: EngineName) => {
    if (engine === 'postgres') {
      return `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, label VARCHAR(100) NOT NULL);
        INSERT INTO ${quoted} SELECT n, 'barang biasa nomor ' || n FROM generate_series(1, ${BIG_ROWS}) AS n;`;
    }
    if (engine === 'mysql') {
      return `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, label VARCHAR(100) NOT NULL);
        INSERT INTO ${quoted} SELECT seq, CONCAT('barang biasa nomor ', seq) FROM seq_1_to_${BIG_ROWS};`;
    }
    return `CREATE TABLE ${quoted} (id INTEGER PRIMARY KEY, label TEXT NOT NULL);
      WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < ${BIG_ROWS}) INSERT INTO ${quoted} SELECT i, 'barang biasa nomor ' || i FROM n;`;
  },
};

describe.each(engines)('adding a search index on a big %s table', (engine) => {
  let server: TestServer;
  let widgetApp: DataWidgetApp;

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    widgetApp = await dataWidgetApp(server, engine, {
      users: ['081700001921', '081700001922', '081700001923'], appName: 'Gudang Cari', pageName: 'Barang', table: BIG_TABLE,
      widgets: (dbId, table) => [{ ...createComponent('table', 'goods', 'Barang'), options: 'Id,Label', mapping_table: 'id,label', database_used: dbId, primaryKey: 'id', table_used: table }],
    });
  }, 180_000);
  afterAll(async () => {
    await widgetApp?.fixture.drop();
    await server?.close();
  });

  it('answers other calls while it runs, reports its progress, and is then used', async () => {
    const started = await server.call('POST', '/save/addSearchIndex', { dbId: widgetApp.dbId, table: widgetApp.fixture.table, columns: ['label'] }, widgetApp.admin);
    expect(started.statusCode, started.body).toBe(200);
    const seen: SearchIndexJob[] = [started.json().data as SearchIndexJob];
    for (let waited = 0; seen.at(-1)?.state === 'running' && waited < 150_000; waited += 50) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      // The server answers while the index is built (SQLite's runs in a worker thread).
      const polled = await server.call('GET', `/get/searchIndexProgress/${widgetApp.dbId}`, undefined, widgetApp.admin);
      expect(polled.statusCode).toBe(200);
      seen.push(polled.json().data as SearchIndexJob);
    }
    expect(seen.at(-1), JSON.stringify(seen.at(-1))).toMatchObject({ state: 'done', progress: 1 });
    const running = seen.filter((j) => j.state === 'running');
    expect(running.length).toBeGreaterThan(1);
    // PostgreSQL and MariaDB say what the build is doing; SQLite only which statement runs.
    if (engine !== 'sqlite') expect(running.some((j) => j.phase !== null), JSON.stringify(running.slice(-3))).toBe(true);
    const answer = await server.call('POST', '/get/loadTableContent', { pageId: widgetApp.pageId, componentId: 'goods', page: 1, limit: 20, search: 'nomor 199999' }, widgetApp.member);
    expect(answer.json().data[0].filteredResult.map((r: { id: number | string }) => Number(r.id))).toEqual([199999]);
  }, 180_000);

  it.skipIf(engine === 'sqlite')('shows a build another process started, and refuses to start a second one meanwhile', async () => {
    const t = widgetApp.fixture.table;
    // Another server process (here: a hand-made session) builds a second search index on the table.
    const byHand = widgetApp.fixture.exec(engine === 'mysql'
      ? `ALTER TABLE \`${t}\` ADD FULLTEXT INDEX \`by_hand_ft\` (\`label\`)`
      : `CREATE INDEX CONCURRENTLY "${t}_by_hand" ON "${t}" USING gin ("label" gin_trgm_ops)`);
    let seen: SearchIndexJob | null = null;
    for (let waited = 0; seen?.state !== 'running' && waited < 20_000; waited += 50) {
      seen = (await server.call('GET', `/get/searchIndexProgress/${widgetApp.dbId}`, undefined, widgetApp.admin)).json().data as SearchIndexJob | null;
    }
    expect(seen).toMatchObject({ state: 'running', table: t });
    const second = await server.call('POST', '/save/addSearchIndex', { dbId: widgetApp.dbId, table: t, columns: ['label'] }, widgetApp.admin);
    expect(second.statusCode).toBe(409);
    await byHand;
    // Once it ended, this process's own last build is what is told again. MariaDB answers the
    // ALTER before it clears the statement from its process list, so that may take a few ms.
    let after: SearchIndexJob | null = null;
    for (let waited = 0; after?.state !== 'done' && waited < 5_000; waited += 50) {
      if (after !== null) await new Promise((resolve) => setTimeout(resolve, 50));
      after = (await server.call('GET', `/get/searchIndexProgress/${widgetApp.dbId}`, undefined, widgetApp.admin)).json().data as SearchIndexJob;
    }
    expect(after).toMatchObject({ state: 'done', table: t, columns: ['label'] });
  }, 60_000);
});
