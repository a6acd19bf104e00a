import {
  hasStackedStatements, isTransactionControl, Messages, type RunActionBodySchema, type StoredQuery, stripSqlComments,
} from '@rakit/core';
import type { z } from 'zod';
import type { Principal } from '../auth/principal';
import { dataSourceOf } from '../connections/data-source-of';
import { asCallerError } from '../datasources/errors';
import type { QueryResult } from '../datasources/types';
import { bindPositional, type ParamValue, resolveValue, savedActionFor } from '../engine/bind';
import { type PageQueryAction, pageQueryActions } from '../engine/page-actions';
import { savedComponents } from '../engine/page-cache';
import { buildRawQuery } from '../engine/query-builder';
import { badRequest, forbidden, HttpError, local, notFound } from '../errors/http-errors';
import { assertMayReadPage, reachablePageComponents } from '../pages/page-access';
import { cachedDbConfig, cachedPage } from '../store/cached-reads';
import { type DbConfigRow, findDbConfig } from '../store/repositories/db-configs';
import { findQuery } from '../store/repositories/queries';
import type { Services } from '../services';
import { fixedValuesFor } from '../variables/variables';

/*
 * Who may run which SQL on an application's connection (spec 1 §7, spec 2 §4): its
 * administrators any statement; its members only queries saved in actions of pages they
 * reach, with the user and the author's fixed values filled in here, never by the browser.
 */

/**
 * 400 for a text of several statements, or for a transaction-control statement: every call
 * that runs or stores SQL takes one statement, which commits on its own.
 */
export function assertOneStatement(sql: string): void {
  if (hasStackedStatements(sql)) throw badRequest(local('queryOneStatement'));
  assertNoTransactionControl(sql);
}

/**
 * 400 for BEGIN, COMMIT, SET autocommit, LOCK TABLES… (isTransactionControl): a pooled
 * connection is reset after each statement anyway (datasources/mysql.ts, postgres.ts), so the
 * author is told rather than left believing a transaction is open.
 */
function assertNoTransactionControl(sql: string): void {
  if (isTransactionControl(sql)) throw new HttpError(400, Messages.queryError, [Messages.transactionsNotAllowed]);
}

/**
 * Runs one statement on the connection's database, answering failures the way spec 1 §8 reads
 * them. Who may run it is the caller's to have checked: a member's rule here, a workflow's
 * application (workflows/addons/app-sql.ts).
 */
export async function runOnConnection(services: Services, db: DbConfigRow, sql: string, params: readonly ParamValue[]): Promise<QueryResult> {
  assertRunnable(sql);
  const source = await dataSourceOf(services, db);
  try {
    return await source.query(sql, params);
  } catch (error) {
    throw asCallerError(error);
  }
}

/** Texts that passed assertRunnable: a saved page's queries are checked once, not on every run. */
const runnable = new Set<string>();
const MAX_RUNNABLE = 1000;
/** Longer texts are checked every time rather than kept. */
const MAX_KEPT_TEXT = 8192;

/** 400 for a text of only blanks and comments, or for a transaction-control statement. */
function assertRunnable(sql: string): void {
  if (runnable.has(sql)) return;
  // Engines differ on a text of only blanks and comments (an error, or nothing done): one answer.
  if (stripSqlComments(sql).replace(/[\s;]+/g, '') === '') throw new HttpError(400, Messages.queryError, [Messages.queryEmpty]);
  assertNoTransactionControl(sql);
  if (sql.length > MAX_KEPT_TEXT) return;
  if (runnable.size >= MAX_RUNNABLE) runnable.clear();
  runnable.add(sql);
}

/** A stored connection, or 404. */
async function connection(services: Services, dbId: number): Promise<DbConfigRow> {
  const db = await findDbConfig(services.store, dbId);
  if (db === undefined) throw notFound(Messages.databaseNotFound);
  return db;
}

/** Every database action of the pages the caller reaches in the application. */
const reachableActions = async (services: Services, caller: Principal, appId: number): Promise<PageQueryAction[]> =>
  (await reachablePageComponents(services, caller, appId)).flatMap(pageQueryActions);

/**
 * Runs for a member a query saved in an action of a page he reaches, named without the page
 * (by its stored id or its text): the action `isWanted` picks on this connection, bound by
 * position with the user and the author's fixed values filled on the server. 403 when no page
 * he reaches holds it.
 */
async function runSavedForMember(
  services: Services, db: DbConfigRow, caller: Principal, isWanted: (stored: StoredQuery) => boolean, sent: readonly ParamValue[],
): Promise<QueryResult> {
  const candidates = (await reachableActions(services, caller, db.dbAppId))
    .flatMap((action) => (action.stored !== undefined && action.stored.database === db.dbId && isWanted(action.stored) ? [action.stored] : []));
  const saved = savedActionFor(candidates, sent, caller.userId);
  if (saved === undefined) throw forbidden(Messages.onlySavedQueries);
  return runOnConnection(services, db, saved.query, bindPositional(saved.params, sent, await fixedValuesFor(services, caller.userId, db.dbAppId, saved.params)));
}

/**
 * Raw SQL on a connection (POST /action/runQuery) for a member of its application: any one
 * statement for its administrators; for the others only the exact text of a query saved in a
 * page they reach (403 otherwise).
 */
export async function runSqlAs(services: Services, caller: Principal, dbId: number, sql: string, params: readonly ParamValue[]): Promise<QueryResult> {
  const db = await connection(services, dbId);
  assertOneStatement(sql);
  if (caller.isAppAdmin(db.dbAppId)) return runOnConnection(services, db, sql, params);
  // Exactly the saved text: one differing by a comment (which MariaDB may execute, /*! … */) is another query.
  return runSavedForMember(services, db, caller, (stored) => stored.query === sql, params);
}

type RunActionInput = z.output<typeof RunActionBodySchema>;

/** A stored query (runAction with actionId): its administrators run it; a member only through an action of a page he reaches that holds it. */
async function runStoredQueryAs(services: Services, caller: Principal, actionId: number, params: readonly ParamValue[]): Promise<QueryResult> {
  const record = await findQuery(services.store, actionId);
  if (record === undefined) throw notFound(Messages.actionNotFound);
  const db = await connection(services, record.actionDbId);
  caller.assertAppMember(db.dbAppId);
  // Its author may run any SQL on the connection anyway (runQuery).
  if (caller.isAppAdmin(db.dbAppId)) return runOnConnection(services, db, record.actionSqlQuery, params);
  // The page's mappings say which values are the member's to send.
  const holdsRecord = (saved: StoredQuery) => Number(saved['id']) === record.actionId && saved.query === record.actionSqlQuery;
  return runSavedForMember(services, db, caller, holdsRecord, params);
}

/** A database action of a saved page the caller may read, with the page's values; its connection must be the page's application's. */
async function runPageActionAs(
  services: Services, caller: Principal, ref: { pageId: number; componentId: string; actionName: string }, pageValues: Record<string, ParamValue>,
): Promise<QueryResult> {
  const page = await cachedPage(services, ref.pageId);
  if (page === undefined) throw notFound(Messages.pageNotFound);
  await assertMayReadPage(services, caller, page);
  const action = pageQueryActions(savedComponents(page) ?? []).find((a) => a.componentId === ref.componentId && a.actionName === ref.actionName);
  if (action === undefined) throw notFound(Messages.actionNotFound);
  const dbId = action.raw === undefined ? action.stored.database : action.raw.database;
  const db = await cachedDbConfig(services, dbId);
  if (db === undefined || db.dbAppId !== page.pageAppId) throw notFound(Messages.databaseNotFound);

  if (action.raw !== undefined) {
    const fixed = await fixedValuesFor(services, caller.userId, db.dbAppId, [...action.raw.setValues, ...action.raw.conditions]);
    const built = await buildRawQuery(await dataSourceOf(services, db), action.raw, pageValues, fixed);
    return runOnConnection(services, db, built.sql, built.params);
  }
  const { stored } = action;
  const fixed = await fixedValuesFor(services, caller.userId, db.dbAppId, stored.params);
  return runOnConnection(services, db, stored.query, stored.params.map((mapping) => resolveValue(mapping, pageValues, fixed)));
}

/** POST /action/runAction: a stored query by its id, or a database action of a saved page. */
export function runActionAs(services: Services, caller: Principal, body: RunActionInput): Promise<QueryResult> {
  if (body.actionId !== undefined) {
    const params = Array.isArray(body.params) ? body.params : Object.values(body.params);
    return runStoredQueryAs(services, caller, body.actionId, params);
  }
  const pageValues: Record<string, ParamValue> = Array.isArray(body.params) ? Object.fromEntries(body.params.map((v, i) => [String(i), v])) : body.params;
  // The body's refinement guarantees the page's three names when there is no actionId.
  const ref = { pageId: body.pageId as number, componentId: body.componentId as string, actionName: body.actionName as string };
  return runPageActionAs(services, caller, ref, pageValues);
}
