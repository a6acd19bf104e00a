import type { DataSource } from '../datasources/types';
import { dialectFor } from '../datasources/dialects';
import { builtOnce, type ContentPlan } from './content-plan';
import { countStatement, cursorOf, keysetOrder, type PageStatement, pageStatement, type PagingInput, type Statement } from './content-query';
import { cacheOf, type StatementCache } from './run';
import { searchCondition } from './search-condition';
import { PROBE_MAX_ROWS, PROBE_ROWS_PER_ROW, type SearchChoice } from './search-planner';
import type { TableFilterInput } from '@rakit/core';

/** How long a term whose probe came back short goes straight to the index (a word's frequency changes slowly). */
export const RARE_TERM_TTL_MS = 60_000;
/** Searches found rare, per pool, by their count by scan (the search and filters, not the page). */
const rareTerms = new WeakMap<DataSource, StatementCache<true>>();

/** The reads of a search in key order, each stopped after a number of rows (MariaDB's LIMIT ROWS EXAMINED). */
export interface KeyOrderReads {
  /** The page, read in key order: trusted only when it came back full. */
  page: PageStatement;
  /** The bounded count by scan: trusted only past its cap (a "more than"); else it stopped early. */
  count: Statement;
  /** Whether the planner expects the scan to count past the cap sooner than the index would. */
  countByScan: boolean;
}

/** The rows a page read from the start of the key order must pass: the pages before it and its own. */
export const rowsNeeded = (input: PagingInput, page: number, limit: number) => (cursorOf(input) === undefined ? (page - 1) * limit : 0) + limit;

/**
 * MariaDB's FULLTEXT index answers a boolean MATCH by gathering every matching row before any
 * ORDER BY … LIMIT: a word on 900,000 of 1,000,000 rows took 2.2 s for a 20-row page and 1.9 s
 * for its bounded count, where reading in key order finds 20 of them in the first 23 rows. So a
 * search the planner finds frequent (search-planner.ts), on a table read in key order, is read
 * in key order with the words tested row by row (search-condition.ts wordPrefixCondition),
 * stopped after the rows its estimate needs twice over: a frequent term fills the page there; one
 * that does not after all (the probe comes back short) goes to the index. Undefined when this
 * does not apply: not a FULLTEXT search, a term the planner sends to the index, a sort on
 * another column, or a page too deep for a probe.
 */
export async function keyOrderReads(
  source: DataSource, plan: ContentPlan, input: TableFilterInput & PagingInput, page: number, limit: number, cap: number, request: string,
  choice: SearchChoice | undefined,
): Promise<KeyOrderReads | undefined> {
  if (dialectFor(plan.dialect).search.index !== 'fulltext' || choice === undefined || !choice.pageByScan) return undefined;
  const key = `key order ${choice.pageScanRows} ${choice.countScanRows} ${request}`;
  const reads = builtOnce(plan, key, () => keyOrderStatements(plan, input, page, limit, cap, choice));
  if (reads === undefined) return undefined;
  if (source.canLimitRowsExamined === undefined || !(await source.canLimitRowsExamined())) return undefined;
  if (cacheOf(rareTerms, source).get(reads.count, Date.now()) === true) return undefined;
  return reads;
}

/** The statements of keyOrderReads, built from the plan, the request and the choice alone. */
function keyOrderStatements(plan: ContentPlan, input: TableFilterInput & PagingInput, page: number, limit: number, cap: number, choice: SearchChoice): KeyOrderReads | undefined {
  if (searchCondition(plan, input.search)?.sql.includes('MATCH (') !== true) return undefined;
  const keyset = keysetOrder(plan, input.sort);
  if (keyset === undefined || keyset.sortColumn !== undefined) return undefined;
  if (rowsNeeded(input, page, limit) * PROBE_ROWS_PER_ROW > PROBE_MAX_ROWS) return undefined;
  const scanning: ContentPlan = { ...plan, fulltextByScan: true };
  const probe = pageStatement(scanning, input, page, limit);
  // A key-order read ends with its LIMIT; the deferred join and the NULLs' UNION are never built here (key order, shallow).
  if (!/ LIMIT \?( OFFSET \?)?$/.test(probe.sql)) return undefined;
  const scanCount = countStatement(scanning, input, cap);
  const count = { ...scanCount, sql: `${scanCount.sql} LIMIT ROWS EXAMINED ${choice.countScanRows}` };
  return { page: { ...probe, sql: `${probe.sql} ROWS EXAMINED ${choice.pageScanRows}` }, count, countByScan: choice.countByScan };
}

/** The probe of `reads` came back short: the index answers this search for a while, with no probe first. */
export function rememberRare(source: DataSource, reads: KeyOrderReads): void {
  cacheOf(rareTerms, source).set(reads.count, true, Date.now() + RARE_TERM_TTL_MS);
}
