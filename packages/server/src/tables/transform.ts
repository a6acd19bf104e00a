import { NO_FUNCTION } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { transformRows } from '../functions/transform-rows';
import type { Services } from '../services';

type Row = Record<string, unknown>;
type Columns = { field: string; label: string }[];

/** Who runs a data widget's transform, and which one (functionId; −1 = none, spec 3 §3). */
export interface TransformOf {
  caller: Principal;
  appId: number;
  functionId: number;
  /** The page's values, by the function's parameter names. */
  values?: Record<string, unknown>;
}

export const hasTransform = (widget: { functionId?: number }): boolean =>
  typeof widget.functionId === 'number' && widget.functionId !== NO_FUNCTION && widget.functionId > 0;

/**
 * The columns the function added to the rows (a computed column), after the widget's own. A
 * field the loaded rows already had (the primary key the widget does not show) stays hidden.
 */
export function withComputedColumns(columns: Columns, loaded: Row[], rows: Row[]): Columns {
  const known = new Set(columns.map((c) => c.field));
  for (const row of loaded) for (const field of Object.keys(row)) known.add(field);
  const added: Columns = [];
  for (const row of rows) {
    for (const field of Object.keys(row)) {
      if (!known.has(field)) {
        known.add(field);
        added.push({ field, label: field });
      }
    }
  }
  return [...columns, ...added];
}

export function transformed(services: Services, of: TransformOf, rows: Row[]): Promise<Row[]> {
  return transformRows(services, of.caller, of.appId, of.functionId, rows, of.values ?? {});
}

/**
 * An export's chunks through the widget's transform. The first chunk is transformed before the
 * answer starts, so that a failing function answers an error (never a half-transformed file)
 * and the computed columns are known for the sheet's header.
 */
export async function transformedChunks(
  services: Services, of: TransformOf, columns: { fields: string[]; headers: string[] }, chunks: AsyncGenerator<Row[]>,
): Promise<{ columns: { fields: string[]; headers: string[] }; chunks: AsyncGenerator<Row[]> }> {
  const first = await chunks.next();
  const loaded = first.done === true ? [] : first.value;
  const firstRows = first.done === true ? [] : await transformed(services, of, loaded);
  const base = columns.fields.map((field, i) => ({ field, label: columns.headers[i] ?? field }));
  const all = withComputedColumns(base, loaded, firstRows);
  async function* rest() {
    if (first.done !== true) yield firstRows;
    for await (const chunk of chunks) yield await transformed(services, of, chunk);
  }
  return { columns: { fields: all.map((c) => c.field), headers: all.map((c) => c.label) }, chunks: rest() };
}
