import { type ApiColumn, type ApiColumnType, type ApiEndpointDraft, Messages } from '@rakit/core';
import { compile, TreeInterpreter } from '@jmespath-community/jmespath';
import { badRequest, HttpError, local } from '../errors/http-errors';

/*
 * An API's answer as rows: the endpoint's JMESPath expression leads to the list of rows (JMESPath
 * evaluates, it never runs code), each column is read from a row by its own expression and
 * brought to its type. Expressions are compiled once and kept.
 */

type Compiled = ReturnType<typeof compile>;
const compiled = new Map<string, Compiled>();
const MAX_KEPT_EXPRESSIONS = 2000;

/** The compiled expression, or 400 naming it and what is wrong. */
export function expressionOf(expression: string): Compiled {
  let ast = compiled.get(expression);
  if (ast === undefined) {
    try {
      ast = compile(expression);
    } catch (error) {
      throw badRequest(local('apiExpressionInvalid', { expression, detail: error instanceof Error ? error.message : String(error) }));
    }
    if (compiled.size >= MAX_KEPT_EXPRESSIONS) compiled.clear();
    compiled.set(expression, ast);
  }
  return ast;
}

/** `expression` evaluated on `value` ('' is the value itself); an error on the answer's data is the API's (502). */
export function evaluate(value: unknown, expression: string): unknown {
  if (expression === '') return value;
  const ast = expressionOf(expression);
  try {
    return TreeInterpreter.search(ast, value as never);
  } catch (error) {
    throw new HttpError(502, local('apiExpressionInvalid', { expression, detail: error instanceof Error ? error.message : String(error) }));
  }
}

/** Checks every expression of an endpoint compiles (its rows, columns and paging): 400 for the first that does not. */
export function checkExpressions(endpoint: ApiEndpointDraft): void {
  const expressions = [endpoint.rowsPath, endpoint.paging.nextCursorPath, endpoint.paging.totalPath, ...endpoint.columns.map((column) => column.path)];
  for (const expression of expressions) if (expression !== '') expressionOf(expression);
}

export type ApiRow = Record<string, unknown>;

/** A value brought to a column's type: what cannot be read as that type is null, nothing is guessed. */
function typed(value: unknown, type: ApiColumnType): unknown {
  if (value === undefined || value === null) return null;
  switch (type) {
    case 'number': {
      const number = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : Number.NaN;
      return Number.isFinite(number) ? number : null;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 1 || value === '1') return true;
      if (value === 'false' || value === 0 || value === '0') return false;
      return null;
    case 'date': {
      const time = typeof value === 'number' || typeof value === 'string' ? new Date(value).getTime() : Number.NaN;
      return Number.isFinite(time) ? new Date(time).toISOString() : null;
    }
    default:
      // Text: an object or a list is shown as its JSON, never as markup.
      return typeof value === 'object' ? JSON.stringify(value) : String(value);
  }
}

const typeOfValue = (value: unknown): ApiColumnType => (typeof value === 'number' ? 'number' : typeof value === 'boolean' ? 'boolean' : 'text');

/** The columns of rows no column was named for: each key of the first rows, typed by its first value. */
export function guessColumns(rows: readonly unknown[]): Required<ApiColumn>[] {
  const columns = new Map<string, ApiColumnType>();
  for (const row of rows.slice(0, 20)) {
    if (row === null || typeof row !== 'object' || Array.isArray(row)) continue;
    for (const [key, value] of Object.entries(row)) if (!columns.has(key) && columns.size < 100) columns.set(key, typeOfValue(value));
  }
  return [...columns].map(([name, type]) => ({ name, path: '', type }));
}

/** A JMESPath identifier for a key: quoted unless it is a plain one. */
const keyExpression = (name: string): string => (/^[A-Za-z_][A-Za-z0-9_]*$/.test(name) ? name : JSON.stringify(name));

/** What an answer holds: its rows (by column name, typed), and what it says of the whole list. */
export interface AnswerRows {
  rows: ApiRow[];
  columns: Required<ApiColumn>[];
  /** The total number of rows, when the answer gives it (paging.totalPath). */
  total: number | null;
  /** The next page's cursor, when the answer gives one (paging.nextCursorPath). */
  nextCursor: string | null;
}

export function rowsOfAnswer(answer: unknown, endpoint: ApiEndpointDraft): AnswerRows {
  const list = evaluate(answer, endpoint.rowsPath);
  if (!Array.isArray(list)) throw new HttpError(502, Messages.apiRowsNotList);
  const columns = endpoint.columns.length > 0 ? endpoint.columns.map((column) => ({ ...column })) : guessColumns(list);
  const rows = list.map((item) => {
    const row: ApiRow = {};
    for (const column of columns) row[column.name] = typed(evaluate(item, column.path === '' ? keyExpression(column.name) : column.path), column.type);
    return row;
  });
  const total = endpoint.paging.totalPath === '' ? null : typed(evaluate(answer, endpoint.paging.totalPath), 'number');
  const cursor = endpoint.paging.nextCursorPath === '' ? null : evaluate(answer, endpoint.paging.nextCursorPath);
  return {
    rows,
    columns,
    total: typeof total === 'number' ? Math.trunc(total) : null,
    nextCursor: cursor === null || cursor === undefined || cursor === '' ? null : String(cursor),
  };
}
