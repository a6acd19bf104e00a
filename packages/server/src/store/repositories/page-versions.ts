import type { DeletedPage, Language, PageVersion, PageVersionKind, PageVersionSummary } from '@rakit/core';
import type { Insertable, Selectable } from 'kysely';
import type { Store } from '../db';
import { insertReturningId } from '../insert';
import type { PageVersionsTable } from '../schema';
import { versionSummaryIn } from '../version-summary';

type Row = Selectable<PageVersionsTable>;

const summaryColumns = ['versionId', 'pageId', 'pageName', 'kind', 'summary', 'summaryText', 'versionName', 'authorId', 'createdAt', 'savedAt', 'saveCount'] as const;

/** A version as its history lists it, its summary in the reader's language. */
const toSummary = ({ summaryText, ...row }: Pick<Row, (typeof summaryColumns)[number]>, language: Language): PageVersionSummary => ({
  ...row, summary: versionSummaryIn(language, { summary: row.summary, summaryText }), kind: row.kind as PageVersionKind, saveCount: Number(row.saveCount),
});

export const toPageVersion = (row: Row, language: Language): PageVersion => ({
  ...toSummary(row, language), appId: row.appId, pageSlug: row.pageSlug, pageComponents: row.components,
});

export const findPageVersion = (db: Store, versionId: number) =>
  db.selectFrom('pageVersions').selectAll().where('versionId', '=', versionId).executeTakeFirst();

/** The newest version of the page recorded for the application (ids of pages are never shared, the application is checked all the same). */
export const latestPageVersion = (db: Store, appId: number, pageId: number) =>
  db.selectFrom('pageVersions').selectAll().where('pageId', '=', pageId).where('appId', '=', appId)
    .orderBy('versionId', 'desc').limit(1).executeTakeFirst();

/** The application a page's history belongs to (its newest version's). */
export async function appOfPageHistory(db: Store, pageId: number): Promise<number | undefined> {
  const row = await db.selectFrom('pageVersions').select('appId').where('pageId', '=', pageId).orderBy('versionId', 'desc').limit(1).executeTakeFirst();
  return row?.appId;
}

export const insertPageVersion = (db: Store, values: Insertable<PageVersionsTable>) => insertReturningId(db, 'pageVersions', values, 'versionId');

/** Folds a save into a version: its components, summary, author and time, one more save. */
export async function foldIntoVersion(
  db: Store, versionId: number, values: { components: string; pageName: string; pageSlug: string; summary: string; summaryText: string | null; authorId: string; savedAt: string },
): Promise<void> {
  await db.updateTable('pageVersions')
    .set((eb) => ({ ...values, saveCount: eb('saveCount', '+', 1) }))
    .where('versionId', '=', versionId).execute();
}

/** Keeps on a 'deleted' version the menus that opened its page. */
export async function setVersionMenus(db: Store, versionId: number, menuIds: readonly number[]): Promise<void> {
  await db.updateTable('pageVersions').set({ menuIds: JSON.stringify(menuIds) }).where('versionId', '=', versionId).execute();
}

/** The menus a 'deleted' version kept (none for any other version, or a list that does not read). */
export function versionMenus(version: Pick<Row, 'kind' | 'menuIds'>): number[] {
  if (version.kind !== 'deleted' || version.menuIds === null) return [];
  try {
    const ids: unknown = JSON.parse(version.menuIds);
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isSafeInteger(id)) : [];
  } catch {
    return [];
  }
}

export async function setVersionName(db: Store, versionId: number, versionName: string | null): Promise<void> {
  await db.updateTable('pageVersions').set({ versionName }).where('versionId', '=', versionId).execute();
}

export async function listPageVersions(db: Store, appId: number, pageId: number, offset: number, limit: number, language: Language): Promise<{ versions: PageVersionSummary[]; total: number }> {
  const scope = db.selectFrom('pageVersions').where('pageId', '=', pageId).where('appId', '=', appId);
  const [rows, count] = await Promise.all([
    scope.select(summaryColumns).orderBy('versionId', 'desc').offset(offset).limit(limit).execute(),
    scope.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { versions: rows.map((row) => toSummary(row, language)), total: Number(count.n) };
}

/** The application's deleted pages that still have history: each one's newest 'deleted' version, last deleted first. */
export async function listDeletedPages(db: Store, appId: number): Promise<DeletedPage[]> {
  const rows = await db.selectFrom('pageVersions as v')
    .select(['v.versionId', 'v.pageId', 'v.pageName', 'v.pageSlug', 'v.authorId', 'v.createdAt'])
    .where('v.appId', '=', appId).where('v.kind', '=', 'deleted')
    .where((eb) => eb.not(eb.exists(eb.selectFrom('pages as p').select('p.pageId').whereRef('p.pageId', '=', 'v.pageId'))))
    .orderBy('v.versionId', 'desc').execute();
  const newest = new Map<number, (typeof rows)[number]>();
  for (const row of rows) if (!newest.has(row.pageId)) newest.set(row.pageId, row);
  if (newest.size === 0) return [];
  const counts = await db.selectFrom('pageVersions').select(['pageId', (eb) => eb.fn.countAll().as('n')])
    .where('appId', '=', appId).where('pageId', 'in', [...newest.keys()]).groupBy('pageId').execute();
  const countOf = new Map(counts.map((c) => [c.pageId, Number(c.n)]));
  return [...newest.values()].map((row) => ({
    pageId: row.pageId, pageName: row.pageName, pageSlug: row.pageSlug, deletedAt: row.createdAt, deletedBy: row.authorId, versionCount: countOf.get(row.pageId) ?? 0,
  }));
}

/** Removes the unnamed versions of a page past its `keep` newest unnamed ones; answers how many. */
export async function prunePageVersionsByCount(db: Store, pageId: number, keep: number): Promise<number> {
  const old = await db.selectFrom('pageVersions').select('versionId').where('pageId', '=', pageId).where('versionName', 'is', null)
    .orderBy('versionId', 'desc').offset(keep).limit(10_000).execute();
  if (old.length === 0) return 0;
  await db.deleteFrom('pageVersions').where('versionId', 'in', old.map((r) => r.versionId)).execute();
  return old.length;
}

/**
 * Age retention: removes the unnamed versions saved before `before` (an ISO time), except each
 * live page's newest version, and every version of a page deleted before then. Answers how many.
 */
export async function prunePageVersionsByAge(db: Store, before: string): Promise<number> {
  let removed = 0;
  const goneIds = (await db.selectFrom('pageVersions as v').select('v.pageId').distinct()
    .where('v.kind', '=', 'deleted').where('v.createdAt', '<', before)
    .where((eb) => eb.not(eb.exists(eb.selectFrom('pages as p').select('p.pageId').whereRef('p.pageId', '=', 'v.pageId'))))
    .limit(5000).execute()).map((r) => r.pageId);
  for (const gone of goneIds) {
    // Deleted before the cutoff, and not undeleted (nor deleted again) since.
    const newest = await db.selectFrom('pageVersions').select(['kind', 'createdAt']).where('pageId', '=', gone).orderBy('versionId', 'desc').limit(1).executeTakeFirst();
    if (newest === undefined || newest.kind !== 'deleted' || newest.createdAt >= before) continue;
    const result = await db.deleteFrom('pageVersions').where('pageId', '=', gone).executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  const newestOfEach = db.selectFrom('pageVersions').select((eb) => eb.fn.max('versionId').as('versionId')).groupBy('pageId');
  const old = await db.selectFrom('pageVersions').select('versionId').where('savedAt', '<', before).where('versionName', 'is', null)
    .where('versionId', 'not in', newestOfEach).limit(5000).execute();
  if (old.length > 0) {
    await db.deleteFrom('pageVersions').where('versionId', 'in', old.map((r) => r.versionId)).execute();
    removed += old.length;
  }
  return removed;
}

/** Removes every version of an application's pages (the application is deleted). */
export async function deleteVersionsOfApp(db: Store, appId: number): Promise<void> {
  await db.deleteFrom('pageVersions').where('appId', '=', appId).execute();
}
