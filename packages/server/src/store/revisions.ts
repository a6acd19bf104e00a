import { Messages } from '@rakit/core';
import type { Kysely, UpdateResult } from 'kysely';
import type { Store } from './db';

/** The key column of each table whose rows carry a revision (issue 33). */
const REVISION_KEYS = {
  apps: 'appId', pages: 'pageId', menus: 'menuId', userGroups: 'groupId', chains: 'chainId', chainActions: 'actionId',
  dbConfigs: 'dbId', functions: 'id', queries: 'actionId', triggers: 'triggerId', pdfTemplates: 'templateId', thirdParties: 'serviceId',
  identityProviders: 'providerId', apiSources: 'sourceId', apiEndpoints: 'endpointId', appVariables: 'variableId',
} as const;
export type RevisionedTable = keyof typeof REVISION_KEYS;

/** The audit log's name of each table's objects: the newest entry of one names who last changed it. */
const AUDIT_ENTITIES: Record<RevisionedTable, string> = {
  apps: 'app', pages: 'page', menus: 'menu', userGroups: 'group', chains: 'workflow', chainActions: 'workflowAction',
  dbConfigs: 'db', functions: 'function', queries: 'query', triggers: 'trigger', pdfTemplates: 'pdfTemplate', thirdParties: 'thirdParty',
  identityProviders: 'identityProvider', apiSources: 'apiSource', apiEndpoints: 'apiEndpoint', appVariables: 'variable',
};

/** The tables above as the two statements here see them: a numeric key and a revision. */
type RevisionView = Kysely<Record<RevisionedTable, Record<string, number>>>;

/**
 * A write based on a revision another has replaced: thrown inside the write's transaction, it
 * rolls it back, and the error handler answers 409 with the object as `current` reads it then,
 * outside the transaction (whose snapshot may predate the other write), for the call's
 * `conflict` schema to serialise.
 */
export class StaleRevision extends Error {
  constructor(
    readonly current: (store: Store) => Promise<unknown>,
    /** The object as the audit log names it, when the answer should say who saved it last. */
    readonly entity?: { type: string; id: number },
  ) {
    super(Messages.staleWrite);
    this.name = 'StaleRevision';
  }
}

/** Whether an update wrote a row (a conditional one writes none when its row moved on). */
export const wroteRow = (result: UpdateResult): boolean => Number(result.numUpdatedRows) > 0;

/**
 * Takes the next revision of a stored object in the transaction that writes it, and answers it:
 * bumps the revision when it is still `base` (whatever it is when base is undefined), or answers
 * undefined when another write got there first or the object is gone. The update holds the row
 * until the transaction ends, so of two writes based on one revision exactly one passes, on each
 * of the three engines. For objects written across several tables (a group and its menu access,
 * a workflow and its flow); a single-row write bumps the revision in its own update.
 */
export async function takeRevision(trx: Store, table: RevisionedTable, id: number, base: number | undefined): Promise<number | undefined> {
  const key = REVISION_KEYS[table];
  const db = trx as unknown as RevisionView;
  let update = db.updateTable(table).set((eb) => ({ revision: eb('revision', '+', 1) })).where(key, '=', id);
  if (base !== undefined) update = update.where('revision', '=', base);
  if (!wroteRow(await update.executeTakeFirst())) return undefined;
  return revisionOf(trx, table, id);
}

/** The stored revision of an object (undefined when it is gone). */
export async function revisionOf(db: Store, table: RevisionedTable, id: number): Promise<number | undefined> {
  const row = await (db as unknown as RevisionView).selectFrom(table).select('revision').where(REVISION_KEYS[table], '=', id).executeTakeFirst();
  return row?.revision;
}

/** A StaleRevision's `current`: the row `find` reads now, as its read call answers it (undefined when gone). */
export const answeredAs = <R, A>(find: (store: Store) => Promise<R | undefined>, answer: (row: R) => A) =>
  async (store: Store): Promise<A | undefined> => {
    const row = await find(store);
    return row === undefined ? undefined : answer(row);
  };

/**
 * takeRevision for a write about to be made in `trx`: the object's new revision, or a
 * StaleRevision (answered 409 with what `current` reads) when another write got there first.
 */
export async function claimRevision(
  trx: Store, table: RevisionedTable, id: number, base: number | undefined, current: (store: Store) => Promise<unknown>,
): Promise<number> {
  const revision = await takeRevision(trx, table, id, base);
  if (revision === undefined) throw new StaleRevision(current, { type: AUDIT_ENTITIES[table], id });
  return revision;
}
