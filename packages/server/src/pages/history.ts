import {
  type Component, diffPageComponents, type LocalText, Messages, type PageVersionKind, type RestoredPage, type VersionSummaryText,
} from '@rakit/core';
import { writeComponentsToDoc } from '@rakit/core/page-ydoc';
import * as Y from 'yjs';
import { conflict, notFound } from '../errors/http-errors';
import type { Store } from '../store/db';
import { revisionOf } from '../store/revisions';
import { deletePersistedState, findPersistedState, PAGE_STATES, updatePersistedState } from '../store/repositories/document-states';
import { findPage, findPageBySlug, freePageSlug, updatePage } from '../store/repositories/pages';
import {
  findPageVersion, foldIntoVersion, insertPageVersion, latestPageVersion, prunePageVersionsByAge, prunePageVersionsByCount,
  setVersionMenus, versionMenus,
} from '../store/repositories/page-versions';
import { fixedSummary, versionSummaryColumns } from '../store/version-summary';

/**
 * Page versions (issue 17). Every save of a page's components keeps a version in the save's
 * transaction; consecutive saves of one person within `foldSeconds` fold into his latest
 * version, unless it is named. Retention: the `keep` newest unnamed versions of each page (on
 * each save), and nothing unnamed older than `days` (at start and hourly: a live page keeps its
 * newest version; a page deleted longer ago than that loses its whole history).
 */
export interface PageHistoryPolicy {
  foldSeconds: number;
  keep: number;
  /** 0: no age limit. */
  days: number;
  /** The builders' live documents of the pages (co-editing), told of each write; none in a process that serves none. */
  documents?: PageDocumentSync;
}

/**
 * The builders' live documents of pages (co-editing, coedit/), as the pages domain knows them.
 * Every write of an existing page's components keeps the page's persisted document (its Yjs
 * state, store/repositories/document-states) in step in the write's transaction, as a Yjs update
 * computed against that state (followPageDocument), and then tells the live documents here: they
 * merge the persisted state, so the write reaches the builders as that update and merges with
 * their edits not stored yet (a CRDT merge, never a replacement).
 */
export interface PageDocumentSync {
  /**
   * The page's persisted document moved to `revision` in a write that may not be committed yet
   * (this is called inside its transaction): once it is, the page's live documents merge it;
   * never when the write is rolled back.
   */
  pageWritten(pageId: number, revision: number): void;
  /** The page was deleted (committed): the builders editing it are disconnected. */
  pageDeleted(pageId: number): void;
}

/** Who saves, under which retention: what the save path passes down. */
export interface PageSaver {
  authorId: string;
  policy: PageHistoryPolicy;
  /**
   * The write is the page's live co-editing document being stored (coedit/page-collab), which
   * keeps the persisted document itself: the save leaves it alone and tells no live document.
   */
  fromLiveDocument?: true;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The retention the configuration sets; app.ts adds the live documents (app.pageHistory), which every save path uses. */
export const pageHistoryPolicy = (config: { pageVersionFoldSeconds: number; pageVersionKeep: number; pageVersionDays: number }): PageHistoryPolicy => ({
  foldSeconds: config.pageVersionFoldSeconds, keep: config.pageVersionKeep, days: config.pageVersionDays,
});

/**
 * Keeps a page's persisted co-editing document in step with a write of the page, inside the
 * write's transaction, after the page's update (which took it to `revision`, holding the page
 * until the transaction ends). With `components`, the new components are written onto the
 * persisted state as a diff (writeComponentsToDoc), which makes the Yjs update the live documents
 * merge; without (a rename), only the revision it holds follows. A document that did not hold
 * the page as it was (a write by a path that keeps no state) is forgotten: the next load rebuilds
 * it. Answers whether the live documents have something to merge (PageDocumentSync.pageWritten).
 */
export async function followPageDocument(trx: Store, pageId: number, revision: number, components: readonly Component[] | undefined): Promise<boolean> {
  const persisted = await findPersistedState(trx, PAGE_STATES, pageId, { lock: true });
  if (persisted === undefined) return false;
  if (persisted.revision !== revision - 1) {
    await deletePersistedState(trx, PAGE_STATES, pageId);
    return false;
  }
  if (components === undefined) {
    await updatePersistedState(trx, PAGE_STATES, pageId, { revision }, persisted.revision);
    return false;
  }
  const doc = new Y.Doc();
  try {
    Y.applyUpdate(doc, persisted.state);
    let changed = false;
    doc.on('update', () => { changed = true; });
    writeComponentsToDoc(doc, components);
    await updatePersistedState(trx, PAGE_STATES, pageId, { revision, ...(changed ? { state: Y.encodeStateAsUpdate(doc) } : {}) }, persisted.revision);
    return changed;
  } finally {
    doc.destroy();
  }
}

const ageCutoff = (policy: PageHistoryPolicy, now: number) => (policy.days > 0 ? new Date(now - policy.days * DAY_MS).toISOString() : undefined);

/**
 * The components of stored text, for comparing: stored pages were validated when saved, so the
 * JSON is read as it is (a page stored before validation existed reads as what it holds, or nothing).
 */
function componentsOf(text: string): Component[] {
  try {
    const raw: unknown = JSON.parse(text === '' ? '[]' : text);
    return Array.isArray(raw) ? (raw as Component[]).filter((c) => typeof c === 'object' && c !== null && typeof c.id === 'string') : [];
  } catch {
    return [];
  }
}

type NamedComponents = { pageName: string; components: string };

/** What changed from one state of a page to the next: a rename, then the components' changes (none told when only the name changed). */
function changesOf(before: NamedComponents, after: NamedComponents): VersionSummaryText {
  const renamed = before.pageName === after.pageName ? undefined : { from: before.pageName, to: after.pageName };
  if (before.components === after.components && renamed !== undefined) return { renamed };
  const diff = diffPageComponents(componentsOf(before.components), componentsOf(after.components));
  return renamed === undefined ? { diff } : { renamed, diff };
}

interface PageState {
  pageId: number;
  appId: number;
  pageName: string;
  pageSlug: string;
  components: string;
}

/** A page just created: its first version, empty. */
export async function recordPageCreated(trx: Store, page: PageState, saver: PageSaver): Promise<void> {
  const now = new Date().toISOString();
  await insertPageVersion(trx, {
    pageId: page.pageId, appId: page.appId, pageName: page.pageName, pageSlug: page.pageSlug, components: page.components,
    ...versionSummaryColumns(fixedSummary([{ key: 'editor.history.summary.created' }])), kind: 'created', versionName: null, authorId: saver.authorId, createdAt: now, savedAt: now,
  });
}

/**
 * Records what a save (or a restore, deletion, undeletion) changed, inside its transaction.
 * `before` is the page as it was (with its last save time); a page with no history yet first
 * gets a version of that state, so the very first change can be undone too. Answers the
 * version written or folded into (undefined when nothing changed).
 */
export async function recordPageVersion(
  trx: Store, before: PageState & { updatedAt: string }, after: PageState, saver: PageSaver, kind: PageVersionKind = 'save', summary?: VersionSummaryText,
): Promise<number | undefined> {
  const { policy, authorId } = saver;
  if (kind === 'save' && before.components === after.components && before.pageName === after.pageName) return undefined;
  const now = Date.now();
  const savedAt = new Date(now).toISOString();
  const latest = await latestPageVersion(trx, after.appId, after.pageId);
  if (latest === undefined && kind === 'save') {
    await insertPageVersion(trx, {
      pageId: before.pageId, appId: before.appId, pageName: before.pageName, pageSlug: before.pageSlug, components: before.components,
      ...versionSummaryColumns(fixedSummary([{ key: 'editor.history.summary.began' }])), kind: 'before', versionName: null, authorId: '', createdAt: before.updatedAt, savedAt: before.updatedAt,
    });
  }
  const state = { components: after.components, pageName: after.pageName, pageSlug: after.pageSlug, authorId, savedAt };
  let versionId: number | undefined;
  if (latest !== undefined && kind === 'save' && latest.kind === 'save' && latest.versionName === null && latest.authorId === authorId
    && now - Date.parse(latest.savedAt) <= policy.foldSeconds * 1000) {
    // The fold's summary tells what changed since the version before it.
    const base = await trx.selectFrom('pageVersions').select(['components', 'pageName']).where('pageId', '=', after.pageId).where('appId', '=', after.appId)
      .where('versionId', '<', latest.versionId).orderBy('versionId', 'desc').limit(1).executeTakeFirst();
    if (base !== undefined) {
      await foldIntoVersion(trx, latest.versionId, { ...state, ...versionSummaryColumns(changesOf(base, after)) });
      versionId = latest.versionId;
    }
  }
  versionId ??= await insertPageVersion(trx, {
    pageId: after.pageId, appId: after.appId, ...state, createdAt: savedAt, kind, versionName: null,
    ...versionSummaryColumns(summary ?? changesOf(before, after)),
  });
  // Count retention here; age retention runs at start and hourly (history-pruner).
  await prunePageVersionsByCount(trx, after.pageId, policy.keep);
  return versionId;
}

/** Age retention over every page (at start and hourly). */
export async function prunePageHistory(store: Store, policy: PageHistoryPolicy): Promise<number> {
  const cutoff = ageCutoff(policy, Date.now());
  return cutoff === undefined ? 0 : prunePageVersionsByAge(store, cutoff);
}

const pageStateOf = (page: { pageId: number; pageAppId: number; pageName: string; pageSlug: string; pageComponents: string; updatedAt: string }) => ({
  pageId: page.pageId, appId: page.pageAppId, pageName: page.pageName, pageSlug: page.pageSlug, components: page.pageComponents, updatedAt: page.updatedAt,
});

/**
 * Puts a version's components (and name) back on its page, bringing a deleted page back under
 * its own id (another slug if one of its application's pages took it), with the menus that
 * opened it when it was deleted (relinkMenus). The page must still be its application's: a
 * version never writes into another application.
 */
type VersionRow = { versionId: number; versionName: string | null };

/** What a restore says before its changes: the version put back, by its name when it has one. */
const restoredText = (version: VersionRow): LocalText => (version.versionName === null
  ? { key: 'editor.history.summary.restored', values: { id: String(version.versionId) } }
  : { key: 'editor.history.summary.restoredNamed', values: { id: String(version.versionId), name: version.versionName } });

/** What bringing a deleted page back says: undeleted as it was deleted, or brought back as an older version. */
function broughtBackText(kind: 'restore' | 'undeleted', version: VersionRow): LocalText {
  if (kind === 'undeleted') return { key: 'editor.history.pageUndeleted' };
  return version.versionName === null
    ? { key: 'editor.history.summary.broughtBack', values: { id: String(version.versionId) } }
    : { key: 'editor.history.summary.broughtBackNamed', values: { id: String(version.versionId), name: version.versionName } };
}

async function putBack(trx: Store, versionId: number, saver: PageSaver, kind: 'restore' | 'undeleted'): Promise<{ restored: RestoredPage; written: boolean }> {
  const version = await findPageVersion(trx, versionId);
  if (version === undefined) throw notFound(Messages.pageVersionNotFound);
  const page = await findPage(trx, version.pageId);
  if (page !== undefined && page.pageAppId !== version.appId) throw conflict(Messages.pageVersionOfOtherPage);
  if (kind === 'undeleted' && page !== undefined) throw conflict(Messages.pageNotDeleted);
  const now = new Date().toISOString();
  let before: PageState & { updatedAt: string };
  let pageSlug: string;
  let written = false;
  if (page === undefined) {
    const deletion = await latestPageVersion(trx, version.appId, version.pageId);
    if (deletion !== undefined) await relinkMenus(trx, version.appId, version.pageId, versionMenus(deletion));
    const taken = await findPageBySlug(trx, version.appId, version.pageSlug);
    pageSlug = taken === undefined ? version.pageSlug : await freePageSlug(trx, version.appId, version.pageName);
    await trx.insertInto('pages').values({
      pageId: version.pageId, pageAppId: version.appId, pageName: version.pageName, pageSlug, pageComponents: version.components, updatedAt: now,
    }).execute();
    // It comes back under its id: no document of the page it was may be taken for its own.
    await deletePersistedState(trx, PAGE_STATES, version.pageId);
    before = { pageId: version.pageId, appId: version.appId, pageName: version.pageName, pageSlug, components: version.components, updatedAt: now };
  } else {
    pageSlug = page.pageSlug;
    before = pageStateOf(page);
    await updatePage(trx, page.pageId, { pageName: version.pageName, pageComponents: version.components });
    written = await followPageDocument(trx, page.pageId, (await revisionOf(trx, 'pages', page.pageId))!, componentsOf(version.components));
  }
  const after = { pageId: version.pageId, appId: version.appId, pageName: version.pageName, pageSlug, components: version.components };
  const summary = page === undefined
    ? fixedSummary([broughtBackText(kind, version)])
    : { head: [restoredText(version)], ...changesOf(before, after) };
  const versionWritten = await recordPageVersion(trx, before, after, saver, kind, summary);
  return { restored: { pageId: version.pageId, pageSlug, versionId: versionWritten!, revision: (await revisionOf(trx, 'pages', version.pageId))! }, written };
}

/** A restore or undeletion, committed: the builders editing the page merge it (PageDocumentSync). */
function committed(saver: PageSaver, { restored, written }: { restored: RestoredPage; written: boolean }): RestoredPage {
  if (written) saver.policy.documents?.pageWritten(restored.pageId, restored.revision);
  return restored;
}

export const restorePageVersion = async (store: Store, versionId: number, saver: PageSaver) =>
  committed(saver, await store.transaction().execute((trx) => putBack(trx, versionId, saver, 'restore')));

/** Undeletes a page as its newest version (its deletion) left it. */
export async function undeletePage(store: Store, appId: number, pageId: number, saver: PageSaver): Promise<RestoredPage> {
  return committed(saver, await store.transaction().execute(async (trx) => {
    const latest = await latestPageVersion(trx, appId, pageId);
    if (latest === undefined) throw notFound(Messages.pageNotFound);
    return putBack(trx, latest.versionId, saver, 'undeleted');
  }));
}

/**
 * Deletes a page, keeping its history (a 'deleted' version holding its last components and the
 * menus that opened it); those menus point nowhere until it is undeleted. The builders editing
 * it are disconnected.
 */
export async function deletePage(store: Store, pageId: number, saver: PageSaver): Promise<void> {
  await store.transaction().execute(async (trx) => {
    const page = await findPage(trx, pageId);
    if (page === undefined) throw notFound(Messages.pageNotFound);
    await keepDeletedPage(trx, page, saver, { key: 'editor.history.pageDeleted' });
    await trx.updateTable('menus').set((eb) => ({ menuPageId: 0, revision: eb('revision', '+', 1) })).where('menuPageId', '=', pageId).where('menuAppId', '=', page.pageAppId).execute();
    // Its co-editing document goes with it (ON DELETE CASCADE).
    await trx.deleteFrom('pages').where('pageId', '=', pageId).execute();
  });
  saver.policy.documents?.pageDeleted(pageId);
}

/**
 * Records that a page is about to go (its 'deleted' version holds its last components and the
 * ids of its application's menus that open it), so it can be undeleted until retention ends.
 * Call inside the transaction that removes it.
 */
export async function keepDeletedPage(trx: Store, page: Parameters<typeof pageStateOf>[0], saver: PageSaver, why: LocalText): Promise<void> {
  const state = pageStateOf(page);
  const versionId = await recordPageVersion(trx, state, state, saver, 'deleted', fixedSummary([why]));
  const menus = await trx.selectFrom('menus').select('menuId').where('menuPageId', '=', page.pageId).where('menuAppId', '=', page.pageAppId).orderBy('menuId').execute();
  if (versionId !== undefined && menus.length > 0) await setVersionMenus(trx, versionId, menus.map((m) => m.menuId));
}

/**
 * Points the menus a deleted page kept back at it: those of its application that still exist
 * and still point nowhere (a menu given another page since keeps it).
 */
async function relinkMenus(trx: Store, appId: number, pageId: number, menuIds: readonly number[]): Promise<void> {
  if (menuIds.length === 0) return;
  await trx.updateTable('menus').set((eb) => ({ menuPageId: pageId, revision: eb('revision', '+', 1) }))
    .where('menuId', 'in', menuIds).where('menuAppId', '=', appId).where('menuPageId', '=', 0).execute();
}
