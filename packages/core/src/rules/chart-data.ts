import type { LocalText } from '../i18n/catalog';
import type { WidgetColumn } from './table-content';

/** The chart widget's data (spec 3 "Chart widget", §9). */

/** The 31 colours slices and bars take in turn. */
export const CHART_PALETTE = [
  '#2f80ed', '#eb5757', '#27ae60', '#f2994a', '#9b51e0', '#56ccf2', '#f2c94c', '#219653', '#bb6bd9', '#2d9cdb',
  '#6fcf97', '#e0637a', '#828282', '#f08c00', '#1c7ed6', '#5f3dc4', '#2b8a3e', '#c2255c', '#0ca678', '#e67700',
  '#3b5bdb', '#a61e4d', '#087f5b', '#d9480f', '#5c940d', '#862e9c', '#1098ad', '#e8590c', '#364fc7', '#74b816',
  '#495057',
] as const;
/** Rows a chart reads, and the rows per page of its data table. */
export const CHART_MAX_ROWS = 21;
export const CHART_TABLE_PAGE_SIZE = 20;

/** One slice or bar. */
export interface ChartPoint {
  label: string;
  value: number;
}

/** What the editor shows instead of data (spec 3 "Chart widget"). */
export const CHART_DUMMY_DATA: readonly ChartPoint[] = [
  { label: 'Label 1', value: 100 },
  { label: 'Label 2', value: 120 },
  { label: 'Label 3', value: 110 },
];

export const chartColor = (index: number): string => CHART_PALETTE[index % CHART_PALETTE.length] as string;

const numberOf = (value: unknown): number => {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim());
  return Number.isFinite(n) ? n : 0;
};

/**
 * The chart's points from the rows. 'column' (the old data access): one point per mapped
 * column, labelled by the column's label, valued by the first row. 'row': one point per row,
 * labelled by the first mapped column and valued by the second.
 */
export function chartPoints(rows: readonly Readonly<Record<string, unknown>>[], columns: readonly WidgetColumn[], sourceType: string): ChartPoint[] {
  if (sourceType === 'row') {
    const [labelColumn, valueColumn] = columns;
    if (labelColumn === undefined) return [];
    return rows.slice(0, CHART_MAX_ROWS).map((row) => ({
      label: String(row[labelColumn.field] ?? ''),
      value: valueColumn === undefined ? 0 : numberOf(row[valueColumn.field]),
    }));
  }
  const first = rows[0];
  if (first === undefined) return [];
  return columns.map((c) => ({ label: c.label, value: numberOf(first[c.field]) }));
}

/**
 * A chart's text alternative in one sentence, the name of its drawing for screen readers: the
 * kind, the title, how many points, and the highest and lowest (the first of equal ones).
 */
export function chartSummary(points: readonly ChartPoint[], subtype: string, title: string): LocalText {
  // kind: 'pie' or 'bar'; titled: 'yes' when the chart has a title, named in the sentence.
  const named = { kind: subtype === 'pie' ? 'pie' : 'bar', titled: title.trim() === '' ? 'no' : 'yes', title: title.trim() };
  const [first] = points;
  if (first === undefined) return { key: 'datawidgets.chart.summaryNone', values: named };
  if (points.length === 1) return { key: 'datawidgets.chart.summaryOne', values: { ...named, label: first.label, value: String(first.value) } };
  const highest = points.reduce((top, p) => (p.value > top.value ? p : top), first);
  const lowest = points.reduce((low, p) => (p.value < low.value ? p : low), first);
  return {
    key: 'datawidgets.chart.summaryMany',
    values: {
      ...named, count: String(points.length), highest: highest.label, highestValue: String(highest.value), lowest: lowest.label, lowestValue: String(lowest.value),
    },
  };
}
