import type { Insertable, Selectable } from 'kysely';
import type { Store } from '../db';
import { insertReturningId } from '../insert';
import type { ApiEndpointsTable, ApiSourcesTable } from '../schema';

export type ApiSourceRow = Selectable<ApiSourcesTable>;
export type ApiSourceValues = Omit<Insertable<ApiSourcesTable>, 'revision'>;
export type ApiEndpointRow = Selectable<ApiEndpointsTable>;
export type ApiEndpointValues = Omit<Insertable<ApiEndpointsTable>, 'revision'>;

export const listApiSourceRows = (db: Store, appId: number) =>
  db.selectFrom('apiSources').selectAll().where('appId', '=', appId).orderBy('sourceName').execute();

export const findApiSource = (db: Store, sourceId: number) =>
  db.selectFrom('apiSources').selectAll().where('sourceId', '=', sourceId).executeTakeFirst();

export const insertApiSource = (db: Store, values: ApiSourceValues) => insertReturningId(db, 'apiSources', values, 'sourceId');

export async function updateApiSource(db: Store, sourceId: number, values: ApiSourceValues): Promise<void> {
  await db.updateTable('apiSources').set(values).where('sourceId', '=', sourceId).execute();
}

export async function deleteApiSource(db: Store, sourceId: number): Promise<void> {
  // The endpoints go first: a store opened without foreign keys still leaves none behind.
  await db.deleteFrom('apiEndpoints').where('sourceId', '=', sourceId).execute();
  await db.deleteFrom('apiSources').where('sourceId', '=', sourceId).execute();
}

/** The endpoints of an application's APIs (or of one API), by name. */
export const listApiEndpointRows = (db: Store, sourceIds: readonly number[]) =>
  sourceIds.length === 0
    ? Promise.resolve([] as ApiEndpointRow[])
    : db.selectFrom('apiEndpoints').selectAll().where('sourceId', 'in', sourceIds).orderBy('endpointName').execute();

export const countApiEndpoints = async (db: Store, sourceId: number): Promise<number> =>
  Number((await db.selectFrom('apiEndpoints').select((eb) => eb.fn.countAll().as('n')).where('sourceId', '=', sourceId).executeTakeFirstOrThrow()).n);

export const findApiEndpoint = (db: Store, endpointId: number) =>
  db.selectFrom('apiEndpoints').selectAll().where('endpointId', '=', endpointId).executeTakeFirst();

export const insertApiEndpoint = (db: Store, values: ApiEndpointValues) => insertReturningId(db, 'apiEndpoints', values, 'endpointId');

export async function updateApiEndpoint(db: Store, endpointId: number, values: ApiEndpointValues): Promise<void> {
  await db.updateTable('apiEndpoints').set(values).where('endpointId', '=', endpointId).execute();
}

export async function deleteApiEndpoint(db: Store, endpointId: number): Promise<void> {
  await db.deleteFrom('apiEndpoints').where('endpointId', '=', endpointId).execute();
}
