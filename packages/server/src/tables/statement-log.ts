import { appendFileSync } from 'node:fs';
import type { Statement } from './content-query';

/**
 * The data widgets' statements, one JSON line each, in the file RAKIT_STATEMENT_LOG names:
 * what an operator (or a test) reads to see which statements a screen ran, e.g. that paging
 * by key ran no deep OFFSET. Off unless the file is set. The bound values are the users'
 * data and are not written, only how many there were and, for LIMIT/OFFSET, the numbers.
 */
export const statementLog: { file: string | undefined } = { file: undefined };

/** Appends one statement, synchronously so the lines keep the order the statements ran in. */
export function recordStatement(statement: Statement, ms: number): void {
  if (statement.sql === '' || statementLog.file === undefined) return;
  const numbers = statement.params.slice(-2).filter((p) => typeof p === 'number');
  appendFileSync(statementLog.file, `${JSON.stringify({ at: new Date().toISOString(), ms: Math.round(ms * 100) / 100, sql: statement.sql, values: statement.params.length, trailingNumbers: numbers })}\n`);
}
