import type { LocalText } from '../i18n/catalog';

/**
 * Rules of the data widgets' content (spec 3 §3, §5, §9), shared by the server that builds
 * the queries and the browser that shows the rows.
 */

/** Rows per page of a data table (spec 3 §9). */
export const TABLE_PAGE_SIZE = 20;
/** The most rows one content call answers. */
export const TABLE_MAX_LIMIT = 100;
/** The page sizes a member may choose under a table (issue 32), remembered with its state. */
export const TABLE_PAGE_SIZES = [TABLE_PAGE_SIZE, 50, TABLE_MAX_LIMIT] as const;
/** The most distinct values a select filter offers. */
export const FILTER_VALUES_CAP = 100;
/** Filter types whose min/max bound a column; any other type is an equality (select) filter. */
export const INTERVAL_FILTER_TYPES = ['interval', 'range'] as const;

/** The table's page count as spec 3 §9 has it: floor(total / page size) + 1. */
export function tablePageCount(total: number, pageSize: number = TABLE_PAGE_SIZE): number {
  if (pageSize <= 0) return 0;
  return Math.floor(Math.max(0, total) / pageSize) + 1;
}

/**
 * Rows a data table counts at most (ARCHITECTURE §3, bounded counts): past them the table shows
 * "10,000+", offers no last page, and pages on with Next while its pages come back full. A fixed
 * cap keeps a deep page's count as cheap as the first one's (a cap raised with the page read
 * nearly the whole table again on MariaDB: slower than its own COUNT(*)).
 */
export const TABLE_COUNT_CAP = 10_000;

/** The Total Item figure: the count, with "+" when counting stopped at the cap (10,000+). */
export function totalItemText(count: number, capped: boolean): string {
  return capped ? `${count.toLocaleString('en-US')}+` : String(count);
}

/** What a table's rows are, for its polite status: how many, while loading or counting too. */
export interface RowsFound {
  /** A load that takes a while runs (a quick one is not worth a word). */
  loading: boolean;
  /** The rows shown. */
  shown: number;
  count: number;
  capped: boolean;
  /** The count is on its way (a rows-first load). */
  counting: boolean;
  /** The page shown, as its pager names it (in the reader's catalog): '2', or 'Last − 1' read from the end. */
  page: string;
}

/**
 * The sentence a screen reader hears when a table's rows change (issue 34): 'Loading rows…',
 * then '20 of 45 rows, page 2'. The page is in it so that Next, whose rows are as many, is heard.
 */
export function rowsFoundText({ loading, shown, count, capped, counting, page }: RowsFound): LocalText {
  if (loading) return { key: 'datawidgets.table.rowsLoading' };
  if (shown === 0) return { key: 'datawidgets.table.rowsNone' };
  if (counting) return { key: 'datawidgets.table.rowsCounting', values: { shown, page } };
  return { key: 'datawidgets.table.rowsFound', values: { shown, count, total: totalItemText(count, capped), page } };
}

export const isIntervalFilter = (type: string | undefined): boolean =>
  (INTERVAL_FILTER_TYPES as readonly string[]).includes((type ?? '').toLowerCase());

/** One shown column of a data widget: its label (from options) and the source column it shows. */
export interface WidgetColumn {
  label: string;
  field: string;
}

/**
 * The columns of a data widget: labels (options) and source columns (mapping_table) are
 * comma lists paired by position; an entry without a source column is not shown, a source
 * column without a label is labelled by its name. Each source column appears once.
 */
export function widgetColumns(options: string | readonly string[], mappingTable: string): WidgetColumn[] {
  // A list is labels by position already (a translation's may hold commas).
  const labels = typeof options === 'string' ? options.split(',').map((l) => l.trim()) : options;
  const fields = mappingTable.split(',').map((f) => f.trim());
  const seen = new Set<string>();
  const columns: WidgetColumn[] = [];
  fields.forEach((field, i) => {
    if (field === '' || seen.has(field)) return;
    seen.add(field);
    const label = labels[i] ?? '';
    columns.push({ field, label: label === '' ? field : label });
  });
  return columns;
}

/**
 * A LIKE pattern finding the text anywhere, with the user's % and _ taken literally; use it
 * with `ESCAPE '!'` (a backslash means different things in MySQL and PostgreSQL strings).
 */
export const containsPattern = (text: string): string => `%${text.replace(/[!%_]/g, (c) => `!${c}`)}%`;

export type BoundValue = string | number;

/**
 * One bound of an interval filter, or undefined when it filters nothing: 0 and empty mean
 * none (spec 3 §5). Numeric text becomes a number; other text (a date) stays text.
 */
export function intervalBound(value: unknown): BoundValue | undefined {
  if (value === undefined || value === null) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) && value !== 0 ? value : undefined;
  if (typeof value !== 'string') return undefined;
  const text = value.trim();
  if (text === '') return undefined;
  const number = Number(text);
  if (Number.isFinite(number)) return number === 0 ? undefined : number;
  return text;
}

/** The values an equality (select) filter keeps, or [] when it filters nothing ('' and null mean none). */
export function selectValues(value: unknown): BoundValue[] {
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v): v is BoundValue => (typeof v === 'string' && v !== '') || (typeof v === 'number' && Number.isFinite(v)));
}
