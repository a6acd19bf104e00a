import type { Insertable, Selectable } from 'kysely';
import type { Store } from '../db';
import { insertReturningId } from '../insert';
import type { AppVariablesTable } from '../schema';

export type AppVariableRow = Selectable<AppVariablesTable>;
export type AppVariableValues = Omit<Insertable<AppVariablesTable>, 'revision' | 'variableId'>;

export const listVariableRows = (db: Store, appId: number) =>
  db.selectFrom('appVariables').selectAll().where('appId', '=', appId).orderBy('varName').execute();

export const findVariable = (db: Store, variableId: number) =>
  db.selectFrom('appVariables').selectAll().where('variableId', '=', variableId).executeTakeFirst();

export const countVariables = async (db: Store, appId: number): Promise<number> =>
  Number((await db.selectFrom('appVariables').select((eb) => eb.fn.countAll().as('n')).where('appId', '=', appId).executeTakeFirstOrThrow()).n);

export const insertVariable = (db: Store, values: AppVariableValues) => insertReturningId(db, 'appVariables', values, 'variableId');

export async function updateVariable(db: Store, variableId: number, values: AppVariableValues): Promise<void> {
  await db.updateTable('appVariables').set(values).where('variableId', '=', variableId).execute();
}

export async function deleteVariable(db: Store, variableId: number): Promise<void> {
  await db.deleteFrom('appVariables').where('variableId', '=', variableId).execute();
}

/** Gives `toAppId` a copy of every variable of `fromAppId`, sealed values as they are (one server's key seals both). */
export async function copyVariables(db: Store, fromAppId: number, toAppId: number): Promise<void> {
  const rows = await listVariableRows(db, fromAppId);
  if (rows.length === 0) return;
  await db.insertInto('appVariables').values(rows.map((row) => ({ appId: toAppId, varName: row.varName, secret: row.secret, varValue: row.varValue }))).execute();
}

export async function removeVariables(db: Store, variableIds: readonly number[]): Promise<void> {
  if (variableIds.length > 0) await db.deleteFrom('appVariables').where('variableId', 'in', variableIds).execute();
}
