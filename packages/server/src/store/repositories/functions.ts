import { slugify } from '@rakit/core';
import type { Store } from '../db';
import { insertReturningId } from '../insert';

/** Custom functions (spec 1 §3 "Function"); `parameter` is JSON text of the typed parameter list. */

export const findFunction = (db: Store, id: number) =>
  db.selectFrom('functions').selectAll().where('id', '=', id).executeTakeFirst();

export const findFunctionBySlug = (db: Store, slug: string) =>
  db.selectFrom('functions').selectAll().where('slug', '=', slug).executeTakeFirst();

export const listFunctionsOfApp = (db: Store, appId: number) =>
  db.selectFrom('functions').selectAll().where('appId', '=', appId).orderBy('id').execute();

/** A slug from the name that no function uses (the column is unique across applications). */
async function freeFunctionSlug(db: Store, name: string): Promise<string> {
  const base = slugify(name);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if ((await findFunctionBySlug(db, candidate)) === undefined) return candidate;
  }
}

export async function insertFunction(db: Store, values: { appId: number; name: string; parameter: string; content: string }): Promise<{ id: number; slug: string }> {
  const slug = await freeFunctionSlug(db, values.name);
  const id = await insertReturningId(db, 'functions', { ...values, slug }, 'id');
  return { id, slug };
}

export async function updateFunction(db: Store, id: number, values: { name: string; parameter: string; content: string }): Promise<void> {
  await db.updateTable('functions').set(values).where('id', '=', id).execute();
}

export async function deleteFunction(db: Store, id: number): Promise<void> {
  await db.deleteFrom('functions').where('id', '=', id).execute();
}

/** The workflow steps of the application that name a function (their params are JSON text). */
export const functionStepsOfApp = (db: Store, appId: number) =>
  db.selectFrom('chainActions')
    .innerJoin('chains', 'chains.chainId', 'chainActions.actionChainId')
    .select(['chainActions.actionId', 'chainActions.actionAlias', 'chainActions.actionParams', 'chains.chainName'])
    .where('chains.chainAppId', '=', appId)
    .where('chainActions.addonName', '=', 'function')
    .execute();

/** The pages of the application with their components' JSON text. */
export const pagesOfAppWithComponents = (db: Store, appId: number) =>
  db.selectFrom('pages').select(['pageId', 'pageName', 'pageComponents']).where('pageAppId', '=', appId).execute();
