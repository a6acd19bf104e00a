import type { PageSummary } from '@rakit/core';
import type { Store } from '../db';

const summaryColumns = ['pageId', 'pageName', 'pageSlug', 'pageComponents'] as const;

export const findPage = (db: Store, pageId: number) =>
  db.selectFrom('pages').selectAll().where('pageId', '=', pageId).executeTakeFirst();

export const listAppPages = (db: Store, appId: number): Promise<PageSummary[]> =>
  db.selectFrom('pages').select(summaryColumns).where('pageAppId', '=', appId).orderBy('pageId').execute();

/** Pages that no menu of their application points to. */
export const listUnassignedPages = (db: Store, appId: number): Promise<PageSummary[]> =>
  db.selectFrom('pages').select(summaryColumns).where('pageAppId', '=', appId)
    .where('pageId', 'not in', db.selectFrom('menus').select('menuPageId').where('menuAppId', '=', appId))
    .orderBy('pageId').execute();
