import { Messages, type QueryRecord, type SaveQueryBodySchema } from '@rakit/core';
import type { z } from 'zod';
import { badRequest, notFound } from '../errors/http-errors';
import type { Store } from '../store/db';
import { findPage } from '../store/repositories/pages';
import { findQuery, insertQuery, listQueriesOfDb, updateQuery } from '../store/repositories/queries';
import { claimRevision } from '../store/revisions';
import { assertOneStatement } from './run-sql';
import type { AuditContext } from '../audit/context';
import { withAudit, type AuditFact } from '../audit/record';
import type { Services } from '../services';

type SaveQueryInput = z.output<typeof SaveQueryBodySchema>;
type QueryRow = NonNullable<Awaited<ReturnType<typeof findQuery>>>;

/** A stored query named as the spec's Query record names it. */
const toQueryRecord = (r: QueryRow): QueryRecord => ({
  actionId: r.actionId, actionSlug: r.actionSlug, actionDbId: r.actionDbId, actionPageId: r.actionPageId,
  actionName: r.actionName, actionSQLQuery: r.actionSqlQuery, actionFormat: r.actionFormat, revision: r.revision,
});

/** A query as listQueries answers it (undefined when gone): what a stale edit is shown. */
async function currentQuery(db: Store, actionId: number): Promise<QueryRecord | undefined> {
  const row = await findQuery(db, actionId);
  return row === undefined ? undefined : toQueryRecord(row);
}

/**
 * Stores a query on a connection of the application `appId` (its administrators, checked by
 * the call's contract): one statement, against a page of the same application or none (0).
 * An id updates that query of the connection (with body.revision, only while the query is
 * still at it, issue 33); another connection's is not found.
 */
export async function saveQuery(
  services: Services, audit: AuditContext, appId: number, body: SaveQueryInput,
): Promise<{ actionId: number; revision: number; created: boolean }> {
  assertOneStatement(body.actionSQLQuery);
  if (body.actionPageId !== 0) {
    const page = await findPage(services.store, body.actionPageId);
    if (page === undefined || page.pageAppId !== appId) throw badRequest(Messages.pageNotFound);
  }
  const values = {
    actionSlug: body.actionSlug, actionDbId: body.actionDbId, actionPageId: body.actionPageId,
    actionName: body.actionName, actionSqlQuery: body.actionSQLQuery, actionFormat: body.actionFormat,
  };
  const fact = (id: number): AuditFact => ({ appId, entityType: 'query', entityId: id, summary: { key: 'audit.querySaved', values: { query: body.actionName } } });
  if (body.actionId === null) return { actionId: await withAudit(services.store, audit, fact, (trx) => insertQuery(trx, values)), revision: 1, created: true };
  const existing = await findQuery(services.store, body.actionId);
  // Checked before the revision is compared: a stale answer would show another connection's query.
  if (existing === undefined || existing.actionDbId !== body.actionDbId) throw notFound(Messages.actionNotFound);
  const actionId = body.actionId;
  const revision = await withAudit(services.store, audit, fact(actionId), async (trx) => {
    const claimed = await claimRevision(trx, 'queries', actionId, body.revision, (store) => currentQuery(store, actionId));
    await updateQuery(trx, actionId, values);
    return claimed;
  });
  return { actionId, revision, created: false };
}

/** The stored queries of a connection, named as the spec's Query record names them. */
export async function queriesOfConnection(services: Services, dbId: number): Promise<QueryRecord[]> {
  return (await listQueriesOfDb(services.store, dbId)).map(toQueryRecord);
}
