import { describe, expect, it } from 'vitest';
import { chooseSearch, chooseTextSearch, MAX_COUNT_SCAN_ROWS, type WordSample } from './search-planner';

/** A sample of 1,000 rows of a 1,000,000-row table: 'item' and a number on each, 'jakarta' on one in ten, 'bogor' on one in fifty. */
const sample: WordSample = {
  rows: Array.from({ length: 1000 }, (_, i) => ['item', String(i * 1000 + 7), ...(i % 10 === 0 ? ['jakarta'] : i % 50 === 1 ? ['bogor'] : ['medan'])]),
  tableRows: 1_000_000,
};

describe('the search planner', () => {
  it('drives the index by the rarest word and tests a word on every row on its rows', () => {
    const choice = chooseSearch(['Item', '424242'], sample, 20, 10_000);
    expect(choice).toMatchObject({ drivers: ['424242'], pageByScan: false, countByScan: false });
    expect(choice.estimate.words).toEqual({ Item: 1, 424242: 0.0005 });
  });

  it('reads a frequent term in key order, and counts it by scan when that passes the cap sooner', () => {
    const jakarta = chooseSearch(['Jakarta'], sample, 20, 10_000);
    expect(jakarta).toMatchObject({ pageByScan: true, countByScan: true, estimate: { term: 0.1 } });
    // Twice the rows the estimate needs, within the bounds.
    expect(jakarta.countScanRows).toBe(200_020);
    expect(chooseSearch(['item'], sample, 20, 10_000).countScanRows).toBe(50_005);
    // Two frequent words together: the whole term's share decides.
    expect(chooseSearch(['item', 'jak'], sample, 20, 10_000)).toMatchObject({ pageByScan: true, estimate: { term: 0.1 } });
  });

  it('reads a word on one row in fifty in key order, but counts it through the index', () => {
    const bogor = chooseSearch(['bogor'], sample, 20, 10_000);
    expect(bogor).toMatchObject({ pageByScan: true, countByScan: false, drivers: ['bogor'] });
    expect(bogor.countScanRows).toBeLessThanOrEqual(MAX_COUNT_SCAN_ROWS);
  });

  it('sends a word the sample never saw to the index with the other rare ones', () => {
    expect(chooseSearch(['zzz', 'yyy', 'item'], sample, 20, 10_000)).toMatchObject({ drivers: ['zzz', 'yyy'], pageByScan: false, countByScan: false });
    // An empty table's sample: everything to the index.
    expect(chooseSearch(['item'], { rows: [], tableRows: 0 }, 20, 10_000)).toMatchObject({ pageByScan: false, drivers: ['item'] });
  });

  it('on SQLite, reads a text on many rows in key order and a rare one through FTS5, page and count apart', () => {
    const texts: WordSample = {
      rows: [],
      texts: Array.from({ length: 1000 }, (_, i) => `item ${i * 1000 + 7}\u0000${i % 10 === 0 ? 'jakarta' : i % 100 === 1 ? 'bogor' : 'medan'}`),
      tableRows: 1_000_000,
    };
    expect(chooseTextSearch('Item', texts, 20, 10_000)).toMatchObject({ pageByScan: true, countByScan: true, estimate: { term: 1 } });
    // A tenth of the rows: both by scan (10,001 of them within 100,000 rows beat gathering 100,000).
    expect(chooseTextSearch('karta', texts, 20, 10_000)).toMatchObject({ pageByScan: true, countByScan: true });
    // One in a hundred: the page by scan, the count through the index.
    expect(chooseTextSearch('bogor', texts, 20, 10_000)).toMatchObject({ pageByScan: true, countByScan: false });
    // Never seen: the index, both.
    expect(chooseTextSearch('424242', texts, 20, 10_000)).toMatchObject({ pageByScan: false, countByScan: false, estimate: { term: 0 } });
  });
});
