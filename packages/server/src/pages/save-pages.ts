import { type Component, Messages, type PageInput, parsePageComponents } from '@rakit/core';
import { badRequest, local, notFound } from '../errors/http-errors';
import type { Store } from '../store/db';
import { findPage, insertPage, storedPageAnswer, updatePage } from '../store/repositories/pages';
import { latestPageVersion } from '../store/repositories/page-versions';
import { revisionOf, StaleRevision } from '../store/revisions';
import { followPageDocument, type PageSaver, recordPageCreated, recordPageVersion } from './history';

/**
 * Creates and saves the pages sent with saveApp from the editor. Components are validated
 * against core's widget schemas; nothing is written when any page is refused. Each page
 * created or changed keeps a version (pages/history), in the same transaction, and its
 * persisted co-editing document follows (followPageDocument): the builders editing the page
 * live merge the write once it is committed, unless it comes from their own document.
 */
export async function savePages(trx: Store, appId: number, pages: PageInput[], saver: PageSaver) {
  const saved: { pageId: number; pageSlug: string; revision: number }[] = [];
  for (const page of pages) {
    if (page.pageAppId !== undefined && page.pageAppId !== appId) throw badRequest(local('pageAppIdMismatch'));
    if (page.pageId === null) {
      if (page.pageComponents !== undefined && page.pageComponents !== '' && page.pageComponents !== '[]') throw badRequest(Messages.pageSaveWithoutId);
      if (page.pageName === undefined) throw badRequest(Messages.pageTitleRequired);
      const created = await insertPage(trx, appId, page.pageName);
      await recordPageCreated(trx, { ...created, appId, pageName: page.pageName, components: '[]' }, saver);
      saved.push({ ...created, revision: 1 });
      continue;
    }
    const existing = await findPage(trx, page.pageId);
    if (existing === undefined || existing.pageAppId !== appId) throw notFound(Messages.pageNotFound);
    let pageComponents: string | undefined;
    let components: Component[] | undefined;
    if (page.pageComponents !== undefined) {
      const parsed = parsePageComponents(page.pageComponents);
      if (!parsed.ok) throw badRequest(parsed.error);
      components = parsed.components;
      pageComponents = JSON.stringify(components);
    }
    const values = { ...(page.pageName === undefined ? {} : { pageName: page.pageName }), ...(pageComponents === undefined ? {} : { pageComponents }) };
    if (!(await updatePage(trx, page.pageId, values, page.revision))) throw new StaleRevision(async (store) => ({
      page: await storedPageAnswer(store, existing.pageId),
      // Who saved what replaced his copy (its newest version's author), for the screen to name.
      savedBy: (await latestPageVersion(store, appId, existing.pageId))?.authorId ?? null,
    }));
    const before = { pageId: existing.pageId, appId, pageName: existing.pageName, pageSlug: existing.pageSlug, components: existing.pageComponents, updatedAt: existing.updatedAt };
    await recordPageVersion(trx, before, { ...before, pageName: page.pageName ?? existing.pageName, components: pageComponents ?? existing.pageComponents }, saver);
    const revision = (await revisionOf(trx, 'pages', existing.pageId))!;
    if (saver.fromLiveDocument !== true && await followPageDocument(trx, existing.pageId, revision, components)) {
      saver.policy.documents?.pageWritten(existing.pageId, revision);
    }
    saved.push({ pageId: existing.pageId, pageSlug: existing.pageSlug, revision });
  }
  return saved;
}
