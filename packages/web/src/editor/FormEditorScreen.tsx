import { ROOT_APP_SLUG } from '@rakit/core';
import { useCallback } from 'react';
import { useCurrentApp } from '../current-app/app-context';
import { EditedPageForm } from './EditedPageForm';
import { EditorHeader } from './EditorHeader';
import { EditorWorkspace } from './EditorWorkspace';
import { BlockLeaving, OFFLINE_CHANGES_QUESTION } from '../components/BlockLeaving';
import { LeaveGuard, offlineEdits } from './LeaveGuard';
import { useEditor } from '../state/editor-store';
import { PageSaver, savePage } from './page-saving';
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
      {/* Without autosave, unsaved edits live only here until Save: leaving asks first. */}
      {explicitSave && <LeaveGuard />}
      {/* Offline on the shared document, edits are only in this tab until the connection returns. */}
      {!explicitSave && <OfflineLeaveGuard />}
      <EditorHeader onSave={explicitSave ? save : null} />
      <EditedPageForm>
        <EditorWorkspace loading={opened.loading} error={opened.error} />
      </EditedPageForm>
    </>
  );
}

function OfflineLeaveGuard() {
  return <BlockLeaving dirty={useEditor(offlineEdits)} message={OFFLINE_CHANGES_QUESTION} />;
}
