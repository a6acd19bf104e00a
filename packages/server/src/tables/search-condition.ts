import { containsPattern } from '@rakit/core';
import { dialectFor } from '../datasources/dialects';
import type { TableSearchIndexes } from '../datasources/search-indexes';
import type { DataSourceType } from '../datasources/types';
import type { ParamValue } from '../engine/bind';

/** What a data widget's search is built from (a part of ContentPlan). */
export interface SearchPlan {
  dialect: DataSourceType;
  quote(identifier: string): string;
  /** Columns the search looks in. */
  searchable: string[];
  /** The table's columns of a text type; null when unknown (a custom query): every column is then cast. */
  textColumns: ReadonlySet<string> | null;
  /** The table's search indexes; the empty ones for a custom query. */
  indexes: TableSearchIndexes;
  /** The table's columns of an integer type; null when unknown (a custom query). */
  integerColumns: ReadonlySet<string> | null;
  /**
   * MariaDB/MySQL: the words a FULLTEXT index would serve are looked for row by row instead
   * (wordPrefixCondition), for a read in key order that stops early (tables/frequent-terms.ts).
   */
  fulltextByScan?: boolean;
  /**
   * MariaDB/MySQL: the words of the search that drive the FULLTEXT index (the rarest, chosen
   * by tables/search-planner.ts); the others are tested row by row on the rows it finds
   * (wordPrefixCondition). Absent: every word goes to the index.
   */
  fulltextDrivers?: readonly string[];
  /** SQLite: the text is looked for by LIKE in key order, FTS5 left aside (a term on many rows, tables/search-planner.ts). */
  ftsByScan?: boolean;
}

/** A search text that is a whole number any integer column can be compared with. */
const WHOLE_NUMBER = /^-?\d{1,18}$/;

/** The shortest word InnoDB's FULLTEXT indexes keep (innodb_ft_min_token_size's default). */
export const FULLTEXT_MIN_WORD = 3;
/** The longest (innodb_ft_max_token_size's default): InnoDB drops a longer word from a query, and keeps none in its index. */
export const FULLTEXT_MAX_WORD = 84;

/** InnoDB's default stopwords: a FULLTEXT index never holds them, so `+word*` would match nothing. */
const INNODB_STOPWORDS = [
  'a', 'about', 'an', 'are', 'as', 'at', 'be', 'by', 'com', 'de', 'en', 'for', 'from', 'how', 'i', 'in', 'is', 'it', 'la',
  'of', 'on', 'or', 'that', 'the', 'this', 'to', 'was', 'what', 'when', 'where', 'who', 'will', 'with', 'und', 'www',
];

/**
 * A word of a search only LIKE finds all of: too short or too long for the index, or the
 * beginning of a stopword (`whe` is in 'when', which the index never holds).
 */
const outsideIndex = (word: string) => {
  const length = [...word].length;
  const lower = word.toLowerCase();
  return length < FULLTEXT_MIN_WORD || length > FULLTEXT_MAX_WORD || INNODB_STOPWORDS.some((s) => s.startsWith(lower));
};

/** InnoDB's words: runs of letters, digits and `_` (its parser keeps `kode_rahasia` as one word). */
export const WORD_SEPARATOR = /[^\p{L}\p{N}_]+/u;

/**
 * The user's text as a boolean-mode query of whole words or word prefixes: every word must
 * be there (`+word*`). The text is split at everything but letters, digits and `_`, so none of
 * the boolean operators (+ - < > ( ) ~ * " @) ever reaches the engine as syntax. Undefined when
 * a FULLTEXT index cannot answer it: no word, or a word the index does not hold all of
 * (outsideIndex), which LIKE then looks for instead.
 */
export function fulltextQuery(search: string): string | undefined {
  const words = fulltextWords(search);
  return words === undefined ? undefined : booleanQuery(words);
}

/** Every word required, as a word or a word's beginning: `+w1* +w2*`. */
const booleanQuery = (words: readonly string[]) => words.map((w) => `+${w}*`).join(' ');

/** The words of fulltextQuery, or undefined when an index cannot answer them. */
export function fulltextWords(search: string): string[] | undefined {
  const words = search.split(WORD_SEPARATOR).filter((w) => w !== '');
  if (words.length === 0 || words.some(outsideIndex)) return undefined;
  return words;
}

/** A LIKE pattern's text with its wildcards and escape taken literally (ESCAPE '!'). */
const literal = (text: string) => text.replace(/[!%_]/g, (c) => `!${c}`);

/** What separates InnoDB's words, as a regular expression for REGEXP_REPLACE. */
const NOT_WORD = '[^\\p{L}\\p{N}_]';

/**
 * What `MATCH (columns) AGAINST ('+w1* +w2*' IN BOOLEAN MODE)` keeps, tested on each row:
 * every word begins a word of one of the columns. A row without the word anywhere leaves at
 * the first LIKE (most rows of a scan: counting 'Bandung' on a tenth of 1,000,000 rows took
 * 41 ms with three LIKEs on each, issue 32); then the common cases: the column starts with the
 * word, or the word follows a space. Only a row where it follows something else (punctuation,
 * a line break) has its separators made spaces (REGEXP_REPLACE) and is tested again. Every test
 * is a LIKE under the column's collation, as the index's own comparison is: a REGEXP would
 * tell 'Çay' from 'Cay' where the index does not (issue 32). A word is letters, digits and
 * `_`, which LIKE takes literally here.
 */
function wordPrefixCondition(plan: SearchPlan, columns: readonly string[], words: readonly string[]): { sql: string; params: ParamValue[] } {
  const params: ParamValue[] = [];
  const each = words.map((word) => `(${columns.map((c) => {
    const column = plan.quote(c);
    const afterSpace = `% ${literal(word)}%`;
    params.push(containsPattern(word), `${literal(word)}%`, afterSpace, NOT_WORD, afterSpace);
    return `(${column} LIKE ? ESCAPE '!' AND (${column} LIKE ? ESCAPE '!' OR ${column} LIKE ? ESCAPE '!' OR CONCAT(' ', REGEXP_REPLACE(${column}, ?, ' ')) LIKE ? ESCAPE '!'))`;
  }).join(' OR ')})`);
  return { sql: each.join(' AND '), params };
}

/** The FULLTEXT indexes whose columns are all among `columns`, the largest first: MATCH names exactly one index's columns. */
export const usableFulltext = (plan: Pick<SearchPlan, 'indexes'>, columns: readonly string[]): string[][] =>
  plan.indexes.fulltext.filter((index) => index.every((c) => columns.includes(c))).sort((a, b) => b.length - a.length);

/** Whether the search goes through a FULLTEXT index, which matches whole words and word beginnings only. */
export function searchesWholeWords(plan: SearchPlan): boolean {
  return dialectFor(plan.dialect).search.index === 'fulltext' && plan.indexes.fulltext.some((columns) => columns.every((c) => plan.searchable.includes(c)));
}

/** The shortest text an FTS5 trigram table can look for: below it LIKE is used. */
export const TRIGRAM_MIN_CHARS = 3;

/** The user's text as one FTS5 string (a phrase of its trigrams: the text anywhere in the column). */
const ftsString = (text: string) => `"${text.replaceAll('"', '""')}"`;

/** `column contains text` by LIKE, case-insensitive where the engine's LIKE is not; a cast only where the column is not text. */
function likeCondition(plan: SearchPlan, column: string): string {
  const quoted = plan.quote(column);
  if (dialectFor(plan.dialect).search.likeFoldsCase) return `${quoted} LIKE ? ESCAPE '!'`;
  // Without a cast on a text column, a pg_trgm index on it serves '%term%' unchanged.
  const text = plan.textColumns?.has(column) === true;
  return text ? `${quoted} ILIKE ? ESCAPE '!'` : `CAST(${quoted} AS TEXT) ILIKE ? ESCAPE '!'`;
}

/**
 * The search's condition over the searchable columns, every value bound, through the index
 * the engine has for it where there is one (see the branches); undefined when there is
 * nothing to look for.
 */
export function searchCondition(plan: SearchPlan, text: string): { sql: string; params: ParamValue[] } | undefined {
  const search = text.trim();
  if (search === '' || plan.searchable.length === 0) return undefined;
  const parts: string[] = [];
  const params: ParamValue[] = [];
  let rest = [...plan.searchable];
  const engine = dialectFor(plan.dialect).search;

  if (engine.index === 'fulltext') {
    // MATCH names exactly the columns of one FULLTEXT index; the largest ones within the searched columns first.
    const words = fulltextWords(search);
    const usable = usableFulltext(plan, rest);
    for (const columns of words === undefined ? [] : usable) {
      if (!columns.every((c) => rest.includes(c))) continue;
      if (plan.fulltextByScan === true) {
        const scan = wordPrefixCondition(plan, columns, words as string[]);
        parts.push(`(${scan.sql})`);
        params.push(...scan.params);
      } else {
        // InnoDB gathers every row of each word it is given before any LIMIT: a word on every
        // row cost 1.6 s beside one on a single row (issue 32), so only the drivers go to it.
        const all = words as string[];
        const drivers = all.filter((w) => plan.fulltextDrivers?.includes(w) ?? true);
        const tested = all.filter((w) => !drivers.includes(w));
        const match = `MATCH (${columns.map((c) => plan.quote(c)).join(', ')}) AGAINST (? IN BOOLEAN MODE)`;
        if (tested.length === 0 || drivers.length === 0) {
          parts.push(match);
          params.push(booleanQuery(all));
        } else {
          const rest = wordPrefixCondition(plan, columns, tested);
          parts.push(`(${match} AND ${rest.sql})`);
          params.push(booleanQuery(drivers), ...rest.params);
        }
      }
      rest = rest.filter((c) => !columns.includes(c));
    }
  }

  const fts = plan.indexes.fts;
  if (engine.index === 'fts5' && fts !== null && plan.ftsByScan !== true && [...search].length >= TRIGRAM_MIN_CHARS) {
    const covered = rest.filter((c) => fts.columns.includes(c));
    if (covered.length > 0) {
      // A column filter only when the FTS table indexes more than is searched.
      const filter = covered.length === fts.columns.length ? '' : `{${covered.map((c) => ftsString(c)).join(' ')}} : `;
      const rowid = fts.rowid.toLowerCase() === 'rowid' ? 'rowid' : plan.quote(fts.rowid);
      const table = plan.quote(fts.name);
      // The trigram tokenizer folds the case of every letter, LIKE of ASCII letters only: LIKE
      // tests the rows the index finds, so both ways answer the same rows (issue 32).
      const like = covered.map((c) => likeCondition(plan, c));
      parts.push(`(${rowid} IN (SELECT rowid FROM ${table} WHERE ${table} MATCH ?) AND (${like.join(' OR ')}))`);
      params.push(`${filter}${ftsString(search)}`, ...covered.map(() => containsPattern(search)));
      rest = rest.filter((c) => !covered.includes(c));
    }
  }

  // Once an index serves the text columns, a LIKE on a number column would read the whole
  // table again: there the search looks for the exact number (integer columns), and in no
  // other column that is not text (dates: the filters find them).
  const served = engine.index === 'trigram' ? plan.indexes.trigram.some((c) => rest.includes(c)) : parts.length > 0;
  const texts = plan.textColumns;
  if (served && texts !== null) {
    const numbers = rest.filter((c) => !texts.has(c) && plan.integerColumns?.has(c) === true);
    rest = rest.filter((c) => texts.has(c));
    for (const column of WHOLE_NUMBER.test(search) ? numbers : []) {
      parts.push(engine.integerEquals(plan.quote(column)));
      params.push(search);
    }
  }

  for (const column of rest) {
    parts.push(likeCondition(plan, column));
    params.push(containsPattern(search));
  }
  if (parts.length === 0) return { sql: '(1 = 0)', params: [] };
  return { sql: `(${parts.join(' OR ')})`, params };
}
