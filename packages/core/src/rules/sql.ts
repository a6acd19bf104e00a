/**
 * The Custom Query dialog's parser (spec 2 §5): strips comments, counts `?` placeholders,
 * tells SELECT / INSERT / UPDATE / DELETE apart and infers the column names a query reads
 * or writes. A tokenizer, not a full SQL grammar: enough for the editor's column lists and
 * the server's checks of saved queries. (A member's query is matched with the saved one
 * exactly, never through this tokenizer: comments differ in what they run on each engine.)
 */

export type StatementKind = 'SELECT' | 'INSERT' | 'UPDATE' | 'DELETE' | 'OTHER';

interface Token {
  kind: 'word' | 'quoted-id' | 'string' | 'number' | 'placeholder' | 'punct';
  text: string;
}

/** Removes -- and # line comments and /* block comments *\/, leaving strings and identifiers intact. */
export function stripSqlComments(sql: string): string {
  let out = '';
  let i = 0;
  while (i < sql.length) {
    const ch = sql[i] as string;
    const next = sql[i + 1];
    if (ch === "'" || ch === '"' || ch === '`') {
      const end = closingQuote(sql, i);
      out += sql.slice(i, end + 1);
      i = end + 1;
    } else if ((ch === '-' && next === '-') || ch === '#') {
      while (i < sql.length && sql[i] !== '\n') i++;
    } else if (ch === '/' && next === '*') {
      const end = sql.indexOf('*/', i + 2);
      i = end === -1 ? sql.length : end + 2;
      out += ' ';
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** Index of the quote closing the one at `start` (doubled quotes and backslashes escape). */
function closingQuote(sql: string, start: number): number {
  const quote = sql[start];
  let j = start + 1;
  while (j < sql.length) {
    if (sql[j] === '\\' && quote === "'") { j += 2; continue; }
    if (sql[j] === quote) {
      if (sql[j + 1] === quote) { j += 2; continue; }
      return j;
    }
    j++;
  }
  return sql.length - 1;
}

function tokenize(sql: string): Token[] {
  const tokens: Token[] = [];
  const text = stripSqlComments(sql);
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (/\s/.test(ch)) { i++; continue; }
    if (ch === "'") {
      const end = closingQuote(text, i);
      tokens.push({ kind: 'string', text: text.slice(i, end + 1) });
      i = end + 1;
    } else if (ch === '"' || ch === '`' || ch === '[') {
      const end = ch === '[' ? text.indexOf(']', i) : closingQuote(text, i);
      const stop = end === -1 ? text.length - 1 : end;
      tokens.push({ kind: 'quoted-id', text: text.slice(i + 1, stop).replace(/""/g, '"').replace(/``/g, '`') });
      i = stop + 1;
    } else if (ch === '?') {
      tokens.push({ kind: 'placeholder', text: '?' });
      i++;
    } else if (/[A-Za-z_@$]/.test(ch)) {
      let j = i + 1;
      while (j < text.length && /[\w$]/.test(text[j] as string)) j++;
      tokens.push({ kind: 'word', text: text.slice(i, j) });
      i = j;
    } else if (/\d/.test(ch)) {
      let j = i + 1;
      while (j < text.length && /[\d.eE]/.test(text[j] as string)) j++;
      tokens.push({ kind: 'number', text: text.slice(i, j) });
      i = j;
    } else {
      const two = text.slice(i, i + 2);
      const op = ['<=', '>=', '<>', '!=', '::', '||'].includes(two) ? two : ch;
      tokens.push({ kind: 'punct', text: op });
      i += op.length;
    }
  }
  return tokens;
}

const isWord = (token: Token | undefined, word: string) => token?.kind === 'word' && token.text.toUpperCase() === word;

/** Number of `?` placeholders outside strings, identifiers and comments: one parameter mapping each. */
export function countPlaceholders(sql: string): number {
  return tokenize(sql).filter((t) => t.kind === 'placeholder').length;
}

/** The kind of the statement, looking past a leading WITH … AS (…) block. */
export function statementKind(sql: string): StatementKind {
  const tokens = tokenize(sql);
  let i = 0;
  if (isWord(tokens[0], 'WITH')) {
    let depth = 0;
    for (i = 1; i < tokens.length; i++) {
      const t = tokens[i] as Token;
      if (t.text === '(') depth++;
      else if (t.text === ')') depth--;
      else if (depth === 0 && t.kind === 'word' && ['SELECT', 'INSERT', 'UPDATE', 'DELETE'].includes(t.text.toUpperCase())) break;
    }
  }
  const first = tokens[i]?.text.toUpperCase();
  return first === 'SELECT' || first === 'INSERT' || first === 'UPDATE' || first === 'DELETE' ? first : 'OTHER';
}

/** Splits tokens at top-level commas (outside parentheses). */
function splitTopLevel(tokens: Token[]): Token[][] {
  const parts: Token[][] = [[]];
  let depth = 0;
  for (const token of tokens) {
    if (token.text === '(') depth++;
    if (token.text === ')') depth--;
    if (token.text === ',' && depth === 0) parts.push([]);
    else (parts[parts.length - 1] as Token[]).push(token);
  }
  return parts.filter((p) => p.length > 0);
}

/** Index of the first top-level keyword from `words` at or after `from`. */
function findTopLevel(tokens: Token[], from: number, words: string[]): number {
  let depth = 0;
  for (let i = from; i < tokens.length; i++) {
    const t = tokens[i] as Token;
    if (t.text === '(') depth++;
    else if (t.text === ')') depth--;
    else if (depth === 0 && t.kind === 'word' && words.includes(t.text.toUpperCase())) return i;
  }
  return tokens.length;
}

const isName = (t: Token | undefined) => t !== undefined && (t.kind === 'word' || t.kind === 'quoted-id');

/** The name a select-list item is known by: its alias, else its last dotted part. */
function selectItemName(item: Token[]): string | undefined {
  const last = item[item.length - 1];
  const beforeLast = item[item.length - 2];
  if (isName(last) && isWord(beforeLast, 'AS')) return last?.text;
  if (item.length === 1 && isName(last)) return last?.text;
  if (last?.text === '*') return '*';
  // table.column or schema.table.column
  if (item.every((t, i) => (i % 2 === 0 ? isName(t) : t.text === '.'))) return last?.text;
  // expression followed by a bare alias: COUNT(*) total
  if (isName(last) && beforeLast !== undefined && (beforeLast.text === ')' || isName(beforeLast) || beforeLast.kind === 'string' || beforeLast.kind === 'number')) {
    return last?.text;
  }
  return undefined;
}

/**
 * The column names a statement reads (SELECT list) or writes (INSERT column list, UPDATE SET
 * targets). Expressions without an alias are left out; `*` is reported as '*'.
 */
export function inferColumns(sql: string): string[] {
  const tokens = tokenize(sql);
  const kind = statementKind(sql);
  if (kind === 'SELECT') {
    const start = findTopLevel(tokens, 0, ['SELECT']);
    let from = start + 1;
    if (isWord(tokens[from], 'DISTINCT') || isWord(tokens[from], 'ALL')) from++;
    const end = findTopLevel(tokens, from, ['FROM', 'WHERE', 'GROUP', 'ORDER', 'LIMIT', 'UNION', 'HAVING', 'INTO']);
    return splitTopLevel(tokens.slice(from, end)).map(selectItemName).filter((n): n is string => n !== undefined);
  }
  if (kind === 'INSERT') {
    const open = tokens.findIndex((t) => t.text === '(');
    const valuesOrSelect = findTopLevel(tokens, 0, ['VALUES', 'SELECT', 'SET']);
    if (open === -1 || open > valuesOrSelect) {
      // INSERT … SET a = ?, b = ? (MySQL)
      return isWord(tokens[valuesOrSelect], 'SET') ? assignmentTargets(tokens, valuesOrSelect + 1) : [];
    }
    const close = tokens.findIndex((t, i) => i > open && t.text === ')');
    return splitTopLevel(tokens.slice(open + 1, close)).map((part) => part[part.length - 1]?.text).filter((n): n is string => n !== undefined);
  }
  if (kind === 'UPDATE') {
    const set = findTopLevel(tokens, 0, ['SET']);
    return assignmentTargets(tokens, set + 1);
  }
  return [];
}

/** Targets of `a = …, t.b = …` up to WHERE/FROM/ORDER/LIMIT/RETURNING. */
function assignmentTargets(tokens: Token[], from: number): string[] {
  const end = findTopLevel(tokens, from, ['WHERE', 'FROM', 'ORDER', 'LIMIT', 'RETURNING', 'ON']);
  return splitTopLevel(tokens.slice(from, end))
    .map((part) => {
      const eq = part.findIndex((t) => t.text === '=');
      return eq > 0 ? part[eq - 1]?.text : undefined;
    })
    .filter((n): n is string => n !== undefined);
}

/** Whether the text holds more than one statement (a `;` followed by anything). */
export function hasStackedStatements(sql: string): boolean {
  const tokens = tokenize(sql);
  const semicolon = tokens.findIndex((t) => t.text === ';');
  return semicolon !== -1 && semicolon < tokens.length - 1;
}

/** What a SET may assign before the variable's name (MySQL `SET SESSION x`, `SET @@session.x`, PostgreSQL `SET LOCAL x`). */
const SET_SCOPES = new Set(['SESSION', 'LOCAL', 'GLOBAL', '@', '@SESSION', '@LOCAL', '@GLOBAL']);

/**
 * Whether the statement opens, ends or shapes a transaction, or locks tables for the session
 * (BEGIN, START TRANSACTION, COMMIT, ROLLBACK, END, ABORT, SAVEPOINT, RELEASE, PREPARE TRANSACTION,
 * XA, SET TRANSACTION, SET autocommit, LOCK/UNLOCK TABLES): an author's statements each commit on
 * their own. Only a clear refusal for the author: the connections are reset after every
 * statement whatever it was (datasources/mysql.ts, postgres.ts). MariaDB's `BEGIN NOT ATOMIC`
 * block is not a transaction.
 */
export function isTransactionControl(sql: string): boolean {
  const words = tokenize(sql).filter((t) => t.text !== '.').map((t) => t.text.toUpperCase());
  const [first, second] = words;
  switch (first) {
    case 'BEGIN': return second !== 'NOT';
    case 'START': return second === 'TRANSACTION';
    case 'COMMIT': case 'ROLLBACK': case 'END': case 'ABORT': case 'SAVEPOINT': case 'RELEASE': case 'XA': case 'UNLOCK':
      return true;
    case 'LOCK': return second === 'TABLES' || second === 'TABLE';
    case 'PREPARE': return second === 'TRANSACTION';
    case 'SET': {
      const name = words.slice(1).find((w) => !SET_SCOPES.has(w));
      return name === 'TRANSACTION' || name === 'AUTOCOMMIT' || name === '@AUTOCOMMIT';
    }
    default: return false;
  }
}
