import { type Component, createComponent, type DbSearch } from '@rakit/core';
import { createConnection } from 'mysql2/promise';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';
import { type DataWidgetApp, dataWidgetApp } from './support/data-widget-app';
import { availableEngines, type EngineName } from './support/engines';
import { MYSQL_TEST_DB } from './support/fixtures';
import { addSearchIndex, seeded, sqlText } from './support/search-data';

/**
 * Issue 32's properties of the data widgets' search, on each engine through the HTTP API:
 * "never worse with an index" — over seeded random terms, a table with a search index (FTS5
 * trigram, pg_trgm GIN, FULLTEXT) answers the rows and counts the same table without one
 * answers by LIKE (SQLite, PostgreSQL), or exactly the rows holding every word of the term
 * at a word's beginning (MariaDB's FULLTEXT, computed here from the data); and "bad input
 * stays harmless" — odd terms answer rows searched literally or a clear 4xx, never a 500
 * nor an engine's error text. The rows' words have known frequencies (every row, a tenth,
 * ten rows, one row, none), with digits, punctuation and non-Latin letters.
 */
const engines = await availableEngines();

const ROW_COUNT = 4000;
const random = seeded(32);
const pick = <T>(items: readonly T[], next = random) => items[Math.floor(next() * items.length)] as T;

/** On every row, first in its name. */
const EVERY_ROW_WORD = 'Item';
/** The city of every tenth row (id % 10 === 0). */
const TENTH_CITY = 'Surabaya';
/** The other rows' cities, with and without their accents and in both cases. */
const CITIES = ['Bandung', 'Medan', 'Semarang', 'Makassar', 'Denpasar', 'Москва', 'МОСКВА', 'Αθήνα', 'ΑΘΗΝΑ', 'Ñandú', 'Nandu', 'Çay', 'Cay', 'Pekanbaru'];
const STREETS = ['Merdeka', 'Sudirman', 'Thamrin', 'Diponegoro', 'O\'Neil', 'Mawar', 'Gajah Mada'];
/** Words on exactly ten rows each. */
const TEN_ROW_WORDS = ['Rendang', 'Gudeg', 'Pempek', 'Soto', 'Rawon', 'Papeda', 'Lontong', 'Serabi', 'Klepon', 'Bakpia',
  'Getuk', 'Lemper', 'Onde', 'Dodol', 'Wingko', 'Bika', 'Kerak', 'Tekwan', 'Empal', 'Karedok'];
/** Words on exactly one row each: made-up Latin ones and a few non-Latin. */
const SYLLABLES = ['zu', 'vor', 'qal', 'mib', 'tex', 'jor', 'fyn', 'wub', 'xel', 'hok'];
const ONE_ROW_WORDS = [
  ...new Set(Array.from({ length: 60 }, () => {
    const word = `${pick(SYLLABLES)}${pick(SYLLABLES)}${pick(SYLLABLES)}`;
    return word[0]?.toUpperCase() + word.slice(1);
  })),
].slice(0, 34).concat(['Ярославль', 'Θεσσαλονίκη', 'Ñuñoa', 'Ğebze', 'Çorum', 'Ürümqi']);
/** Words on no row. */
const NO_ROW_WORDS = ['Zyzzyva', 'Kopitiam', 'Qwertz', 'Bandungan', 'Мурманск', 'Σπάρτη', 'Ñoño', 'Xylofon'];
/** A token longer than InnoDB's innodb_ft_max_token_size (84): no FULLTEXT index holds it. */
const LONG_TOKEN = `SKU${'Q7'.repeat(45)}`;
/** Notes of some rows: punctuation, LIKE's and the boolean mode's syntax, English stopwords. */
const NOTES = ['deliver when ready', 'about the size of a box', 'kode_rahasia 7', '50% diskon', 'harga "spesial"', 'C:\\gudang\\rak-2',
  'stok *terbatas*', '+62 812-3456-7890', 'a+b (c) <d> ~e @f', 'it\'s the end', 'Awas! pecah belah'];

interface Row { id: number; name: string; address: string; note: string }
const COLUMNS = ['name', 'address', 'note'] as const;

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i -= 1) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j] as T, out[i] as T];
  }
  return out;
}

const ROWS: Row[] = (() => {
  const ids = Array.from({ length: ROW_COUNT }, (_, i) => i + 1);
  const order = shuffled(ids);
  const extra = new Map<number, string[]>();
  TEN_ROW_WORDS.forEach((word, k) => order.slice(k * 10, k * 10 + 10).forEach((id) => extra.set(id, [...(extra.get(id) ?? []), word])));
  ONE_ROW_WORDS.forEach((word, k) => {
    const id = order[TEN_ROW_WORDS.length * 10 + k] as number;
    extra.set(id, [...(extra.get(id) ?? []), word]);
  });
  return ids.map((id) => {
    const city = id % 10 === 0 ? TENTH_CITY : pick(CITIES);
    const n = 1 + Math.floor(random() * 99);
    const street = pick(STREETS);
    const address = pick([
      `Jl. ${street} No. ${n}, ${city}`, `Jl. Merdeka-${n} ${city}`, `Gg.${street}/${n} Kec.${city}`,
      `${city}-Barat RT 0${n % 10}/RW 0${(n * 7) % 10}`, `Blok Ğ-${n} (${city})`,
    ]);
    const note = id === 77 ? `kode ${LONG_TOKEN}` : random() < 0.3 ? pick(NOTES) : '';
    return { id, name: [`${EVERY_ROW_WORD} ${1000 + ((id * 7919) % 9000)}`, ...(extra.get(id) ?? [])].join(' '), address, note };
  });
})();

/** The plain copy of the table (no index), beside the one the index is added to. */
const plainOf = (name: string) => `${name}_plain`;
const TABLE = {
  prefix: 'goods_terms',
  createSql: (quoted: string, engine: EngineName) => {
    const text = engine === 'sqlite' ? 'TEXT' : 'VARCHAR(255)';
    // The folding the MariaDB expectations assume (mariadbFold): case- and accent-insensitive.
    const options = engine === 'mysql' ? ' DEFAULT CHARSET=utf8mb4 COLLATE=utf8mb4_general_ci' : '';
    const plain = `${quoted.slice(0, -1)}_plain${quoted.slice(-1)}`;
    return [quoted, plain].map((table) => {
      const inserts = Array.from({ length: Math.ceil(ROWS.length / 500) }, (_, i) => ROWS.slice(i * 500, i * 500 + 500))
        .map((chunk) => `INSERT INTO ${table} (id, name, address, note) VALUES ${chunk.map((r) => `(${r.id}, ${sqlText(r.name, engine)}, ${sqlText(r.address, engine)}, ${sqlText(r.note, engine)})`).join(', ')};`);
      return [`CREATE TABLE ${table} (id INTEGER PRIMARY KEY, name ${text} NOT NULL, address ${text} NOT NULL, note ${text} NOT NULL)${options};`, ...inserts].join('\n');
    }).join('\n');
  },
};

/** The widget over the indexed table and the one over its plain copy: the text columns only, so no number column is searched. */
function widgets(dbId: number, table: string): Component[] {
  const widget = (id: string, tableUsed: string) => ({
    ...createComponent('table', id, id), options: 'Name,Address,Note', mapping_table: 'name,address,note', database_used: dbId, primaryKey: 'id', table_used: tableUsed,
  });
  return [widget('indexed', table), widget('plain', plainOf(table))];
}

/**
 * How each engine's LIKE compares letters: SQLite folds ASCII case only, PostgreSQL's ILIKE
 * every letter's case (one letter at a time: no final sigma), MariaDB's general_ci also accents.
 */
const asciiFold = (text: string) => text.replace(/[A-Z]/g, (c) => c.toLowerCase());
const caseFold = (text: string) => [...text].map((c) => c.toLowerCase()).join('');
const mariadbFold = (text: string) => caseFold(text.normalize('NFD').replace(/\p{M}/gu, '')).replaceAll('ς', 'σ');
const FOLD: Record<EngineName, (text: string) => string> = { sqlite: asciiFold, postgres: caseFold, mysql: mariadbFold };

const ids = (rows: readonly Row[]) => rows.map((r) => r.id);

/** The rows the unindexed search keeps: the trimmed term anywhere in a column, literally, letters compared as the engine's LIKE does. */
function likeExpected(engine: EngineName, term: string, fold = FOLD[engine]): number[] {
  const search = fold(term.trim());
  return ids(ROWS.filter((r) => COLUMNS.some((c) => fold(r[c]).includes(search))));
}

/** The term's words as a FULLTEXT search takes them: split at all but letters and digits. */
/** A term's words as the server splits them for the index: '_' is a word's letter, as InnoDB's. */
const termWords = (term: string) => term.trim().split(/[^\p{L}\p{N}_]+/u).filter((w) => w !== '');
/** A column's words as InnoDB's parser makes them: '_' is a word's letter there. */
const columnWords = (text: string) => mariadbFold(text).split(/[^\p{L}\p{N}_]+/u).filter((w) => w !== '');

/**
 * The rows MariaDB's search through a FULLTEXT index per column keeps: a column holding each of
 * the term's words at a word's beginning; a term with no word, a word shorter than 3 letters or
 * one of InnoDB's stopwords is looked for by LIKE instead (search-condition.ts fulltextWords).
 * With `wordsAsInnodb`, the term's words are split as InnoDB splits the column ('_' inside).
 */
function fulltextExpected(term: string, stopwords: ReadonlySet<string>): number[] {
  const words = termWords(term);
  // A word the index cannot hold all of goes to LIKE: too short, too long (InnoDB's 84), or the beginning of a stopword.
  const outside = (w: string) => [...w].length < 3 || [...w].length > 84 || [...stopwords].some((s) => s.startsWith(w.toLowerCase()));
  if (words.length === 0 || words.some(outside)) return likeExpected('mysql', term);
  const wanted = columnWords(term);
  return ids(ROWS.filter((r) => COLUMNS.some((c) => {
    const held = columnWords(r[c]);
    return wanted.every((w) => held.some((h) => h.startsWith(w)));
  })));
}

/** A term with '_' inside a word, which InnoDB holds as one word ('kode_rahasia'). */
const underscoreInWord = (term: string) => /[\p{L}\p{N}]_+[\p{L}\p{N}]/u.test(term);

const termRandom = seeded(3232);
const pickTerm = <T>(items: readonly T[]) => pick(items, termRandom);
const withCase = (text: string) => {
  const r = termRandom();
  return r < 0.2 ? text.toUpperCase() : r < 0.4 ? text.toLowerCase() : text;
};
const DIGITS = ['1234', '12', '123', '9999', '100', '0', '03', '812', '3456-7890', 'No. 5', '/RW 0'];
const PUNCTUATED = ['Jl.', 'Merdeka-5', 'Merdeka-', 'O\'Neil', 'o\'n', 'Gg.Mawar', 'Kec.Ça', 'Kec.', '(Bandung)', 'RT 03/RW', '50%', 'kode_rahasia',
  '"spesial"', 'C:\\gudang', 'Ğ-1', 'it\'s', 'a+b', '<d>', 'when', 'the size'];
const NON_LATIN = ['Москва', 'МОСК', 'оскв', 'Αθήνα', 'αθηνα', 'ΑΘΗ', 'Ñandú', 'ñandu', 'nandu', 'ÑAN', 'Çay', 'cay', 'Ğ', 'Ярос', 'θεσσ', 'ürüm', 'Ñuñoa', 'Ğebze'];

/** The words of a random row's column (its name when it has no note). */
function wordsOfARow(): string[] {
  const row = pickTerm(ROWS);
  const column = pickTerm(COLUMNS);
  return (row[column] === '' ? row.name : row[column]).split(/[\s,]+/).filter((w) => w !== '');
}

/** The first 3 or more characters of a word. */
const prefixOf = (word: string) => [...word].slice(0, 3 + Math.floor(termRandom() * Math.max(0, [...word].length - 2))).join('');

/** One to three words of a row's column as they stand there (what LIKE finds), maybe from inside its first word. */
function sliceOfData(): string {
  const words = wordsOfARow();
  const from = Math.floor(termRandom() * words.length);
  const text = words.slice(from, from + 1 + Math.floor(termRandom() * 3)).join(' ');
  const cut = termRandom() < 0.3 ? Math.floor(termRandom() * Math.max(0, [...text].length - 3)) : 0;
  return withCase([...text].slice(cut).join(''));
}

/** One to three words of a row's column in any order, some cut to their beginning (what a FULLTEXT index finds). */
function wordsOfData(): string {
  const words = wordsOfARow().filter((w) => [...w].length >= 3);
  if (words.length === 0) return withCase(EVERY_ROW_WORD);
  return Array.from({ length: 1 + Math.floor(termRandom() * 3) }, () => {
    const word = pickTerm(words);
    return withCase(termRandom() < 0.5 ? prefixOf(word) : word);
  }).join(' ');
}

/** Words of each kind: on every row, a tenth of them, ten, one, none; beginnings of words; digits; punctuation; non-Latin letters. */
const PARTS: (() => string)[] = [
  () => withCase(EVERY_ROW_WORD), () => withCase(TENTH_CITY), () => withCase(pickTerm(TEN_ROW_WORDS)), () => withCase(pickTerm(ONE_ROW_WORDS)),
  () => withCase(pickTerm(NO_ROW_WORDS)), () => withCase(prefixOf(pickTerm(wordsOfARow()))), () => pickTerm(DIGITS), () => pickTerm(PUNCTUATED),
  () => withCase(pickTerm(NON_LATIN)), () => withCase(pickTerm(NON_LATIN)),
];

/** Seeded terms: slices of the rows, words of one row, and one to three words of the kinds above. */
function randomTerms(count: number): string[] {
  const terms = new Set<string>();
  while (terms.size < count) {
    const r = termRandom();
    const term = r < 0.25 ? sliceOfData()
      : r < 0.45 ? wordsOfData()
        : Array.from({ length: r < 0.75 ? 1 : 2 + Math.floor(termRandom() * 2) }, () => pickTerm(PARTS)()).join(' ');
    if (term.trim() !== '') terms.add(term);
  }
  return [...terms];
}

const TERMS = randomTerms(90);
const PAGE_LIMIT = 100;

/** Odd and hostile terms within the search's 200 characters: punctuation, LIKE's and the boolean mode's syntax, SQL, 100 words. */
const ODD_TERMS = [
  'x'.repeat(200), Array.from({ length: 100 }, (_, i) => String.fromCharCode(97 + (i % 26))).join(' '), Array.from({ length: 50 }, () => 'ite').join(' '),
  '.,;:!?', '!?;', '/', '.', '*', '***', '"', '""', '+-~<>()@', 'a+b (c) <d> ~e @f', '\'; DROP TABLE x; --', '%', '%%', '_', '\\', '\\\\', '\\%',
  '!', '!%', 'Awas!', '[a-z]', '(^|x)', '\'', '\t ', '\uD800', '\u202Eabc', '🙂🙂🙂', 'Item 🙂',
];
/** Terms holding a NUL character. */
const NUL_TERMS = ['Item\u0000', '\u0000\u0000\u0000'];

/** An engine's error text, or SQL of ours, in an answer: never to be seen by a member. */
const ENGINE_TEXT = /sql|syntax|fts5|match \(|against|sqlite|ER_[A-Z_]+|pg_trgm|ilike|escape|unterminated|byte sequence|encoding|query error|database error|internal server error/i;

interface Answer { ids: number[]; count: number; countCapped: boolean }

/** How an answer differs from the expected one, short enough to read in a failure: undefined when it does not. */
function difference(term: string, answered: Answer, expected: Answer | undefined) {
  if (JSON.stringify(answered) === JSON.stringify(expected)) return undefined;
  return {
    term,
    count: `${answered.count}${answered.countCapped ? '+' : ''} (expected ${expected?.count}${expected?.countCapped === true ? '+' : ''})`,
    missing: expected?.ids.filter((id) => !answered.ids.includes(id)).slice(0, 10),
    extra: answered.ids.filter((id) => expected?.ids.includes(id) !== true).slice(0, 10),
  };
}

/** A 10-row page: MariaDB's planner then reads terms on a few per cent of the rows in key order (search-planner.ts, frequent-terms.ts). */
const SHORT_LIMIT = 10;
/** Terms on many rows, their words after spaces and after punctuation: for short pages. */
const FREQUENT_TERMS = [EVERY_ROW_WORD, 'surabaya', 'Item Surabaya', 'Jl. Merdeka', 'merdeka', 'Kec', 'Barat', 'Gajah Mada', 'Item Bandung', 'Blok', 'Blok Ğ',
  'Москва', 'москва', 'МОСКВА Item', 'medan', 'Kec Medan'];
/** The same, spelled with other accents than some of their rows (Çay/Cay, Ñandú/Nandu, Αθήνα/ΑΘΗΝΑ). */
const ACCENTED_FREQUENT_TERMS = ['Çay', 'çay', 'cay', 'Cay Item', 'Ñandú', 'nandu', 'ÑANDÚ', 'Αθήνα', 'αθηνα', 'ΑΘΗΝΑ Item'];
/** Beginnings of InnoDB's stopwords ('when', 'about' in the notes): the index holds no stopword. */
const STOPWORD_BEGINNING_TERMS = ['whe', 'abou'];
/** Beginnings of a row's token longer than InnoDB's innodb_ft_max_token_size (84): the index does not hold it. */
const LONG_TOKEN_TERMS = [LONG_TOKEN.slice(0, 8), LONG_TOKEN, `kode ${LONG_TOKEN.slice(0, 10)}`];
/** A word found nowhere and longer than 84 characters beside words found on some rows: no row holds the term. */
const LONG_WORD_TERMS = [`${TEN_ROW_WORDS[0]} ${'Z'.repeat(90)}`, `${ONE_ROW_WORDS[0]} ${'Z'.repeat(90)}`, `${ONE_ROW_WORDS[0]} ${'Z'.repeat(85)} Item`];
/** Words with '_' inside, letter for letter as rows hold them. */
const UNDERSCORE_TERMS = ['kode_rahasia', 'kode_rah', 'KODE_RAHASIA 7'];
/** Other terms at the edges of InnoDB's words: '_' is a word's letter there; a long word with only frequent ones beside it. */
const WORD_EDGE_TERMS = ['wher', 'rahasia', 'kode rahasia', 'kode _rahasia', `kode ${'Z'.repeat(90)}`, `Item ${'Z'.repeat(90)}`, 'Z'.repeat(90)];

/**
 * Whether SQLite's FTS5 trigram index (every letter's case folded, for terms of 3 characters or
 * more) and its LIKE (ASCII's case only) keep different rows for `term`.
 */
const sqliteCaseMatters = (term: string) =>
  [...term.trim()].length >= 3 && JSON.stringify(likeExpected('sqlite', term)) !== JSON.stringify(likeExpected('sqlite', term, caseFold));

describe.each(engines)('search terms on a %s table: never worse with an index', (engine) => {
  let server: TestServer;
  let widgetApp: DataWidgetApp;
  /** InnoDB's stopwords as the engine lists them (MariaDB only). */
  let stopwords = new Set<string>();
  /** The plain widget's answer per term, asked before the indexed one is. */
  const plain = new Map<string, Answer>();

  const call = (componentId: string, search: string, limit = PAGE_LIMIT) =>
    server.call('POST', '/get/loadTableContent', { pageId: widgetApp.pageId, componentId, page: 1, limit, search }, widgetApp.member);
  const answerOf = async (componentId: string, search: string, limit = PAGE_LIMIT): Promise<Answer> => {
    const answer = await call(componentId, search, limit);
    expect(answer.statusCode, `${componentId} '${search}': ${answer.body}`).toBe(200);
    const content = answer.json().data[0] as { count: number; countCapped: boolean; filteredResult: { id: number | string }[] };
    return { ids: content.filteredResult.map((r) => Number(r.id)), count: content.count, countCapped: content.countCapped };
  };
  /** What a search answers when it keeps `expected`: its first page in key order and its full count. */
  const answerFor = (expected: number[], limit = PAGE_LIMIT): Answer => ({ ids: expected.slice(0, limit), count: expected.length, countCapped: false });
  /** What the indexed widget must answer: the plain widget's answer, or on MariaDB the FULLTEXT expectation computed from the rows. */
  const indexedExpectation = async (term: string, limit = PAGE_LIMIT) => {
    if (engine === 'mysql') return answerFor(fulltextExpected(term, stopwords), limit);
    return limit === PAGE_LIMIT && plain.has(term) ? plain.get(term) : answerOf('plain', term, limit);
  };
  /** The differences of the indexed widget's answers from what it must answer, term by term. */
  const differences = async (terms: readonly string[], limit = PAGE_LIMIT) => {
    const found = [];
    for (const term of terms) found.push(difference(term, await answerOf('indexed', term, limit), await indexedExpectation(term, limit)));
    return found.filter((d) => d !== undefined);
  };

  beforeAll(async () => {
    server = await buildTestServer('sqlite', { allowPrivateDatabases: true });
    widgetApp = await dataWidgetApp(server, engine, {
      users: ['081700003201', '081700003202', '081700003203'], appName: 'Toko Kata', pageName: 'Barang', table: TABLE, widgets,
    });
    const job = await addSearchIndex(server, widgetApp, ['name', 'address', 'note']);
    expect(job.step).toBe(job.statements.length);
    if (engine === 'mysql') {
      const c = await createConnection({ uri: MYSQL_TEST_DB });
      const [rows] = await c.query('SELECT value FROM information_schema.INNODB_FT_DEFAULT_STOPWORD');
      await c.end();
      stopwords = new Set((rows as { value: string }[]).map((r) => r.value.toLowerCase()));
    }
    for (const term of TERMS) plain.set(term, await answerOf('plain', term));
  }, 120_000);
  afterAll(async () => {
    if (widgetApp !== undefined && engine !== 'sqlite') {
      const t = plainOf(widgetApp.fixture.table);
      await widgetApp.fixture.exec(`DROP TABLE IF EXISTS ${engine === 'mysql' ? `\`${t}\`` : `"${t}"`}`);
    }
    await widgetApp?.fixture.drop();
    await server?.close();
  });

  it('has the index on one copy only, and searches that copy through it', async () => {
    const overview = await server.call('GET', `/get/searchIndexes/${widgetApp.dbId}`, undefined, widgetApp.admin);
    expect(overview.statusCode, overview.body).toBe(200);
    const search = overview.json().data as DbSearch;
    const indexed = (table: string) => search.tables.find((t) => t.table_name === table)?.columns.filter((c) => c.indexed).map((c) => c.column);
    expect(indexed(widgetApp.fixture.table)).toEqual(['name', 'address', 'note']);
    expect(indexed(plainOf(widgetApp.fixture.table))).toEqual([]);
    // MariaDB's search box says whole words are matched, on the indexed copy only.
    const wholeWords = async (componentId: string) => (await call(componentId, EVERY_ROW_WORD, SHORT_LIMIT)).json().data[0].searchWholeWords as boolean | undefined;
    expect(await wholeWords('indexed')).toBe(engine === 'mysql' ? true : undefined);
    expect(await wholeWords('plain')).toBeUndefined();
  });

  it('has its words at their known frequencies, as the plain widget counts them', async () => {
    const holding = (word: string) => ROWS.filter((r) => COLUMNS.some((c) => columnWords(r[c]).includes(mariadbFold(word)))).length;
    expect(holding(EVERY_ROW_WORD)).toBe(ROW_COUNT);
    expect(holding(TENTH_CITY)).toBe(ROW_COUNT / 10);
    for (const word of TEN_ROW_WORDS) expect(holding(word), word).toBe(10);
    for (const word of ONE_ROW_WORDS) expect(holding(word), word).toBe(1);
    for (const word of NO_ROW_WORDS) expect(ROWS.some((r) => COLUMNS.some((c) => mariadbFold(r[c]).includes(mariadbFold(word)))), word).toBe(false);
    expect((await answerOf('plain', EVERY_ROW_WORD)).count).toBe(ROW_COUNT);
    expect((await answerOf('plain', TENTH_CITY)).count).toBe(ROW_COUNT / 10);
    expect(TERMS.length).toBeGreaterThanOrEqual(60);
  });

  it('finds without an index what a literal reading of the rows finds (LIKE, the engine\'s letter case)', () => {
    expect(TERMS.map((term) => difference(term, plain.get(term) as Answer, answerFor(likeExpected(engine, term)))).filter(Boolean)).toEqual([]);
  });

  it(`answers through the index what it should, over ${TERMS.length} seeded terms (page 1 of ${PAGE_LIMIT} rows and the count)`, async () => {
    expect(await differences(TERMS)).toEqual([]);
  }, 60_000);

  it('answers frequent terms on short pages (MariaDB reads them in key order) what it should', async () => {
    const terms = [...FREQUENT_TERMS, ...ACCENTED_FREQUENT_TERMS];
    expect(await differences(terms, SHORT_LIMIT)).toEqual([]);
  }, 60_000);

  it('answers terms at the edges of InnoDB\'s words what it should', async () => {
    // On MariaDB the engine's limit below is asserted apart.
    const known = engine === 'mysql' ? LONG_TOKEN_TERMS : [];
    const terms = [...WORD_EDGE_TERMS, ...STOPWORD_BEGINNING_TERMS, ...LONG_TOKEN_TERMS, ...LONG_WORD_TERMS, ...UNDERSCORE_TERMS].filter((t) => !known.includes(t));
    expect(await differences(terms)).toEqual([]);
  }, 60_000);

  (engine === 'sqlite' ? it : it.skip)('answers through the FTS5 index the letter case LIKE answers, non-ASCII letters too', async () => {
    // The trigram tokenizer folds every letter's case, LIKE only ASCII's: 'москва' finds no 'Москва' row either way.
    const terms = [...TERMS, ...FREQUENT_TERMS, ...ACCENTED_FREQUENT_TERMS].filter(sqliteCaseMatters);
    expect(terms.length).toBeGreaterThan(0);
    expect(await differences(terms)).toEqual([]);
  }, 60_000);

  (engine === 'mysql' ? it : it.skip)('reads a frequent term in key order under the collation\'s accents, after punctuation too', async () => {
    // The index and LIKE (general_ci) match 'Kec.Cay' for 'çay'; so must the key-order read.
    expect(await differences(ACCENTED_FREQUENT_TERMS, SHORT_LIMIT)).toEqual([]);
  }, 60_000);

  (engine === 'mysql' ? it : it.skip)('looks for a word past 84 characters, or the beginning of a stopword, by LIKE: the index holds neither', async () => {
    // '+rendang* +zzz…*' would answer every Rendang row; 'whe' no row of 'deliver when ready'.
    expect(await differences([...LONG_WORD_TERMS, ...STOPWORD_BEGINNING_TERMS])).toEqual([]);
  }, 60_000);

  (engine === 'mysql' ? it : it.skip)('keeps \'_\' inside a word, as InnoDB\'s parser does', async () => {
    expect(await differences([...UNDERSCORE_TERMS, ...TERMS.filter(underscoreInWord)])).toEqual([]);
  }, 60_000);

  (engine === 'mysql' ? it.fails : it.skip)('KNOWN LIMIT (MariaDB): a token of a row longer than 84 characters is not in the index', async () => {
    expect(await differences(LONG_TOKEN_TERMS)).toEqual([]);
  }, 60_000);

  /**
   * What is wrong with the answers of both widgets to an odd term, if anything: each must be a
   * 200 with the rows the term keeps when read literally (or as whole words through a FULLTEXT
   * index), or a 4xx whose every error text is the server's own, never a 5xx nor the engine's.
   */
  const oddAnswerProblems = async (term: string) => {
    const problems = [];
    for (const component of ['plain', 'indexed']) {
      const answer = await call(component, term);
      const status = answer.statusCode;
      if (status !== 200) {
        const errors = (answer.json() as { error?: unknown }).error;
        const clear = status >= 400 && status < 500 && Array.isArray(errors) && errors.length > 0 && errors.every((e) => typeof e === 'string' && e !== '' && !ENGINE_TEXT.test(e));
        if (!clear) problems.push({ term, component, status, body: answer.body.slice(0, 300) });
        continue;
      }
      const content = answer.json().data[0] as { count: number; countCapped: boolean; filteredResult: { id: number | string }[] };
      const answered = { ids: content.filteredResult.map((r) => Number(r.id)), count: content.count, countCapped: content.countCapped };
      const expected = component === 'indexed' && engine === 'mysql' ? fulltextExpected(term, stopwords) : likeExpected(engine, term);
      const wrong = difference(term, answered, answerFor(expected));
      if (wrong !== undefined) problems.push({ term, component, status, body: JSON.stringify(wrong) });
    }
    return problems;
  };

  it('answers odd and hostile terms literally or with a clear 4xx, never a 500 nor an engine\'s text', async () => {
    const terms = [...ODD_TERMS, ...NUL_TERMS];
    const problems = [];
    for (const term of terms) problems.push(...await oddAnswerProblems(term));
    expect(problems).toEqual([]);

    // Past the search's 200 characters: the call is refused, saying which field.
    for (const term of ['x'.repeat(201), 'y'.repeat(1000), Array.from({ length: 100 }, (_, i) => `kata${i}`).join(' ')]) {
      const answer = await call('indexed', term);
      expect(answer.statusCode, term.slice(0, 20)).toBe(400);
      const error = (answer.json() as { error: string[] }).error[0];
      expect(error).toMatch(/search/);
      expect(error).not.toMatch(ENGINE_TEXT);
    }
    // Nothing was dropped: both tables still answer every row.
    expect((await answerOf('indexed', EVERY_ROW_WORD)).count).toBe(ROW_COUNT);
    expect((await answerOf('plain', EVERY_ROW_WORD)).count).toBe(ROW_COUNT);
  }, 60_000);
});
