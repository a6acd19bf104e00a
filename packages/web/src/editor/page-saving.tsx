import { describePageDiff, diffWordsOf, type PageDiff, parsePageComponents, appCalls } from '@rakit/core';
import { useEffect } from 'react';
import { type AppApi, ApiUnreachableError, firstError } from '../api/client';
import { useCurrentApp } from '../current-app/app-context';
import { notifyFailure, notifyInfo } from '../components/notify';
import { t } from '../i18n/i18n';
import { editorStore, useEditor } from '../state/editor-store';
import { useLivePage } from './live/use-live-page';
import { PageConflictDialog } from './PageConflictDialog';

/** Quiet time after the last change before the editor saves by itself. */
export const AUTOSAVE_DELAY_MS = 600;

/** Saves run one after the other, so the server always ends with the newest list. */
let queue: Promise<unknown> = Promise.resolve();

/** A stale save merges once with what another stored, and is sent again; a second refusal in a row is shown. */
const MERGE_ATTEMPTS = 2;

/** Tells the builder whose changes joined his page, and which. */
function notifyMerged(changes: PageDiff, savedBy: string | null): void {
  const lines = describePageDiff(changes, diffWordsOf(t));
  const shown = lines.slice(0, 4).join('; ');
  const message = lines.length === 0 ? t('editor.merged.same') : lines.length > 4 ? t('editor.merged.more', { changes: shown, count: lines.length - 4 }) : shown;
  notifyInfo(message, savedBy === null ? t('editor.merged.title') : t('editor.merged.titleBy', { name: savedBy }));
}

/**
 * Stores the open page's component list with saveApp (pageComponents as JSON text), based on
 * the revision the editor last loaded or saved. What is saved is taken now. When another builder
 * saved the page since (409), their changes are merged in and the result saved, or, when both
 * changed the same things, the conflict waits for the builder (editor/ConflictDialog). Any other
 * refusal shows the server's first error and leaves the page unsynced. Answers whether the
 * server stored it.
 */
export function savePage(api: AppApi, appId: number): Promise<boolean> {
  const state = editorStore.getState();
  const { page } = state;
  if (page === null) {
    notifyFailure(t('pageSaveWithoutId'));
    return Promise.resolve(false);
  }
  let components = state.history.present;
  let revision = state.saveStarted();
  const run = async () => {
    try {
      for (let attempt = 1; ; attempt++) {
        const base = editorStore.getState().stored?.revision;
        const answer = await api.call(appCalls.saveApp, { body: { appId, pages: [{
                  pageId: page.pageId, pageAppId: appId, pageComponents: JSON.stringify(components), ...(base === undefined ? {} : { revision: base }),
                }] } });
        const saved = answer.data?.pages?.[0];
        if (answer.status && saved !== undefined) {
          editorStore.getState().saveSucceeded(page.pageId, revision, { revision: saved.revision, components });
          return true;
        }
        const theirs = answer.conflict?.page;
        const parsed = theirs === undefined ? undefined : parsePageComponents(theirs.pageComponents === '' ? '[]' : theirs.pageComponents);
        if (theirs !== undefined && parsed?.ok === true && attempt <= MERGE_ATTEMPTS) {
          const savedBy = answer.conflict?.savedBy ?? null;
          const outcome = editorStore.getState().storedMovedOn(page.pageId, { revision: theirs.revision, components: parsed.components }, savedBy);
          if (outcome.kind !== 'merged') return false;
          notifyMerged(outcome.changes, savedBy);
          components = editorStore.getState().history.present;
          revision = editorStore.getState().saveStarted();
          continue;
        }
        notifyFailure(firstError(answer, t('editorOperationFailed')));
        break;
      }
    } catch (error) {
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
      notifyFailure(t('editor.failedBecause', { failed: t('editorOperationFailed'), reason: error.message }));
    }
    editorStore.getState().saveFailed(page.pageId, revision);
    return false;
  };
  const saved = queue.then(run, run);
  queue = saved;
  return saved;
}

/**
 * The revision waiting for an automatic save, or null (saved, saving, refused as it is, a
 * conflict to settle, or the page's shared document joined or being joined: the server stores that).
 */
const dueRevision = (enabled: boolean) => (state: ReturnType<typeof editorStore.getState>) =>
  enabled && state.live === null && state.sync === 'unsynced' && state.failedRevision !== state.revision && state.conflict === null ? state.revision : null;

/**
 * Saves AUTOSAVE_DELAY_MS after the last change (every editor but the root one, which has a
 * Save button), saves what is pending when the editor is left, and asks before the tab is
 * closed while something is not saved.
 */
export function usePageSaving(api: AppApi, appId: number, automatic: boolean): void {
  const due = useEditor(dueRevision(automatic));
  const dirty = useEditor((state) => state.sync !== 'synced');

  useEffect(() => {
    if (due === null) return;
    const timer = setTimeout(() => void savePage(api, appId), AUTOSAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, appId, due]);

  useEffect(() => () => {
    if (dueRevision(automatic)(editorStore.getState()) !== null) void savePage(api, appId);
  }, [api, appId, automatic]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);
}

/**
 * Runs the saving apart from the screen that edits: it follows every change, and the screen
 * (with the board under it) must not render again for each one. The editor is emptied when it
 * goes (the page editor's screen, or the runtime viewer's edit mode). A save that clashed with
 * another builder's shows its conflict here.
 */
export function PageSaver({ automatic }: { automatic: boolean }) {
  const { app, api } = useCurrentApp();
  usePageSaving(api, app.appId, automatic);
  // Builders of an editor that saves by itself edit the page together (the root editor saves on demand).
  useLivePage(automatic);
  // Declared after the saving hook: its pending save is taken before the editor is emptied.
  useEffect(() => () => editorStore.getState().closePage(), []);
  return <PageConflictDialog />;
}
