import { columnsIn, type Language, type TableFilterInput, type WidgetColumn } from '@rakit/core';
import type { DataWidget } from './data-widget';
import type { TransformOf } from './transform';

type Row = Record<string, unknown>;

/** What an export reads and writes: its rows and their count, the sheet's columns and headers. */
export interface ExportSource {
  columns: { fields: string[]; headers: string[] };
  /** The rows the search and filters keep, chunk by chunk, at most `maxRows`. */
  rows(input: TableFilterInput, maxRows: number, signal?: AbortSignal): AsyncGenerator<Row[]>;
  /** How many rows the search and filters keep, counted no further than past `cap`. */
  count(input: TableFilterInput, cap: number, signal?: AbortSignal): Promise<number>;
  /** The widget's function its rows pass through (a widget's export only). */
  transform?: TransformOf;
}

/** The sheet's columns, headed as the reader's catalog labels them (the author's translations). */
export function headersOf(shown: readonly WidgetColumn[], widget: DataWidget, language: Language) {
  const columns = columnsIn(shown, widget as Parameters<typeof columnsIn>[1], language);
  return { fields: columns.map((c) => c.field), headers: columns.map((c) => c.label) };
}
