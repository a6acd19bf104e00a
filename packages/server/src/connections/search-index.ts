import { createHash } from 'node:crypto';
import type { DbSearch, SearchIndexBody, SearchIndexJob, SearchIndexPlan, TableSearch } from '@rakit/core';
import type { FastifyInstance } from 'fastify';
import type { AuditContext } from '../audit/context';
import { recordAudit } from '../audit/record';
import { openDdlSession } from '../datasources/ddl-session';
import { reachableSettings } from '../datasources/reach';
import { forgetSearchIndexes, readSearchIndexes, type TableSearchIndexes } from '../datasources/search-indexes';
import { type DataSource, DataSourceError, type DataSourceType, quoteAnsi, type TableInfo } from '../datasources/types';
import { badRequest, conflict, forbidden, local, quoted } from '../errors/http-errors';
import type { DbConfigRow } from '../store/repositories/db-configs';
import { isTextType } from '../datasources/column-types';
import { dataSourceOf, settingsOf } from './data-source-of';

/**
 * Adding a search index from the Database screen (issue 19). The statements are built only
 * from a table and columns found in the connection's own schema, quoted by the engine's
 * rules; the caller's text only picks among them. They run as the connection's user, so the
 * database itself refuses what that user may not do; the screen asks first, to say so
 * plainly before anything runs.
 */

const dialectOf = (row: DbConfigRow) => row.dbType as DataSourceType;
const quoteMysql = (identifier: string) => `\`${identifier.replaceAll('`', '``')}\``;
const quoteOf = (dialect: DataSourceType) => (dialect === 'mysql' ? quoteMysql : quoteAnsi);
/** A SQL string literal (FTS5 options name tables and columns as strings). */
const literal = (text: string) => `'${text.replaceAll('\'', '\'\'')}'`;

/** An index name within the engine's limit (63 bytes PostgreSQL, 64 MySQL): long ones keep a hash of the whole. */
function indexName(parts: string[], suffix: string, limit: number): string {
  const name = `${parts.join('_')}_${suffix}`;
  if (Buffer.byteLength(name) <= limit) return name;
  const hash = createHash('sha256').update(name).digest('hex').slice(0, 8);
  let head = name;
  while (Buffer.byteLength(`${head}_${hash}`) > limit) head = head.slice(0, -1);
  return `${head}_${hash}`;
}

/** What the engine lets the connection's user do towards search indexes, by table. */
interface Permissions {
  /** Why no table can have one on this connection, if so (an extension missing). */
  everywhere: string | null;
  /** Why this table cannot, if so (not its owner, a privilege missing). */
  table(name: string): string | null;
  /** PostgreSQL: pg_trgm must be created first. */
  createExtension: boolean;
}

async function postgresPermissions(source: DataSource, user: string): Promise<Permissions> {
  const state = (await source.query(
    `SELECT (SELECT count(*) FROM pg_extension WHERE extname = 'pg_trgm')::int AS installed,
            (SELECT count(*) FROM pg_available_extensions WHERE name = 'pg_trgm')::int AS available,
            has_database_privilege(current_database(), 'CREATE') AS may_create,
            COALESCE((SELECT bool_or(trusted) FROM pg_available_extension_versions WHERE name = 'pg_trgm'), false) AS trusted,
            COALESCE((SELECT rolsuper FROM pg_roles WHERE rolname = current_user), false) AS superuser`,
    [],
  )).rows[0] ?? {};
  const owned = await source.query(
    `SELECT c.relname AS table_name, pg_has_role(current_user, c.relowner, 'USAGE') AS owns
       FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace
      WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p')`,
    [],
    { maxRows: 100_000 },
  );
  const owns = new Map(owned.rows.map((r) => [String(r.table_name), r.owns === true]));
  const installed = Number(state.installed) > 0;
  let everywhere: string | null = null;
  if (!installed && Number(state.available) === 0) {
    everywhere = 'The pg_trgm extension is missing on this PostgreSQL server: it has to be installed there (the postgresql-contrib package) before a search index can be added.';
  } else if (!installed && !(state.superuser === true || (state.trusted === true && state.may_create === true))) {
    everywhere = `The pg_trgm extension is not enabled in this database and the connection's user ${user} may not enable it: `
      + 'a database administrator has to run CREATE EXTENSION pg_trgm first.';
  }
  return {
    everywhere,
    createExtension: !installed,
    table: (name) => (owns.get(name) === true ? null
      : `The connection's user ${user} does not own table ${name}: PostgreSQL lets only a table's owner add an index to it.`),
  };
}

async function mysqlPermissions(source: DataSource, user: string): Promise<Permissions> {
  const current = String((await source.query('SELECT CURRENT_USER() AS u', [])).rows[0]?.u ?? '');
  const at = current.lastIndexOf('@');
  const grantee = `'${current.slice(0, at)}'@'${current.slice(at + 1)}'`;
  const { rows } = await source.query(
    `SELECT PRIVILEGE_TYPE AS privilege, NULL AS table_name FROM information_schema.USER_PRIVILEGES WHERE GRANTEE = ?
     UNION ALL
     SELECT PRIVILEGE_TYPE, NULL FROM information_schema.SCHEMA_PRIVILEGES WHERE GRANTEE = ? AND DATABASE() LIKE TABLE_SCHEMA
     UNION ALL
     SELECT PRIVILEGE_TYPE, TABLE_NAME FROM information_schema.TABLE_PRIVILEGES WHERE GRANTEE = ? AND TABLE_SCHEMA = DATABASE()`,
    [grantee, grantee, grantee],
    { maxRows: 100_000 },
  );
  const held = (table: string, privilege: string) => rows.some((r) => r.privilege === privilege && (r.table_name === null || r.table_name === table));
  return {
    everywhere: null,
    createExtension: false,
    table: (name) => (held(name, 'ALTER') && held(name, 'INDEX') ? null
      : `The connection's user ${user} lacks the ALTER and INDEX privileges on table ${name}, which adding a FULLTEXT index needs.`),
  };
}

async function sqlitePermissions(source: DataSource): Promise<Permissions> {
  const { rows } = await source.query(`SELECT name, sql FROM sqlite_master WHERE type = 'table'`, [], { maxRows: 100_000 });
  const withoutRowid = new Set(rows.filter((r) => /without\s+rowid\s*$/i.test(String(r.sql ?? '').trim())).map((r) => String(r.name)));
  const virtual = new Set(rows.filter((r) => /^create\s+virtual\s+table/i.test(String(r.sql ?? ''))).map((r) => String(r.name)));
  return {
    everywhere: null,
    createExtension: false,
    table: (name) => {
      if (withoutRowid.has(name)) return `Table ${name} is a WITHOUT ROWID table, which an FTS5 search table cannot follow.`;
      if (virtual.has(name)) return `Table ${name} is a virtual table.`;
      return null;
    },
  };
}

function permissionsOf(dialect: DataSourceType, source: DataSource, user: string): Promise<Permissions> {
  if (dialect === 'postgres') return postgresPermissions(source, user);
  if (dialect === 'mysql') return mysqlPermissions(source, user);
  return sqlitePermissions(source);
}

/** The columns a search index serves, on one table. */
function indexedColumns(dialect: DataSourceType, indexes: TableSearchIndexes | undefined): Set<string> {
  if (indexes === undefined) return new Set();
  if (dialect === 'postgres') return new Set(indexes.trigram);
  if (dialect === 'mysql') return new Set(indexes.fulltext.flat());
  return new Set(indexes.fts?.columns ?? []);
}

/** Everything the search part of the Database screen and the statements are built from. */
async function inspect(app: FastifyInstance, row: DbConfigRow) {
  const dialect = dialectOf(row);
  const source = await dataSourceOf(app, row);
  const [tables, indexes, permissions] = await Promise.all([
    source.tables(), readSearchIndexes(source, dialect), permissionsOf(dialect, source, row.dbUser),
  ]);
  // SQLite's FTS5 tables and their shadow tables are the search indexes, not tables to index.
  const ftsNames = new Set([...indexes.values()].flatMap((i) => (i.fts === null ? [] : [i.fts.name])));
  const shown = tables.filter((t) => ![...ftsNames].some((n) => t.table_name === n || t.table_name.startsWith(`${n}_`)));
  return { dialect, source, tables: shown, indexes, permissions };
}

type Inspected = Awaited<ReturnType<typeof inspect>>;

function tableSearch(inspected: Inspected, table: TableInfo): TableSearch {
  const { dialect, indexes, permissions } = inspected;
  const indexed = indexedColumns(dialect, indexes.get(table.table_name));
  const refusal = permissions.everywhere ?? permissions.table(table.table_name);
  return {
    table_name: table.table_name,
    columns: table.columns.map((c) => ({
      column: c.COLUMN_NAME, dataType: c.DATA_TYPE, text: isTextType(dialect, c.DATA_TYPE), indexed: indexed.has(c.COLUMN_NAME),
    })),
    canAdd: refusal === null,
    refusal,
  };
}

/** Per table of the connection, which columns search fast and whether an index may be added. */
export async function searchIndexOverview(app: FastifyInstance, row: DbConfigRow): Promise<DbSearch> {
  const inspected = await inspect(app, row);
  return {
    dbId: row.dbId,
    dbType: inspected.dialect,
    wholeWords: inspected.dialect === 'mysql',
    tables: inspected.tables.map((t) => tableSearch(inspected, t)),
  };
}

/** The name of the FTS5 table the server keeps over a SQLite table. */
const ftsNameOf = (table: string) => `${table}_search`;

function sqliteStatements(table: TableInfo, columns: string[], existing: TableSearchIndexes | undefined): string[] {
  const q = quoteAnsi;
  const fts = ftsNameOf(table.table_name);
  const keys = table.columns.filter((c) => c.COLUMN_KEY === 'PRI');
  // An INTEGER PRIMARY KEY is the rowid itself; any other table is followed by its rowid.
  const key = keys.length === 1 && keys[0]?.DATA_TYPE === 'integer' ? keys[0].COLUMN_NAME : null;
  // Columns an FTS5 table over the table serves already are not indexed again.
  if (columns.every((c) => existing?.fts?.columns.includes(c) === true)) return [];
  const ours = existing?.fts?.name === fts ? existing.fts.columns : [];
  const all = table.columns.map((c) => c.COLUMN_NAME).filter((c) => columns.includes(c) || ours.includes(c));
  const names = all.map(q).join(', ');
  const of = (row: 'new' | 'old') => [key === null ? `${row}.rowid` : `${row}.${q(key)}`, ...all.map((c) => `${row}.${q(c)}`)].join(', ');
  const statements = ours.length === 0 ? [] : [
    `DROP TRIGGER IF EXISTS ${q(`${fts}_ai`)}`, `DROP TRIGGER IF EXISTS ${q(`${fts}_ad`)}`, `DROP TRIGGER IF EXISTS ${q(`${fts}_au`)}`,
    `DROP TABLE ${q(fts)}`,
  ];
  const options = [`content=${literal(table.table_name)}`, ...(key === null ? [] : [`content_rowid=${literal(key)}`]), `tokenize='trigram'`];
  return [
    ...statements,
    `CREATE VIRTUAL TABLE ${q(fts)} USING fts5(${names}, ${options.join(', ')})`,
    `CREATE TRIGGER ${q(`${fts}_ai`)} AFTER INSERT ON ${q(table.table_name)} BEGIN INSERT INTO ${q(fts)} (rowid, ${names}) VALUES (${of('new')}); END`,
    `CREATE TRIGGER ${q(`${fts}_ad`)} AFTER DELETE ON ${q(table.table_name)} BEGIN INSERT INTO ${q(fts)} (${q(fts)}, rowid, ${names}) VALUES ('delete', ${of('old')}); END`,
    `CREATE TRIGGER ${q(`${fts}_au`)} AFTER UPDATE ON ${q(table.table_name)} BEGIN INSERT INTO ${q(fts)} (${q(fts)}, rowid, ${names}) VALUES ('delete', ${of('old')}); `
      + `INSERT INTO ${q(fts)} (rowid, ${names}) VALUES (${of('new')}); END`,
    `INSERT INTO ${q(fts)} (${q(fts)}) VALUES ('rebuild')`,
  ];
}

/** The statements adding a search index on `columns` of `table` (checked names), for the engine. */
function statementsOf(inspected: Inspected, table: TableInfo, columns: string[]): string[] {
  const { dialect, permissions } = inspected;
  const existing = inspected.indexes.get(table.table_name);
  if (dialect === 'sqlite') return sqliteStatements(table, columns, existing);
  const q = quoteOf(dialect);
  const fresh = columns.filter((c) => !indexedColumns(dialect, existing).has(c));
  if (dialect === 'postgres') {
    return [
      ...(permissions.createExtension ? ['CREATE EXTENSION IF NOT EXISTS pg_trgm'] : []),
      // CONCURRENTLY: the table stays writable while the index is built.
      ...fresh.map((c) => `CREATE INDEX CONCURRENTLY IF NOT EXISTS ${q(indexName([table.table_name, c], 'trgm', 63))} ON ${q(table.table_name)} USING gin (${q(c)} gin_trgm_ops)`),
    ];
  }
  // One index per column: MATCH names the columns of one index, and a widget may search any of them.
  return fresh.map((c) => `ALTER TABLE ${q(table.table_name)} ADD FULLTEXT INDEX ${q(indexName(['search', c], 'ft', 64))} (${q(c)})`);
}

/** The table and columns of the body, found in the connection's schema (the names used are the schema's). */
function checkedTarget(inspected: Inspected, body: SearchIndexBody): { table: TableInfo; columns: string[] } {
  const table = inspected.tables.find((t) => t.table_name === body.table);
  if (table === undefined) throw badRequest(local('tableNotInDatabase', { table: quoted(body.table) }));
  const columns: string[] = [];
  for (const name of new Set(body.columns)) {
    const column = table.columns.find((c) => c.COLUMN_NAME === name);
    if (column === undefined) throw badRequest(local('columnNotInTable', { column: quoted(name), table: quoted(table.table_name) }));
    if (inspected.dialect !== 'sqlite' && !isTextType(inspected.dialect, column.DATA_TYPE)) {
      throw badRequest(local('searchIndexTextOnly', { column: quoted(name) }));
    }
    columns.push(column.COLUMN_NAME);
  }
  return { table, columns };
}

async function planOf(app: FastifyInstance, row: DbConfigRow, body: SearchIndexBody) {
  const inspected = await inspect(app, row);
  const { table, columns } = checkedTarget(inspected, body);
  const search = tableSearch(inspected, table);
  const statements = statementsOf(inspected, table, columns);
  const plan: SearchIndexPlan = { table: table.table_name, columns, statements, allowed: search.canAdd, refusal: search.refusal };
  if (plan.allowed && statements.length === 0) {
    plan.allowed = false;
    plan.refusal = `A search index serves ${columns.join(', ')} already.`;
  }
  return { plan, inspected };
}

/** The exact statements an Add search index would run, and whether it may; runs nothing. */
export async function planSearchIndex(app: FastifyInstance, row: DbConfigRow, body: SearchIndexBody): Promise<SearchIndexPlan> {
  return (await planOf(app, row, body)).plan;
}

/** A running or finished Add search index, with what reads its progress while it runs. */
interface Job {
  status: SearchIndexJob;
  sessionId: number;
  dialect: DataSourceType;
  source: DataSource;
}

/** The last Add search index of each connection (by dbId), since the server started, per server. */
const jobsByServer = new WeakMap<FastifyInstance, Map<number, Job>>();

function jobsOf(app: FastifyInstance): Map<number, Job> {
  let jobs = jobsByServer.get(app);
  if (jobs === undefined) {
    jobs = new Map();
    jobsByServer.set(app, jobs);
  }
  return jobs;
}

/** What the engine reports of the session's index build: pg_stat_progress_create_index, MariaDB's PROCESSLIST.PROGRESS. */
async function engineProgress(job: Job): Promise<{ progress: number | null; phase: string | null }> {
  if (job.dialect === 'postgres') {
    const { rows } = await job.source.query(
      'SELECT phase, blocks_done, blocks_total, tuples_done, tuples_total FROM pg_stat_progress_create_index WHERE pid = ?', [job.sessionId],
    );
    const r = rows[0];
    if (r === undefined) return { progress: null, phase: null };
    const [done, total] = Number(r.blocks_total) > 0 ? [Number(r.blocks_done), Number(r.blocks_total)] : [Number(r.tuples_done), Number(r.tuples_total)];
    return { progress: total > 0 ? Math.min(1, done / total) : null, phase: String(r.phase) };
  }
  if (job.dialect === 'mysql') {
    // MariaDB reports ALTER TABLE's progress in percent; MySQL has no PROGRESS column (the read fails: no figure).
    const { rows } = await job.source.query('SELECT PROGRESS AS progress, STATE AS state FROM information_schema.PROCESSLIST WHERE ID = ?', [job.sessionId]);
    const r = rows[0];
    if (r === undefined) return { progress: null, phase: null };
    return { progress: r.progress === null ? null : Number(r.progress) / 100, phase: r.state === null ? null : String(r.state) };
  }
  return { progress: null, phase: null };
}

/**
 * An index build the engine shows on the connection's database, whoever started it: another
 * server process (ARCHITECTURE §3: nothing may assume one process), or a person by hand.
 */
async function buildSeenByEngine(dialect: DataSourceType, source: DataSource, onTable?: string): Promise<SearchIndexJob | null> {
  let found: { table: string; progress: number | null; phase: string | null } | undefined;
  const wanted = (table: string) => onTable === undefined || table === onTable;
  if (dialect === 'postgres') {
    const { rows } = await source.query(
      `SELECT c.relname AS table_name, p.phase, p.blocks_done, p.blocks_total
         FROM pg_stat_progress_create_index p JOIN pg_class c ON c.oid = p.relid
         JOIN pg_index x ON x.indexrelid = p.index_relid JOIN pg_opclass oc ON oc.oid = x.indclass[0]
        WHERE p.datid = (SELECT oid FROM pg_database WHERE datname = current_database())
          AND oc.opcname IN ('gin_trgm_ops', 'gist_trgm_ops')`, [],
    );
    const r = rows.find((row) => wanted(String(row.table_name)));
    if (r !== undefined) found = { table: String(r.table_name), phase: String(r.phase), progress: Number(r.blocks_total) > 0 ? Number(r.blocks_done) / Number(r.blocks_total) : null };
  } else if (dialect === 'mysql') {
    const { rows } = await source.query(
      `SELECT INFO AS info, PROGRESS AS progress, STATE AS state FROM information_schema.PROCESSLIST
        WHERE DB = DATABASE() AND INFO LIKE 'ALTER TABLE % ADD FULLTEXT INDEX %'`, [],
    );
    const tableOf = (info: unknown) => /^ALTER TABLE `((?:[^`]|``)+)`/.exec(String(info ?? ''))?.[1]?.replaceAll('``', '`');
    const r = rows.find((row) => { const table = tableOf(row.info); return table !== undefined && wanted(table); });
    const table = tableOf(r?.info);
    if (r !== undefined && table !== undefined) found = { table, phase: r.state === null ? null : String(r.state), progress: r.progress === null ? null : Number(r.progress) / 100 };
  }
  if (found === undefined) return null;
  return { table: found.table, columns: [], state: 'running', step: 1, statements: [], progress: found.progress, phase: found.phase, message: null };
}

/**
 * How far the connection's last Add search index is: this process's own job while it runs
 * (with its statements), else a build the engine shows running on the database (started by
 * another process, or by hand), else how this process's last one ended (done, or why it
 * failed); null when there is none of these.
 */
export async function searchIndexProgress(app: FastifyInstance, row: DbConfigRow): Promise<SearchIndexJob | null> {
  const job = jobsOf(app).get(row.dbId);
  if (job?.status.state === 'running') {
    const reported = await engineProgress(job).catch(() => ({ progress: null, phase: null }));
    // The build may have ended while the engine was asked: its own end is then the answer.
    return job.status.state === 'running' ? { ...job.status, ...reported } : job.status;
  }
  // After a build of its own, only another one on the same table is told over it.
  const seen = await buildSeenByEngine(dialectOf(row), await dataSourceOf(app, row), job?.status.table).catch(() => null);
  return seen ?? job?.status ?? null;
}

/** What a failed statement says: the engine's text (it names no credentials), or a generic one. */
const failureText = (error: unknown) => (error instanceof DataSourceError ? error.message : 'The index could not be added');

/** Runs the statements one by one on a session of their own, recording where it is. */
async function runJob(app: FastifyInstance, row: DbConfigRow, job: Job, session: Awaited<ReturnType<typeof openDdlSession>>): Promise<void> {
  const { statements } = job.status;
  const transactional = job.dialect === 'sqlite';
  try {
    if (transactional) await session.run('BEGIN IMMEDIATE');
    for (const [i, sql] of statements.entries()) {
      job.status = { ...job.status, step: i + 1 };
      await session.run(sql);
    }
    if (transactional) await session.run('COMMIT');
    job.status = { ...job.status, state: 'done', progress: 1, phase: null };
  } catch (error) {
    if (transactional) await session.run('ROLLBACK').catch(() => undefined);
    // A CREATE INDEX CONCURRENTLY that failed leaves an invalid index behind: it is removed.
    const failed = statements[job.status.step - 1] ?? '';
    const invalid = /^CREATE INDEX CONCURRENTLY IF NOT EXISTS (\S+) ON/.exec(failed)?.[1];
    if (job.dialect === 'postgres' && invalid !== undefined) await session.run(`DROP INDEX CONCURRENTLY IF EXISTS ${invalid}`).catch(() => undefined);
    job.status = { ...job.status, state: 'failed', phase: null, message: failureText(error) };
    app.log.warn({ dbId: row.dbId, err: error }, 'Adding a search index failed');
  } finally {
    await session.close();
    forgetSearchIndexes(job.source);
  }
}

/**
 * Starts adding the search index (refused when the connection's user may not, or one is being
 * added on this connection already) and answers at once; searchIndexProgress tells how far it
 * is. Recorded in the audit log with its statements.
 */
export async function addSearchIndex(app: FastifyInstance, audit: AuditContext, row: DbConfigRow, body: SearchIndexBody): Promise<SearchIndexJob> {
  const jobs = jobsOf(app);
  if (jobs.get(row.dbId)?.status.state === 'running') throw conflict(local('searchIndexBusy'));
  const { plan, inspected } = await planOf(app, row, body);
  // Another process may be building one on this table: the engine says so.
  if (await buildSeenByEngine(inspected.dialect, inspected.source, plan.table).catch(() => null) !== null) {
    throw conflict(local('searchIndexBusyOn', { table: plan.table }));
  }
  if (plan.statements.length === 0) throw conflict(plan.refusal ?? 'A search index serves these columns already.');
  if (!plan.allowed) throw forbidden(plan.refusal ?? 'A search index cannot be added here');
  const settings = await reachableSettings(settingsOf(app, row), app.config, row.dbVouched === 1);
  const session = await openDdlSession(settings, app.config.dataDir);
  const job: Job = {
    status: { table: plan.table, columns: plan.columns, state: 'running', step: 0, statements: plan.statements, progress: null, phase: null, message: null },
    sessionId: session.sessionId,
    dialect: inspected.dialect,
    source: inspected.source,
  };
  jobs.set(row.dbId, job);
  await recordAudit(app.store, audit, {
    entityType: 'db', entityId: row.dbId, summary: { key: 'audit.searchIndexAdded', values: { table: plan.table, columns: plan.columns.join(', ') } },
    details: { table: plan.table, columns: plan.columns, statements: plan.statements },
  });
  void runJob(app, row, job, session);
  return job.status;
}
