import { z } from 'zod';
import {
  AppIdParamsSchema, DbConfigSchema, DbIdParamsSchema, DbTypeSchema, DeleteDbConfigBodySchema, IdParamsSchema,
  SaveDbConfigBodySchema,
} from '../schemas/admin';
import { revisionField } from '../schemas/revision';
import { defineCall, lazyCalls } from './contract';

/** A table of a connection with its columns (MySQL's information_schema spelling, on every engine). */
export const DbTableSchema = z.object({
  table_name: z.string(),
  /** COLUMN_KEY 'PRI' marks the primary key, '' any other column. */
  columns: z.array(z.object({ COLUMN_NAME: z.string(), COLUMN_KEY: z.string(), DATA_TYPE: z.string() })),
});
export type DbTable = z.infer<typeof DbTableSchema>;
export type DbColumn = DbTable['columns'][number];

export const DbDetailsSchema = z.object({ dbId: z.number().int(), dbDatabase: z.string(), tables: z.array(DbTableSchema) });
export type DbDetails = z.infer<typeof DbDetailsSchema>;

/** A connection of GET /get/listDatabase with its tables (none when it cannot be read). */
export const DatabaseWithTablesSchema = DbDetailsSchema.extend({ dbType: DbTypeSchema, ...revisionField });
export type DatabaseWithTables = z.infer<typeof DatabaseWithTablesSchema>;

const DbIdSchema = z.object({ dbId: z.number().int() });
/** A saved connection: its id and the revision it is at now (issue 33). */
const SavedDbSchema = DbIdSchema.extend(revisionField);

/** A column as the Database screen's search part shows it: whether a search index serves it. */
export const SearchColumnSchema = z.object({
  column: z.string(),
  dataType: z.string(),
  /** A text column: what an index for search can be added on. */
  text: z.boolean(),
  /** A search of this column is served by an index (pg_trgm, FULLTEXT, FTS5 trigram). */
  indexed: z.boolean(),
});

/** A table's columns for search, and whether the connection's user may add a search index on it (if not, why). */
export const TableSearchSchema = z.object({
  table_name: z.string(),
  columns: z.array(SearchColumnSchema),
  canAdd: z.boolean(),
  refusal: z.string().nullable(),
});
export type TableSearch = z.infer<typeof TableSearchSchema>;

export const DbSearchSchema = z.object({
  dbId: z.number().int(),
  dbType: DbTypeSchema,
  /** MariaDB/MySQL FULLTEXT: an indexed search matches whole words and word prefixes, not any part of a word. */
  wholeWords: z.boolean(),
  tables: z.array(TableSearchSchema),
});
export type DbSearch = z.infer<typeof DbSearchSchema>;

export const SearchIndexBodySchema = z.object({
  dbId: z.number().int(),
  table: z.string().trim().min(1).max(200),
  columns: z.array(z.string().trim().min(1).max(200)).min(1).max(50),
});
export type SearchIndexBody = z.infer<typeof SearchIndexBodySchema>;

/** The exact statements an Add search index would run, and whether it may. */
export const SearchIndexPlanSchema = z.object({
  table: z.string(),
  columns: z.array(z.string()),
  statements: z.array(z.string()),
  allowed: z.boolean(),
  refusal: z.string().nullable(),
});
export type SearchIndexPlan = z.infer<typeof SearchIndexPlanSchema>;

/** Where adding a search index is: the statement running and how far the engine says it is. */
export const SearchIndexJobSchema = z.object({
  table: z.string(),
  columns: z.array(z.string()),
  state: z.enum(['running', 'done', 'failed']),
  /** 1-based number of the statement running (statements.length when done). */
  step: z.number().int(),
  statements: z.array(z.string()),
  /** The engine's progress of the running statement, 0–1, when it reports one. */
  progress: z.number().nullable(),
  /** What the engine says it is doing (a phase of CREATE INDEX, a stage of ALTER TABLE). */
  phase: z.string().nullable(),
  /** Why it failed. */
  message: z.string().nullable(),
});
export type SearchIndexJob = z.infer<typeof SearchIndexJobSchema>;

/** An application's own database connections (spec 1 screen 5, §7); never with passwords. */
export const databaseCalls = lazyCalls(() => ({
  getDbConf: defineCall({
    method: 'GET', path: '/get/getDbConf/:id', tag: 'databases',
    summary: 'An application\'s connections (id is the appId); never with passwords',
    params: IdParamsSchema,
    data: z.array(DbConfigSchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.id } },
  }),
  listDatabase: defineCall({
    method: 'GET', path: '/get/listDatabase/:appId', tag: 'databases',
    summary: 'Connections of an application with their tables and columns, for widget configuration',
    params: AppIdParamsSchema,
    data: z.array(DatabaseWithTablesSchema),
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.params.appId } },
  }),
  getDbDetails: defineCall({
    method: 'GET', path: '/get/getDbDetails/:dbId', tag: 'databases',
    summary: 'Tables of a connection with their columns (COLUMN_KEY PRI marks the primary key)',
    params: DbIdParamsSchema,
    data: DbDetailsSchema,
    access: { level: 'appAdmin', app: { entity: 'db', id: (input) => input.params.dbId } },
  }),
  saveDbConfig: defineCall({
    method: 'POST', path: '/save/saveDbConfig', tag: 'databases',
    summary: 'Create (dbId null) or edit a connection after testing it',
    description: 'An edit naming the revision it was based on is refused (409, with the connection as stored now, never its password) once another has saved it since.',
    body: SaveDbConfigBodySchema,
    data: SavedDbSchema,
    conflict: DbConfigSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.dbAppId } },
  }),
  searchIndexes: defineCall({
    method: 'GET', path: '/get/searchIndexes/:dbId', tag: 'databases',
    summary: 'Per table of a connection, which columns a search index serves and whether one may be added',
    params: DbIdParamsSchema,
    data: DbSearchSchema,
    access: { level: 'appAdmin', app: { entity: 'db', id: (input) => input.params.dbId } },
  }),
  planSearchIndex: defineCall({
    method: 'POST', path: '/get/planSearchIndex', tag: 'databases',
    summary: 'The exact statements adding a search index on columns of a table would run (runs nothing)',
    body: SearchIndexBodySchema,
    data: SearchIndexPlanSchema,
    access: { level: 'appAdmin', app: { entity: 'db', id: (input) => input.body.dbId } },
  }),
  addSearchIndex: defineCall({
    method: 'POST', path: '/save/addSearchIndex', tag: 'databases',
    summary: 'Add a search index on columns of a table (pg_trgm GIN, FULLTEXT, FTS5 trigram); runs in the background',
    body: SearchIndexBodySchema,
    data: SearchIndexJobSchema,
    access: { level: 'appAdmin', app: { entity: 'db', id: (input) => input.body.dbId } },
  }),
  searchIndexProgress: defineCall({
    method: 'GET', path: '/get/searchIndexProgress/:dbId', tag: 'databases',
    summary: 'How far the last Add search index of a connection is (null when none ran since the server started)',
    params: DbIdParamsSchema,
    data: SearchIndexJobSchema.nullable(),
    access: { level: 'appAdmin', app: { entity: 'db', id: (input) => input.params.dbId } },
  }),
  deleteDbConfig: defineCall({
    method: 'DELETE', path: '/delete/deleteDbConfig', tag: 'databases',
    summary: 'Remove a connection and the queries stored on it',
    body: DeleteDbConfigBodySchema,
    data: DbIdSchema,
    access: { level: 'appAdmin', app: { entity: 'db', id: (input) => input.body.dbId } },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A database connection, by its id. */
    db: true;
  }
}
