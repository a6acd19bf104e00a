import { z } from 'zod';
import { IdParamsSchema } from '../schemas/admin';
import { RunActionBodySchema, RunQueryBodySchema, SaveQueryBodySchema } from '../schemas/actions';
import { revisionField } from '../schemas/revision';
import { TestRequestAnswerSchema, TestRequestBodySchema } from '../schemas/triggers';
import { CREATED_OR_SAVED, defineCall, lazyCalls } from './contract';
import { ResultRowSchema } from './tables';

/** What a write statement changed (spec 2: "data[0]"); insertId is null where the engine gives none. */
export const WriteResultSchema = z.object({ affectedRows: z.number().int(), insertId: z.number().nullable() });
export type WriteResult = z.infer<typeof WriteResultSchema>;

/**
 * A statement's answer: the rows of a read, or for a write one entry saying what it changed. A
 * write's entry is a row too, so the rows are tried first and the entry is never reshaped.
 */
export const StatementResultSchema = z.union([z.array(ResultRowSchema), z.tuple([WriteResultSchema])]);
export type StatementResult = z.infer<typeof StatementResultSchema>;

/** Beside `data`: a read answers whether its rows were cut at the row cap (a write says nothing). */
const truncatedExtra = { truncated: z.boolean().optional() };

/** A stored query (GET /action/listQueries, spec 2 §3 "Query record"). */
export const QueryRecordSchema = z.object({
  actionId: z.number().int(),
  actionSlug: z.string(),
  actionDbId: z.number().int(),
  actionPageId: z.number().int(),
  actionName: z.string(),
  actionSQLQuery: z.string(),
  actionFormat: z.string(),
  ...revisionField,
});
export type QueryRecord = z.infer<typeof QueryRecordSchema>;

/** Actions and queries (spec 1 §7, spec 2 §4): who may run which SQL is the queries' rule (server/src/queries). */
export const actionCalls = lazyCalls(() => ({
  runQuery: defineCall({
    method: 'POST', path: '/action/runQuery', tag: 'actions',
    summary: 'Run SQL: any statement for the connection\'s administrators; members only a query saved in a page they reach',
    body: RunQueryBodySchema,
    data: StatementResultSchema,
    extra: truncatedExtra,
    access: { level: 'member', app: { entity: 'db', id: (input) => input.body.dbId } },
  }),
  runAction: defineCall({
    method: 'POST', path: '/action/runAction', tag: 'actions',
    summary: 'Run a database action of a saved page, or a stored query, with the page\'s values',
    description: 'Members: actions of pages their groups reach, and stored queries only through such an action.',
    body: RunActionBodySchema,
    data: StatementResultSchema,
    extra: truncatedExtra,
    // The application is the page's or the stored query's, whichever the body names: the queries' rule finds it.
    access: { level: 'signedIn' },
    replayable: true,
  }),
  saveQuery: defineCall({
    method: 'POST', path: '/save/saveQuery', tag: 'actions',
    summary: 'Store a query on a connection (authors)',
    description: 'actionId null stores a new query (201); an id updates it (200). The answer adds the query\'s revision; an update naming the revision '
      + 'it was based on is refused (409, with the query as stored now) once another has saved it since.',
    body: SaveQueryBodySchema,
    data: z.object({ actionId: z.number().int(), ...revisionField }),
    conflict: QueryRecordSchema,
    successCode: CREATED_OR_SAVED,
    access: { level: 'appAdmin', app: { entity: 'db', id: (input) => input.body.actionDbId } },
  }),
  listQueries: defineCall({
    method: 'GET', path: '/action/listQueries/:id', tag: 'actions',
    summary: 'Stored queries of a connection (id is the dbId)',
    params: IdParamsSchema,
    data: z.array(QueryRecordSchema),
    access: { level: 'appAdmin', app: { entity: 'db', id: (input) => input.params.id } },
  }),
  testRequest: defineCall({
    method: 'POST', path: '/action/testRequest', tag: 'actions',
    summary: 'Send a REQUEST action\'s call from the server for an administrator of the application (public http(s) addresses only unless RAKIT_ALLOW_PRIVATE_URLS)',
    body: TestRequestBodySchema,
    data: TestRequestAnswerSchema,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.body.appId } },
  }),
}));
