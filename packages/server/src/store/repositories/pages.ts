import { type NameTranslations, type PageSummary, slugify } from '@rakit/core';
import type { Kysely } from 'kysely';
import type { Store } from '../db';
import { engineOf } from '../dialect';
import { insertReturningId } from '../insert';
import { wroteRow } from '../revisions';
import { nameTranslationsOf } from './name-translations';

const summaryColumns = ['pageId', 'pageName', 'pageSlug', 'pageComponents', 'revision', 'nameTranslations'] as const;

/** A page row as answered: its name translations read. */
export const pageAnswer = <P extends { nameTranslations: string | null }>(page: P): Omit<P, 'nameTranslations'> & { nameTranslations: NameTranslations } =>
  ({ ...page, nameTranslations: nameTranslationsOf(page.nameTranslations) });

export const findPage = (db: Store, pageId: number) =>
  db.selectFrom('pages').selectAll().where('pageId', '=', pageId).executeTakeFirst();

/**
 * A page read inside a transaction and held until it ends (FOR UPDATE; SQLite's transactions are
 * already one at a time): every other write of the page waits, and the row is read as committed now.
 */
export const findPageForUpdate = (trx: Store, pageId: number) =>
  trx.selectFrom('pages').selectAll().where('pageId', '=', pageId)
    .$if(engineOf(trx as unknown as Kysely<unknown>) !== 'sqlite', (query) => query.forUpdate()).executeTakeFirst();

export const listAppPages = async (db: Store, appId: number): Promise<PageSummary[]> =>
  (await db.selectFrom('pages').select(summaryColumns).where('pageAppId', '=', appId).orderBy('pageId').execute()).map(pageAnswer);

/** Pages that no menu of their application points to. */
export const listUnassignedPages = async (db: Store, appId: number): Promise<PageSummary[]> =>
  (await db.selectFrom('pages').select(summaryColumns).where('pageAppId', '=', appId)
    .where('pageId', 'not in', db.selectFrom('menus').select('menuPageId').where('menuAppId', '=', appId))
    .orderBy('pageId').execute()).map(pageAnswer);

/** A page as answered (its name translations read), or undefined when it is gone. */
export async function storedPageAnswer(db: Store, pageId: number) {
  const page = await findPage(db, pageId);
  return page === undefined ? undefined : pageAnswer(page);
}

export const findPageBySlug = (db: Store, appId: number, pageSlug: string) =>
  db.selectFrom('pages').selectAll().where('pageAppId', '=', appId).where('pageSlug', '=', pageSlug).executeTakeFirst();

/** A slug from the page name that no other page of the application uses. */
export async function freePageSlug(db: Store, appId: number, pageName: string): Promise<string> {
  const base = slugify(pageName);
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    if ((await findPageBySlug(db, appId, candidate)) === undefined) return candidate;
  }
}

export async function insertPage(db: Store, appId: number, pageName: string): Promise<{ pageId: number; pageSlug: string }> {
  const pageSlug = await freePageSlug(db, appId, pageName);
  const pageId = await insertReturningId(db, 'pages', {
    pageAppId: appId, pageName, pageSlug, pageComponents: '[]', updatedAt: new Date().toISOString(),
  }, 'pageId');
  return { pageId, pageSlug };
}

/**
 * Writes a page and bumps its revision; with `base`, only while the page is still at that
 * revision (store/revisions.ts). False when it was not written.
 */
export async function updatePage(db: Store, pageId: number, values: { pageName?: string; pageComponents?: string }, base?: number): Promise<boolean> {
  const result = await db.updateTable('pages').set((eb) => ({ ...values, updatedAt: new Date().toISOString(), revision: eb('revision', '+', 1) }))
    .where('pageId', '=', pageId).$if(base !== undefined, (query) => query.where('revision', '=', base!)).executeTakeFirst();
  return wroteRow(result);
}

/** Whether one of the groups reaches the page through a menu they may access. */
export async function pageReachableByGroups(db: Store, pageId: number, groupIds: number[]): Promise<boolean> {
  if (groupIds.length === 0) return false;
  const row = await db.selectFrom('menus as m')
    .innerJoin('groupMenuAccess as a', 'a.menuId', 'm.menuId')
    .select('m.menuId')
    .where('m.menuPageId', '=', pageId)
    .where('a.groupId', 'in', groupIds)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The pages of an application with their components: all for administrators, else those the
 * groups' menus reach, or those a token for machines names (issue 36).
 */
export async function pagesReachable(db: Store, appId: number, reach: number[] | 'all' | { pageIds: readonly number[] }) {
  let query = db.selectFrom('pages').select(['pageId', 'pageComponents', 'updatedAt']).where('pageAppId', '=', appId);
  if (reach === 'all') return query.execute();
  if (!Array.isArray(reach)) {
    if (reach.pageIds.length === 0) return [];
    query = query.where('pageId', 'in', [...reach.pageIds]);
  } else {
    if (reach.length === 0) return [];
    query = query.where('pageId', 'in', db.selectFrom('menus as m')
      .innerJoin('groupMenuAccess as a', 'a.menuId', 'm.menuId')
      .select('m.menuPageId').where('a.groupId', 'in', reach));
  }
  return query.execute();
}
