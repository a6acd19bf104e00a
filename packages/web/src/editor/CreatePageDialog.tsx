import { Button, Group, Modal, Stack, TextInput } from '@mantine/core';
import { Messages, PageInputSchema } from '@rakit/core';
import { type FormEvent, useState } from 'react';
import { ApiUnreachableError, firstError } from '../api/client';
import { useCurrentApp } from '../shell/app-context';
import { notifyFailure } from '../shell/notify';

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
  const [busy, setBusy] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (busy) return;
    const input = PageInputSchema.safeParse({ pageId: null, pageName, pageAppId: app.appId });
    if (!input.success) {
      notifyFailure(input.error.issues[0]?.message ?? Messages.pageTitleRequired);
      return;
    }
    setBusy(true);
    try {
      const answer = await api.savePages(app.appId, [input.data]);
      const created = answer.status ? answer.data?.pages[0] : undefined;
      if (created === undefined) {
        notifyFailure(firstError(answer, Messages.editorOperationFailed));
        return;
      }
      onCreated(created.pageId);
    } catch (error) {
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
      notifyFailure(`${Messages.editorOperationFailed} ${error.message}`);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Modal opened onClose={onClose} title="Create New Page" centered>
      <form onSubmit={(event) => void create(event)} noValidate>
        <Stack>
          <TextInput label="PAGE TITLE" value={pageName} onChange={(event) => setPageName(event.currentTarget.value)} data-autofocus required />
          <TextInput
            label="TABLE NAME"
            description="Optional"
            value={tableName}
            onChange={(event) => setTableName(event.currentTarget.value)}
          />
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose} disabled={busy}>CANCEL</Button>
            <Button type="submit" loading={busy}>CREATE</Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
