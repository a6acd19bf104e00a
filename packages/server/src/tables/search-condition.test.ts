import { describe, expect, it } from 'vitest';
import { parseTrigramFts } from '../datasources/search-indexes';
import { quoteAnsi } from '../datasources/types';
import { fulltextQuery, searchCondition, type SearchPlan } from './search-condition';

const plan = (over: Partial<SearchPlan>): SearchPlan => ({
  dialect: 'sqlite', quote: quoteAnsi, searchable: ['name', 'note', 'price'], textColumns: new Set(['name', 'note']),
  indexes: { trigram: [], fulltext: [], fts: null, sorted: [] }, integerColumns: new Set(['price']), ...over,
});

describe('fulltextQuery', () => {
  it('makes every word a required prefix and never passes the user\'s operators on', () => {
    expect(fulltextQuery('kopi susu')).toBe('+kopi* +susu*');
    expect(fulltextQuery('-kopi +"susu" (gula) ~aren* @teh> <roti roti\'bakar')).toBe('+kopi* +susu* +gula* +aren* +teh* +roti* +roti* +bakar*');
    expect(fulltextQuery('Café')).toBe('+Café*');
  });
  it('leaves to LIKE what a FULLTEXT index does not hold', () => {
    expect(fulltextQuery('"+-*')).toBeUndefined();
    expect(fulltextQuery('ab')).toBeUndefined();
    expect(fulltextQuery('kopi di')).toBeUndefined();
    expect(fulltextQuery('the coffee')).toBeUndefined();
  });
});

describe('searchCondition', () => {
  it('on PostgreSQL casts only the columns that are not text, so a trigram index serves the others', () => {
    expect(searchCondition(plan({ dialect: 'postgres' }), ' kopi ')).toEqual({
      sql: `("name" ILIKE ? ESCAPE '!' OR "note" ILIKE ? ESCAPE '!' OR CAST("price" AS TEXT) ILIKE ? ESCAPE '!')`,
      params: ['%kopi%', '%kopi%', '%kopi%'],
    });
  });
  it('once an index serves the text columns, looks for exact whole numbers in integer columns and reads no other by LIKE', () => {
    const indexed = plan({ dialect: 'postgres', searchable: ['name', 'price', 'sold_on'], indexes: { trigram: ['name'], fulltext: [], fts: null, sorted: [] } });
    expect(searchCondition(indexed, '42')).toEqual({ sql: `("price" = CAST(? AS BIGINT) OR "name" ILIKE ? ESCAPE '!')`, params: ['42', '%42%'] });
    expect(searchCondition(indexed, 'kopi')).toEqual({ sql: `("name" ILIKE ? ESCAPE '!')`, params: ['%kopi%'] });
    const mysql = plan({ dialect: 'mysql', quote: (i) => `\`${i}\``, searchable: ['name', 'price'], indexes: { trigram: [], fulltext: [['name']], fts: null, sorted: [] } });
    expect(searchCondition(mysql, '4242')).toEqual({ sql: '(MATCH (`name`) AGAINST (? IN BOOLEAN MODE) OR `price` = ?)', params: ['+4242*', '4242'] });
    // '42' is too short a word for FULLTEXT: without the index serving, LIKE everywhere as before.
    expect(searchCondition(mysql, '42')).toEqual({ sql: "(`name` LIKE ? ESCAPE '!' OR `price` LIKE ? ESCAPE '!')", params: ['%42%', '%42%'] });
  });
  it('on MariaDB matches through the FULLTEXT indexes within the searched columns, LIKE elsewhere', () => {
    const mysql = plan({ dialect: 'mysql', quote: (i) => `\`${i}\``, indexes: { trigram: [], fulltext: [['name'], ['note', 'other']], fts: null, sorted: [] } });
    expect(searchCondition(mysql, 'kopi')).toEqual({
      sql: "(MATCH (`name`) AGAINST (? IN BOOLEAN MODE) OR `note` LIKE ? ESCAPE '!')",
      params: ['+kopi*', '%kopi%'],
    });
    expect(searchCondition(mysql, 'di')?.sql).not.toContain('MATCH');
  });
  it('on SQLite matches through the FTS5 trigram table with the text as one quoted string, LIKE on its rows and under three characters', () => {
    const sqlite = plan({ indexes: { trigram: [], fulltext: [], fts: { name: 'goods_search', rowid: 'id', columns: ['name', 'note', 'other'] }, sorted: [] } });
    expect(searchCondition(sqlite, 'a "b" c')).toEqual({
      sql: `(("id" IN (SELECT rowid FROM "goods_search" WHERE "goods_search" MATCH ?) AND ("name" LIKE ? ESCAPE '!' OR "note" LIKE ? ESCAPE '!')))`,
      params: ['{"name" "note"} : "a ""b"" c"', '%a "b" c%', '%a "b" c%'],
    });
    expect(searchCondition(sqlite, 'ab')?.sql).toBe(`("name" LIKE ? ESCAPE '!' OR "note" LIKE ? ESCAPE '!' OR "price" LIKE ? ESCAPE '!')`);
    expect(searchCondition(sqlite, '   ')).toBeUndefined();
  });
});

describe('parseTrigramFts', () => {
  it('reads an external-content trigram table back, and nothing else', () => {
    expect(parseTrigramFts('s', `CREATE VIRTUAL TABLE "s" USING fts5("name", "it's", content='goods', content_rowid='id', tokenize='trigram')`))
      .toEqual({ name: 's', content: 'goods', rowid: 'id', columns: ['name', 'it\'s'] });
    expect(parseTrigramFts('s', `CREATE VIRTUAL TABLE s USING fts5(a, content="t", tokenize = "trigram case_sensitive 0")`)).toMatchObject({ content: 't', rowid: 'rowid', columns: ['a'] });
    expect(parseTrigramFts('s', `CREATE VIRTUAL TABLE s USING fts5(a, content='t')`)).toBeUndefined();
    expect(parseTrigramFts('s', `CREATE VIRTUAL TABLE s USING fts5(a, tokenize='trigram')`)).toBeUndefined();
    expect(parseTrigramFts('s', `CREATE VIRTUAL TABLE s USING rtree(id, a, b)`)).toBeUndefined();
  });
});
