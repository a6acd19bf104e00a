import { BlockLeaving } from '../components/BlockLeaving';
import { type EditorState, useEditor } from '../state/editor-store';

export { OFFLINE_CHANGES_QUESTION, UNSAVED_CHANGES_QUESTION, UnsavedChangesDialog } from '../components/BlockLeaving';

/**
 * While the open page has changes the server does not hold, a move to another address (a menu
 * entry, a link, the browser's back) waits for the person's answer. Closing or reloading the
 * tab is asked by the browser (usePageSaving's beforeunload).
 */
export function LeaveGuard() {
  return <BlockLeaving dirty={useEditor((state) => state.sync !== 'synced')} />;
}

/** Offline on the page's shared document with edits the server does not hold: leaving asks first. */
export const offlineEdits = (state: Pick<EditorState, 'live'>): boolean => state.live?.status === 'offline' && !state.live.saved;
