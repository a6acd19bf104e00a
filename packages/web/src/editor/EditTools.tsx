import { ActionIcon, Button } from '@mantine/core';
import { IconArrowBackUp, IconArrowForwardUp, IconDeviceFloppy } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/LanguageProvider';
import { editorStore, selectCanRedo, selectCanUndo, useEditor } from '../state/editor-store';

/**
 * The tools the page editor's header and the runtime viewer's edit mode share: undo/redo of the
 * page's components, and the Save button (the root editor's; the edit mode's SAVE).
 */
export function UndoRedoButtons() {
  const t = useT();
  const canUndo = useEditor(selectCanUndo);
  const canRedo = useEditor(selectCanRedo);
  const store = editorStore.getState();
  return (
    <>
      <ActionIcon variant="default" size="lg" aria-label={t('editor.tools.undo')} title={t('editor.tools.undoTitle')} disabled={!canUndo} onClick={store.undo}>
        <IconArrowBackUp size={18} />
      </ActionIcon>
      <ActionIcon variant="default" size="lg" aria-label={t('editor.tools.redo')} title={t('editor.tools.redoTitle')} disabled={!canRedo} onClick={store.redo}>
        <IconArrowForwardUp size={18} />
      </ActionIcon>
    </>
  );
}

/** Saves the open page on demand; spins while a save runs. */
export function SavePageButton({ onSave, children }: { onSave: () => void; children?: ReactNode }) {
  const t = useT();
  const saving = useEditor((state) => state.sync === 'saving');
  return <Button leftSection={<IconDeviceFloppy size={16} />} loading={saving} onClick={onSave}>{children ?? t('editor.tools.save')}</Button>;
}
