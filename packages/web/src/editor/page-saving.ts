import { Messages } from '@rakit/core';
import { useEffect } from 'react';
import { type AppApi, ApiUnreachableError, firstError } from '../api/client';
import { useCurrentApp } from '../current-app/app-context';
import { notifyFailure } from '../components/notify';
import { editorStore, useEditor } from '../state/editor-store';

/** Quiet time after the last change before the editor saves by itself. */
export const AUTOSAVE_DELAY_MS = 600;

/** Saves run one after the other, so the server always ends with the newest list. */
let queue: Promise<unknown> = Promise.resolve();

/**
 * Stores the open page's component list with saveApp (pageComponents as JSON text). What is
 * saved is taken now; a refusal shows the server's first error and leaves the page unsynced.
 * Answers whether the server stored it.
 */
export function savePage(api: AppApi, appId: number): Promise<boolean> {
  const state = editorStore.getState();
  const { page } = state;
  if (page === null) {
    notifyFailure(Messages.pageSaveWithoutId);
    return Promise.resolve(false);
  }
  const pageComponents = JSON.stringify(state.history.present);
  const revision = state.saveStarted();
  const run = async () => {
    try {
      const answer = await api.savePages(appId, [{ pageId: page.pageId, pageAppId: appId, pageComponents }]);
      if (answer.status) {
        editorStore.getState().saveSucceeded(page.pageId, revision);
        return true;
      }
      notifyFailure(firstError(answer, Messages.editorOperationFailed));
    } catch (error) {
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
      notifyFailure(`${Messages.editorOperationFailed} ${error.message}`);
    }
    editorStore.getState().saveFailed(page.pageId, revision);
    return false;
  };
  const saved = queue.then(run, run);
  queue = saved;
  return saved;
}

/** The revision waiting for an automatic save, or null (saved, saving, or refused as it is). */
const dueRevision = (enabled: boolean) => (state: ReturnType<typeof editorStore.getState>) =>
  enabled && state.sync === 'unsynced' && state.failedRevision !== state.revision ? state.revision : null;

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
 * goes (the page editor's screen, or the runtime viewer's edit mode).
 */
export function PageSaver({ automatic }: { automatic: boolean }): null {
  const { app, api } = useCurrentApp();
  usePageSaving(api, app.appId, automatic);
  // Declared after the saving hook: its pending save is taken before the editor is emptied.
  useEffect(() => () => editorStore.getState().closePage(), []);
  return null;
}
