import type { DataSource } from '../datasources/types';
import { dialectFor } from '../datasources/dialects';
import type { ContentPlan } from './content-plan';
import { widgetRead } from './run';
import { fulltextWords, TRIGRAM_MIN_CHARS, usableFulltext, WORD_SEPARATOR } from './search-condition';

/**
 * How a search a search index serves is read, chosen per term and per request from how common
 * the term is, the way the engine's own optimiser chooses from statistics (issue 32). An index
 * gathers every row of what it is given before any ORDER BY … LIMIT: InnoDB's FULLTEXT every
 * row of each word (1.6 s for `Item 424242` on 1,000,000 rows, against 0.8 ms for the rare word
 * alone), SQLite's FTS5 every row holding the text (415 ms for `Item`, on every row, where
 * reading in key order finds its first page in 0.02 ms). The numbers come from a sample of the
 * table's rows spread over its key range, kept for a few minutes per pool and table.
 * PostgreSQL's planner makes this choice itself from its statistics (pg_trgm's selectivity).
 */

/** Rows sampled per table: SAMPLE_SEGMENTS runs of SAMPLE_SEGMENT_ROWS rows spread over the key range. */
export const SAMPLE_SEGMENTS = 20;
export const SAMPLE_SEGMENT_ROWS = 50;
/** How long a table's sample is kept; a row write through the data widgets forgets it sooner (forgetWordSamples). */
export const WORD_SAMPLE_TTL_MS = 5 * 60_000;
/**
 * Costs measured on MariaDB 11 with 1,000,000 rows (issues 19 and 32), in microseconds: a row
 * read in key order and tested with LIKE (500 rows in about 0.3 ms), and a row of one word
 * gathered by the FULLTEXT index (900,000 rows in 2.2 s; 1,000,000 in 1.6 s).
 */
export const SCAN_ROW_US = 0.6;
export const INDEX_ROW_US = 2;
/**
 * The same on SQLite (bench/table-search.ts, 1,000,000 rows): a row read in key order and
 * tested with LIKE on two columns (a whole scan in 121 ms), and a row FTS5's trigram table
 * finds (1,000,000 in 151 ms).
 */
export const SQLITE_SCAN_ROW_US = 0.12;
export const SQLITE_INDEX_ROW_US = 0.15;
/**
 * A page probe reads at least this many rows per row it needs: a term found on one row in 25 or
 * more fills the page within it (a 20-row page: 500 rows, about 0.3 ms).
 */
export const PROBE_ROWS_PER_ROW = 25;
/** Deeper than this the probe is not tried: the index answers. */
export const PROBE_MAX_ROWS = 50_000;
/** A count by scan reads at least this many rows per row it counts before the index is asked instead. */
export const COUNT_SCAN_ROWS_PER_ROW = 5;
/** Bounds of a key-order read (its LIMIT ROWS EXAMINED): never fewer than the old probe, never past these. */
export const MAX_PAGE_SCAN_ROWS = 200_000;
export const MAX_COUNT_SCAN_ROWS = 400_000;
/** A word whose estimated share of rows is within this factor of the rarest one drives the index with it. */
const DRIVER_SPREAD = 2;

/** The lower-cased words and texts of each sampled row (the index's columns), and the table's size. */
export interface WordSample {
  rows: readonly (readonly string[])[];
  /** Each sampled row's column values, lower-cased, one string per row (columns apart by a NUL). */
  texts?: readonly string[];
  /** The engine's estimate of the table's rows (information_schema), at least the rows sampled. */
  tableRows: number;
}

/** What the planner found for one term and chose. */
export interface SearchChoice {
  /** The words given to the FULLTEXT index (MATCH); the others are tested on its rows. */
  drivers: string[];
  /** Read the page in key order with the words tested row by row, reading at most pageScanRows rows. */
  pageByScan: boolean;
  pageScanRows: number;
  /** Count by a scan in key order (at most countScanRows rows) before asking the index. */
  countByScan: boolean;
  countScanRows: number;
  /** The estimates it was chosen from: each word's share of rows and the whole term's. */
  estimate: { words: Record<string, number>; term: number; sampled: number; tableRows: number };
}

const wordsOf = (value: unknown) => (value === null || value === undefined ? [] : String(value).toLowerCase().split(WORD_SEPARATOR).filter((w) => w !== ''));

/** Whether a sampled row's words hold `word` as a word or a word's beginning (the index's semantics). */
const holds = (row: readonly string[], word: string) => row.some((w) => w.startsWith(word));

/** Share of the sampled rows holding every one of `words`. */
function share(sample: WordSample, words: readonly string[]): number {
  if (sample.rows.length === 0) return 0;
  return sample.rows.filter((row) => words.every((w) => holds(row, w))).length / sample.rows.length;
}

/**
 * The plan for `words` (the term's words as fulltextWords splits them) from a sample, for a page
 * needing `rowsNeeded` rows and a count bounded at `cap`. A share the sample never saw is taken
 * as half a sampled row: rare, but not free.
 */
export function chooseSearch(words: readonly string[], sample: WordSample, rowsNeeded: number, cap: number): SearchChoice {
  const sampled = sample.rows.length;
  const floorShare = sampled === 0 ? 0 : 0.5 / sampled;
  const shares = new Map(words.map((w) => [w, Math.max(share(sample, [w.toLowerCase()]), floorShare)]));
  const term = share(sample, words.map((w) => w.toLowerCase()));
  const rarest = Math.min(...shares.values());
  const drivers = words.filter((w) => (shares.get(w) ?? 1) <= rarest * DRIVER_SPREAD);
  // The index gathers the rows of its rarest driver at least; a key-order read needs rowsNeeded / term rows.
  const indexCost = rarest * sample.tableRows * INDEX_ROW_US;
  const scanCost = (rows: number) => (term === 0 ? Number.POSITIVE_INFINITY : (rows / term) * SCAN_ROW_US);
  const bound = (rows: number, max: number) => Math.min(max, Math.ceil(term === 0 ? rows : (2 * rows) / term));
  return {
    drivers,
    pageByScan: scanCost(rowsNeeded) < indexCost,
    pageScanRows: Math.max(rowsNeeded * PROBE_ROWS_PER_ROW, bound(rowsNeeded, MAX_PAGE_SCAN_ROWS)),
    countByScan: scanCost(cap + 1) < indexCost,
    countScanRows: Math.max((cap + 1) * COUNT_SCAN_ROWS_PER_ROW, bound(cap + 1, MAX_COUNT_SCAN_ROWS)),
    estimate: { words: Object.fromEntries(shares), term, sampled, tableRows: sample.tableRows },
  };
}

interface KeptSample { expires: number; sample: Promise<WordSample> }
const samples = new WeakMap<DataSource, Map<string, KeptSample>>();

/** After a write through the data widgets: the pool's samples are taken again on the next search. */
export function forgetWordSamples(source: DataSource): void {
  samples.get(source)?.clear();
}

/**
 * The sample of the plan's table over `columns`: SAMPLE_SEGMENTS runs of rows starting at points
 * spread evenly between the smallest and largest integer key (a few index range reads, about
 * 2 ms on 1,000,000 rows), or the first rows in key order when the key is not an integer.
 */
async function takeSample(source: DataSource, plan: ContentPlan, columns: readonly string[]): Promise<WordSample> {
  const key = plan.quote(plan.orderKey as string);
  const table = plan.from;
  const selected = columns.map((c) => plan.quote(c)).join(', ');
  const read = widgetRead(plan, undefined);
  const ends = await source.query(`SELECT MIN(${key}) AS lo, MAX(${key}) AS hi FROM ${table}`, [], read);
  const lo = Number(ends.rows[0]?.lo);
  const hi = Number(ends.rows[0]?.hi);
  let rows: Record<string, unknown>[];
  if (Number.isSafeInteger(lo) && Number.isSafeInteger(hi) && hi > lo) {
    const step = (hi - lo) / SAMPLE_SEGMENTS;
    const starts = Array.from({ length: SAMPLE_SEGMENTS }, (_, i) => Math.floor(lo + i * step));
    // Each run a derived table of its own: the one form MariaDB, MySQL and SQLite all take.
    const segment = (i: number) => `SELECT * FROM (SELECT ${selected} FROM ${table} WHERE ${key} >= ? ORDER BY ${key} LIMIT ${SAMPLE_SEGMENT_ROWS}) AS s${i}`;
    ({ rows } = await source.query(starts.map((_, i) => segment(i)).join(' UNION ALL '), starts, read));
  } else {
    ({ rows } = await source.query(`SELECT ${selected} FROM ${table} ORDER BY ${key} LIMIT ${SAMPLE_SEGMENTS * SAMPLE_SEGMENT_ROWS}`, [], read));
  }
  let tableRows = Number.isSafeInteger(lo) && Number.isSafeInteger(hi) ? hi - lo + 1 : rows.length;
  const estimate = dialectFor(plan.dialect).search.estimatedRows;
  if (estimate !== undefined) tableRows = Math.max(tableRows, await estimate(source, plan.table, read));
  return {
    rows: rows.map((row) => columns.flatMap((c) => wordsOf(row[c]))),
    texts: rows.map((row) => columns.map((c) => (row[c] === null || row[c] === undefined ? '' : String(row[c]).toLowerCase())).join('\u0000')),
    tableRows: Math.max(rows.length, tableRows),
  };
}

function sampleOf(source: DataSource, plan: ContentPlan, columns: readonly string[]): Promise<WordSample> {
  let kept = samples.get(source);
  if (kept === undefined) {
    kept = new Map();
    samples.set(source, kept);
  }
  const name = `${plan.table}\u0000${columns.join('\u0000')}`;
  const now = Date.now();
  const hit = kept.get(name);
  if (hit !== undefined && hit.expires > now) return hit.sample;
  const sample = takeSample(source, plan, columns);
  const entry = { expires: now + WORD_SAMPLE_TTL_MS, sample };
  kept.set(name, entry);
  // A failed sample is not kept: the next search tries again.
  sample.catch(() => { if (kept.get(name) === entry) kept.delete(name); });
  return sample;
}

/**
 * The plan for a text found anywhere in the columns (SQLite's FTS5 trigram table, LIKE's
 * meaning): the text's share of the sampled rows against the cost of each way, for the page and
 * the count apart. There is no ROWS EXAMINED on SQLite: a term the sample took for frequent that
 * is not reads the table as the search without an index would, never longer.
 */
export function chooseTextSearch(text: string, sample: WordSample, rowsNeeded: number, cap: number): SearchChoice {
  const texts = sample.texts ?? [];
  const sampled = texts.length;
  const lower = text.toLowerCase();
  const seen = sampled === 0 ? 0 : texts.filter((t) => t.includes(lower)).length / sampled;
  const term = Math.max(seen, sampled === 0 ? 0 : 0.5 / sampled);
  const indexCost = term * sample.tableRows * SQLITE_INDEX_ROW_US;
  const scanCost = (rows: number) => (seen === 0 ? Number.POSITIVE_INFINITY : Math.min(rows / seen, sample.tableRows) * SQLITE_SCAN_ROW_US);
  return {
    drivers: [],
    pageByScan: scanCost(rowsNeeded) < indexCost,
    pageScanRows: 0,
    countByScan: scanCost(cap + 1) < indexCost,
    countScanRows: 0,
    estimate: { words: { [text]: term }, term: seen, sampled, tableRows: sample.tableRows },
  };
}

/** Choices made from one sample, by term and request size: a choice costs ~80 µs of word tests. */
const choicesOf = new WeakMap<WordSample, Map<string, SearchChoice>>();
/** The most choices kept per sample; the oldest goes first. */
const MAX_CHOICES = 500;

function remembered(sample: WordSample, key: string, choose: () => SearchChoice): SearchChoice {
  let choices = choicesOf.get(sample);
  if (choices === undefined) {
    choices = new Map();
    choicesOf.set(sample, choices);
  }
  const kept = choices.get(key);
  if (kept !== undefined) return kept;
  const choice = choose();
  if (choices.size >= MAX_CHOICES) choices.delete(choices.keys().next().value as string);
  choices.set(key, choice);
  return choice;
}

/**
 * The choice for a search of `text` on `plan`, or undefined when there is none to make: no
 * index serving the text (FULLTEXT on MariaDB/MySQL, FTS5 on SQLite), PostgreSQL, or a table
 * not ordered by its own key.
 */
export async function planSearch(source: DataSource, plan: ContentPlan, text: string, rowsNeeded: number, cap: number): Promise<SearchChoice | undefined> {
  if (plan.kind !== 'table' || !plan.orderKeyUnique || plan.orderKey === null) return undefined;
  const search = text.trim();
  const { index } = dialectFor(plan.dialect).search;
  if (index === 'fulltext') {
    const words = fulltextWords(search);
    const indexes = usableFulltext(plan, plan.searchable);
    if (words === undefined || indexes.length === 0) return undefined;
    const sample = await sampleOf(source, plan, [...new Set(indexes.flat())]);
    return remembered(sample, `${words.join('\u0000')}\u0001${rowsNeeded}\u0001${cap}`, () => chooseSearch(words, sample, rowsNeeded, cap));
  }
  const fts = plan.indexes.fts;
  if (index !== 'fts5' || fts === null || [...search].length < TRIGRAM_MIN_CHARS) return undefined;
  const covered = plan.searchable.filter((c) => fts.columns.includes(c));
  if (covered.length === 0) return undefined;
  const sample = await sampleOf(source, plan, covered);
  return remembered(sample, `${search}\u0001${rowsNeeded}\u0001${cap}`, () => chooseTextSearch(search, sample, rowsNeeded, cap));
}

/**
 * The plan that reads as `choice` says: on SQLite FTS5 or LIKE in key order (`byScan`), on
 * MariaDB/MySQL the index driven by the choice's words (its key-order reads are frequent-terms.ts').
 */
export const plannedBy = (plan: ContentPlan, choice: SearchChoice, byScan: boolean): ContentPlan =>
  (dialectFor(plan.dialect).search.index === 'fts5' ? { ...plan, ftsByScan: byScan } : { ...plan, fulltextDrivers: choice.drivers });

/** The plan an export of every row the search keeps reads by: as a count reads them (planSearch). */
export async function exportPlan(source: DataSource, plan: ContentPlan, search: string, chunkRows: number, cap: number): Promise<ContentPlan> {
  const choice = await planSearch(source, plan, search, chunkRows, cap);
  return choice === undefined ? plan : plannedBy(plan, choice, choice.countByScan);
}
