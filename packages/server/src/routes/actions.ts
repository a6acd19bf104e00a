import {
  IdParamsSchema, Messages, hasStackedStatements, RunActionBodySchema, stripSqlComments,
  RunQueryBodySchema, SaveQueryBodySchema, type StoredQuery,
} from '@rakit/core';
import type { FastifyInstance } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Principal } from '../auth/principal';
import { principalOf } from '../auth/plugin';
import { asCallerError } from '../datasources/errors';
import type { QueryResult } from '../datasources/types';
import { bindPositional, type ParamValue, resolveValue, savedActionFor } from '../engine/bind';
import { type PageQueryAction, pageQueryActions } from '../engine/page-actions';
import { savedComponents } from '../engine/page-cache';
import { buildRawQuery } from '../engine/query-builder';
import { badRequest, forbidden, HttpError, notFound } from '../http/errors';
import { cachedDbConfig, cachedPage } from '../store/cached-reads';
import { type DbConfigRow, findDbConfig } from '../store/repositories/db-configs';
import { findPage } from '../store/repositories/pages';
import { findQuery, insertQuery, listQueriesOfDb, updateQuery } from '../store/repositories/queries';
import { dataSourceOf, dbConfigForAdmin } from '../connections/data-source-of';
import { assertMayReadPage, reachablePageComponents } from '../pages/page-access';

/** Runs one statement on the connection's database, answering failures the way spec 1 §8 reads them. */
async function execute(app: FastifyInstance, db: DbConfigRow, sql: string, params: readonly ParamValue[]): Promise<QueryResult> {
  // Engines differ on a text of only blanks and comments (an error, or nothing done): one answer.
  if (stripSqlComments(sql).replace(/[\s;]+/g, '') === '') throw new HttpError(400, Messages.queryError, [Messages.queryEmpty]);
  const source = await dataSourceOf(app, db);
  try {
    return await source.query(sql, params);
  } catch (error) {
    throw asCallerError(error);
  }
}

/** Rows of a read; for a write one entry with what it changed (spec 2: "data[0]"). */
const answerOf = (result: QueryResult) =>
  result.kind === 'read'
    ? { status: true, data: result.rows, truncated: result.truncated }
    : { status: true, data: [{ affectedRows: result.affectedRows, insertId: result.insertId ?? null }] };

/** Every database action of the pages the caller reaches in the application. */
const reachableActions = async (app: FastifyInstance, caller: Principal, appId: number): Promise<PageQueryAction[]> =>
  (await reachablePageComponents(app, caller, appId)).flatMap(pageQueryActions);

/**
 * Runs for a member a query saved in an action of a page he reaches, named without the page
 * (by its stored id or its text): the action `isWanted` picks on this connection, bound by
 * position with the user and the author's fixed values filled on the server. 403 when no page
 * he reaches holds it.
 */
async function runSavedForMember(
  app: FastifyInstance, db: DbConfigRow, caller: Principal, isWanted: (stored: StoredQuery) => boolean, sent: readonly ParamValue[],
) {
  const candidates = (await reachableActions(app, caller, db.dbAppId))
    .flatMap((action) => (action.stored !== undefined && action.stored.database === db.dbId && isWanted(action.stored) ? [action.stored] : []));
  const saved = savedActionFor(candidates, sent, caller.userId);
  if (saved === undefined) throw forbidden(Messages.onlySavedQueries);
  return answerOf(await execute(app, db, saved.query, bindPositional(saved.params, sent, caller.userId)));
}

/** Actions and queries (spec 1 §7, spec 2 §4): who may run which SQL is decided here. */
const actionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/action/runQuery', {
    schema: { tags: ['actions'], summary: 'Run SQL: any statement for the connection\'s administrators; members only a query saved in a page they reach', body: RunQueryBodySchema },
  }, async (request) => {
    const { dbId, query, params } = request.body;
    const caller = principalOf(request);
    const db = await findDbConfig(app.store, dbId);
    if (db === undefined) throw notFound(Messages.databaseNotFound);
    if (hasStackedStatements(query)) throw badRequest('Send one statement at a time');
    if (caller.isAppAdmin(db.dbAppId)) return answerOf(await execute(app, db, query, params));

    caller.assertAppMember(db.dbAppId);
    // Exactly the saved text: one differing by a comment (which MariaDB may execute, /*! … */) is another query.
    return runSavedForMember(app, db, caller, (stored) => stored.query === query, params);
  });

  app.post('/action/runAction', {
    schema: { tags: ['actions'], summary: 'Run a database action of a saved page, or a stored query, with the page\'s values', body: RunActionBodySchema },
  }, async (request) => {
    const caller = principalOf(request);
    const body = request.body;
    const pageValues: Record<string, ParamValue> = Array.isArray(body.params) ? Object.fromEntries(body.params.map((v, i) => [String(i), v])) : body.params;

    if (body.actionId !== undefined) {
      const record = await findQuery(app.store, body.actionId);
      if (record === undefined) throw notFound(Messages.actionNotFound);
      const db = await findDbConfig(app.store, record.actionDbId);
      if (db === undefined) throw notFound(Messages.databaseNotFound);
      caller.assertAppMember(db.dbAppId);
      const params = Array.isArray(body.params) ? body.params : Object.values(body.params);
      // Its author may run any SQL on the connection anyway (runQuery).
      if (caller.isAppAdmin(db.dbAppId)) return answerOf(await execute(app, db, record.actionSqlQuery, params));
      // A member only through an action of a page he reaches that holds this record: its mappings say which values are his to send.
      const holdsRecord = (saved: StoredQuery) => Number(saved['id']) === record.actionId && saved.query === record.actionSqlQuery;
      return runSavedForMember(app, db, caller, holdsRecord, params);
    }

    const page = await cachedPage(app, body.pageId as number);
    if (page === undefined) throw notFound(Messages.pageNotFound);
    await assertMayReadPage(app, principalOf(request), page);
    const action = pageQueryActions(savedComponents(page) ?? []).find((a) => a.componentId === body.componentId && a.actionName === body.actionName);
    if (action === undefined) throw notFound(Messages.actionNotFound);
    const dbId = action.raw?.database ?? (action.stored as StoredQuery).database;
    const db = await cachedDbConfig(app, dbId);
    if (db === undefined || db.dbAppId !== page.pageAppId) throw notFound(Messages.databaseNotFound);

    if (action.raw !== undefined) {
      const built = await buildRawQuery(await dataSourceOf(app, db), action.raw, pageValues, caller.userId);
      return answerOf(await execute(app, db, built.sql, built.params));
    }
    const stored = action.stored as StoredQuery;
    const params = stored.params.map((mapping) => resolveValue(mapping, pageValues, caller.userId));
    return answerOf(await execute(app, db, stored.query, params));
  });

  app.post('/save/saveQuery', {
    schema: { tags: ['actions'], summary: 'Store a query on a connection (authors)', body: SaveQueryBodySchema },
  }, async (request, reply) => {
    const body = request.body;
    const db = await dbConfigForAdmin(app, principalOf(request), body.actionDbId);
    if (hasStackedStatements(body.actionSQLQuery)) throw badRequest('Send one statement at a time');
    if (body.actionPageId !== 0) {
      const page = await findPage(app.store, body.actionPageId);
      if (page === undefined || page.pageAppId !== db.dbAppId) throw badRequest(Messages.pageNotFound);
    }
    const values = {
      actionSlug: body.actionSlug, actionDbId: body.actionDbId, actionPageId: body.actionPageId,
      actionName: body.actionName, actionSqlQuery: body.actionSQLQuery, actionFormat: body.actionFormat,
    };
    if (body.actionId === null) {
      const actionId = await insertQuery(app.store, values);
      reply.code(201);
      return { status: true, data: { actionId } };
    }
    const existing = await findQuery(app.store, body.actionId);
    if (existing === undefined || existing.actionDbId !== body.actionDbId) throw notFound(Messages.actionNotFound);
    await updateQuery(app.store, body.actionId, values);
    return { status: true, data: { actionId: body.actionId } };
  });

  app.get('/action/listQueries/:id', {
    schema: { tags: ['actions'], summary: 'Stored queries of a connection (id is the dbId)', params: IdParamsSchema },
  }, async (request) => {
    await dbConfigForAdmin(app, principalOf(request), request.params.id);
    const rows = await listQueriesOfDb(app.store, request.params.id);
    return {
      status: true,
      data: rows.map((r) => ({
        actionId: r.actionId, actionSlug: r.actionSlug, actionDbId: r.actionDbId, actionPageId: r.actionPageId,
        actionName: r.actionName, actionSQLQuery: r.actionSqlQuery, actionFormat: r.actionFormat,
      })),
    };
  });
};

export default actionRoutes;
