import { ROOT_APP_SLUG } from '@rakit/core';
import { useCallback, useEffect } from 'react';
import { useCurrentApp } from '../shell/app-context';
import { EditorHeader } from './EditorHeader';
import { EditorWorkspace } from './EditorWorkspace';
import { savePage, usePageSaving } from './page-saving';
import { editorStore } from './store';
import { useEditorShortcuts } from './use-editor-shortcuts';
import { useOpenedPage } from './use-editor-pages';

/**
 * The page editor, /{appSlug}/form-editor (spec 2 §2). The root editor (/_root/form-editor)
 * saves when its Save button is pressed; every other editor saves by itself shortly after a change.
 */
export function FormEditorScreen() {
  const { app, api } = useCurrentApp();
  const explicitSave = app.appSlug === ROOT_APP_SLUG;
  const opened = useOpenedPage();
  useEditorShortcuts();
  const save = useCallback(() => void savePage(api, app.appId), [api, app.appId]);

  return (
    <>
      <PageSaver automatic={!explicitSave} />
      <EditorHeader onSave={explicitSave ? save : null} />
      <EditorWorkspace loading={opened.loading} error={opened.error} />
    </>
  );
}

/**
 * Runs the saving apart from the screen: it follows every change, and the screen (with the
 * board under it) must not render again for each one.
 */
function PageSaver({ automatic }: { automatic: boolean }) {
  const { app, api } = useCurrentApp();
  usePageSaving(api, app.appId, automatic);
  // Declared after the saving hook: its pending save is taken before the editor is emptied.
  useEffect(() => () => editorStore.getState().closePage(), []);
  return null;
}
