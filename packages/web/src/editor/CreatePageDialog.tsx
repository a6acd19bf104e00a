import { TextInput } from '@mantine/core';
import { Messages, PageInputSchema } from '@rakit/core';
import { useState } from 'react';
import { ApiUnreachableError, firstError } from '../api/client';
import { FormDialog } from '../components/FormDialog';
import { useCurrentApp } from '../current-app/app-context';
import { notifyFailure } from '../components/notify';

interface CreatePageDialogProps {
  onClose: () => void;
  /** The new page's id, once the server made it. */
  onCreated: (pageId: number) => void;
}

/**
 * A new page (spec 2 §2): PAGE TITLE, a table name, CANCEL and CREATE. The page is made with
 * saveApp (pageId null, no components). The table name stays in the dialog: linking a page
 * to a table arrives with the data widgets.
 */
export function CreatePageDialog({ onClose, onCreated }: CreatePageDialogProps) {
  const { app, api } = useCurrentApp();
  const [pageName, setPageName] = useState('');
  const [tableName, setTableName] = useState('');

  async function create() {
    const input = PageInputSchema.safeParse({ pageId: null, pageName, pageAppId: app.appId });
    if (!input.success) {
      notifyFailure(input.error.issues[0]?.message ?? Messages.pageTitleRequired);
      return;
    }
    try {
      const answer = await api.savePages(app.appId, [input.data]);
      const created = answer.status ? answer.data?.pages?.[0] : undefined;
      if (created === undefined) {
        notifyFailure(firstError(answer, Messages.editorOperationFailed));
        return;
      }
      onCreated(created.pageId);
    } catch (error) {
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
      notifyFailure(`${Messages.editorOperationFailed} ${error.message}`);
    }
  }

  return (
    <FormDialog title="Create New Page" onSubmit={create} onClose={onClose} cancelLabel="CANCEL" submitLabel="CREATE">
      <TextInput label="PAGE TITLE" value={pageName} onChange={(event) => setPageName(event.currentTarget.value)} data-autofocus required />
      <TextInput
        label="TABLE NAME"
        description="Optional"
        value={tableName}
        onChange={(event) => setTableName(event.currentTarget.value)}
      />
    </FormDialog>
  );
}
