import { Button, Group, Paper, Stack } from '@mantine/core';
import { useSessionStorage } from '@mantine/hooks';
import type { Component } from '@rakit/core';
import { IconAdjustments, IconComponents } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useLayoutEffect, useMemo, useState } from 'react';
import { LiveFacesContext, savedComponentTest } from '../editor/board-faces';
import { EditedPageForm } from '../editor/EditedPageForm';
import { EditorWorkspace, type PanelsOverPage } from '../editor/EditorWorkspace';
import { SavePageButton, UndoRedoButtons } from '../editor/EditTools';
import { LeaveGuard, UnsavedChangesDialog } from '../editor/LeaveGuard';
import { PageSaver, savePage } from '../editor/page-saving';
import { type EditorPage, editorStore, useEditor } from '../state/editor-store';
import { SyncIndicator } from '../editor/SyncIndicator';
import { useEditorShortcuts } from '../editor/use-editor-shortcuts';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { pageContentKey } from '../widgets/data-source/content';
import { EditModeSwitch, PageHeading } from './PageHeading';

const PANELS_STORAGE_KEY = 'rakit:edit-mode-panels';
const ALL_PANELS: PanelsOverPage = { palette: true, config: true };

interface RuntimeEditModeProps {
  page: EditorPage;
  title: string;
  /** The page as the server holds it; it follows each save (the viewer's page query). */
  saved: Component[];
  /** The revision the server holds `saved` at: the base of the first save. */
  savedRevision: number;
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
 *
 * The author sees the page at the width members see it (issue 41): the board is exactly as
 * wide as the members' page with the sidebar in the same state (the viewer folds the sidebar
 * away when edit mode starts), and the panels never take width from it: the palette is a strip
 * above it and the configuration panel floats over its right edge (a sheet at the bottom of a
 * phone's screen). Each panel has a toggle. Only the frame around each component (its border,
 * padding and controls) makes a component a little narrower than on the members' page.
 */
export function RuntimeEditMode({ page, title, saved, savedRevision, pageQueryKey, onExit }: RuntimeEditModeProps) {
  const t = useT();
  const { app, api } = useCurrentApp();
  const queryClient = useQueryClient();
  const [exitAsked, setExitAsked] = useState(false);
  const dirty = useEditor((state) => state.sync !== 'synced');
  // The page as it was when edit mode was switched on: the editor opens on it once.
  const [opened] = useState(() => ({ page, components: saved, revision: savedRevision }));
  useLayoutEffect(() => editorStore.getState().openPage(opened.page, opened.components, opened.revision), [opened]);
  useEditorShortcuts();
  const liveTest = useMemo(() => savedComponentTest(saved), [saved]);
  // Remembered while he edits, page after page, for as long as the tab lives.
  const [panels, setPanels] = useSessionStorage<PanelsOverPage>({ key: PANELS_STORAGE_KEY, defaultValue: ALL_PANELS, getInitialValueInEffect: false });

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
        <Group justify="space-between" wrap="wrap" gap="xs" role="toolbar" aria-label={t('shell.editMode.toolbar')}>
          <Group gap="xs" wrap="wrap">
            <SyncIndicator />
            <UndoRedoButtons />
            <SavePageButton onSave={() => void save()}>{t('shell.editMode.save')}</SavePageButton>
          </Group>
          <Group gap="xs" wrap="wrap">
            <PanelToggle label={t('shell.editMode.components')} icon={<IconComponents size={16} />} on={panels.palette} onChange={(palette) => setPanels({ ...panels, palette })} />
            <PanelToggle label={t('shell.editMode.configuration')} icon={<IconAdjustments size={16} />} on={panels.config} onChange={(config) => setPanels({ ...panels, config })} />
          </Group>
        </Group>
      </Paper>
      <LiveFacesContext value={liveTest}>
        <EditedPageForm livePageId={page.pageId}>
          <EditorWorkspace loading={false} error={null} panelsOverPage={panels} />
        </EditedPageForm>
      </LiveFacesContext>
    </Stack>
  );
}


/** Shows or hides one of the edit mode's panels, named by `label` (short enough for a phone's toolbar). */
function PanelToggle({ label, icon, on, onChange }: { label: string; icon: ReactNode; on: boolean; onChange: (on: boolean) => void }) {
  const t = useT();
  return (
    <Button size="xs" variant={on ? 'light' : 'default'} leftSection={icon} aria-label={t('shell.editMode.panel', { panel: label })} aria-pressed={on} onClick={() => onChange(!on)}>
      {label}
    </Button>
  );
}
