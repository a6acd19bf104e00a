import { Group, Paper, Stack } from '@mantine/core';
import type { Component } from '@rakit/core';
import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect, useMemo, useState } from 'react';
import { LiveFacesContext, savedComponentTest } from '../editor/board-faces';
import { EditedPageForm } from '../editor/EditedPageForm';
import { EditorWorkspace } from '../editor/EditorWorkspace';
import { SavePageButton, UndoRedoButtons } from '../editor/EditTools';
import { LeaveGuard, UnsavedChangesDialog } from '../editor/LeaveGuard';
import { PageSaver, savePage } from '../editor/page-saving';
import { type EditorPage, editorStore, useEditor } from '../state/editor-store';
import { SyncIndicator } from '../editor/SyncIndicator';
import { useEditorShortcuts } from '../editor/use-editor-shortcuts';
import { useCurrentApp } from '../current-app/app-context';
import { pageContentKey } from '../widgets/data-source/content';
import { EditModeSwitch, PageHeading } from './PageHeading';

interface RuntimeEditModeProps {
  page: EditorPage;
  title: string;
  /** The page as the server holds it; it follows each save (the viewer's page query). */
  saved: Component[];
  /** The viewer's page query: read again after a save, so the view shows the saved page. */
  pageQueryKey: readonly unknown[];
  /** Back to the page as members see it (edit mode off); asked first when edits are not saved. */
  onExit: () => void;
}

/**
 * The runtime viewer's edit mode (spec 1 screen 11): the page editor's palette, board,
 * configuration panel and undo/redo, in place, on the page with its live data. SAVE stores it
 * with the editor's save (saveApp, the server's validation) and its Syncronizing/Saved
 * indicator; a refused save shows the server's message and keeps the edits. Loaded only when
 * an administrator switches it on: members' pages never download the editor.
 * The way to the page's editor is in the viewer's header (AdminLinks).
 */
export function RuntimeEditMode({ page, title, saved, pageQueryKey, onExit }: RuntimeEditModeProps) {
  const { app, api } = useCurrentApp();
  const queryClient = useQueryClient();
  const [exitAsked, setExitAsked] = useState(false);
  const dirty = useEditor((state) => state.sync !== 'synced');
  // The page as it was when edit mode was switched on: the editor opens on it once.
  const [opened] = useState(() => ({ page, components: saved }));
  useLayoutEffect(() => editorStore.getState().openPage(opened.page, opened.components), [opened]);
  useEditorShortcuts();
  const liveTest = useMemo(() => savedComponentTest(saved), [saved]);

  async function save() {
    if (!(await savePage(api, app.appId))) return;
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: pageQueryKey }),
      queryClient.invalidateQueries({ queryKey: pageContentKey(app.appSlug, page.pageId) }),
    ]);
  }

  return (
    <Stack gap="md">
      <PageSaver automatic={false} />
      <LeaveGuard />
      <UnsavedChangesDialog opened={exitAsked} onStay={() => setExitAsked(false)} onLeave={onExit} />
      <PageHeading title={title}>
        <EditModeSwitch checked onChange={() => (dirty ? setExitAsked(true) : onExit())} />
      </PageHeading>
      <Paper withBorder radius="md" px="sm" py={8}>
        <Group gap="xs" wrap="wrap" role="toolbar" aria-label="Page editing">
          <SyncIndicator />
          <UndoRedoButtons />
          <SavePageButton onSave={() => void save()}>SAVE</SavePageButton>
        </Group>
      </Paper>
      <LiveFacesContext value={liveTest}>
        <EditedPageForm livePageId={page.pageId}>
          <EditorWorkspace loading={false} error={null} />
        </EditedPageForm>
      </LiveFacesContext>
    </Stack>
  );
}
