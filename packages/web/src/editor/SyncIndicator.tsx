import { Badge } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { type SaveState, SaveStateBadge } from '../components/SaveStateBadge';
import { useT } from '../i18n/LanguageProvider';
import { type EditorState, useEditor } from '../state/editor-store';

const saveStateOf = (state: EditorState): SaveState => {
  if (state.live?.status === 'offline') return 'offline';
  if (state.sync === 'synced') return 'saved';
  if (state.sync === 'saving') return 'saving';
  return state.failedRevision !== null && state.failedRevision === state.revision ? 'refused' : 'unsaved';
};

/** The open page's save badge: 'Saved' when the server holds what is shown. */
export function SyncIndicator() {
  const t = useT();
  const hasPage = useEditor((state) => state.page !== null);
  const saveState = useEditor(saveStateOf);
  const live = useEditor((state) => state.live?.status);
  // Before a page is open its place is kept: the badge appearing pushed the toolbar onto a second
  // row on a phone and moved the whole editor down (a layout shift of 0.16, issue 42).
  if (!hasPage) return <Badge variant="light" size="lg" leftSection={<IconCheck size={14} />} tt="none" aria-hidden style={{ visibility: 'hidden' }}>{t('editor.sync.saved')}</Badge>;
  return <SaveStateBadge state={saveState} live={live} testId="sync-indicator" />;
}
