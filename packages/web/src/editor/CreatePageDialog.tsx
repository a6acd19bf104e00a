import { TextInput } from '@mantine/core';
import { Messages, PageInputSchema, appCalls } from '@rakit/core';
import { useState } from 'react';
import { ApiUnreachableError, firstError } from '../api/client';
import { FormDialog } from '../components/FormDialog';
import { useCurrentApp } from '../current-app/app-context';
import { notifyFailure } from '../components/notify';
import { t as translate } from '../i18n/i18n';
import { useT } from '../i18n/LanguageProvider';

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
  const t = useT();
  const { app, api } = useCurrentApp();
  const [pageName, setPageName] = useState('');
  const [tableName, setTableName] = useState('');

  async function create() {
    const input = PageInputSchema.safeParse({ pageId: null, pageName, pageAppId: app.appId });
    if (!input.success) {
      // core's schema says the missing title in the specification's words: shown in the active catalog.
      const issue = input.error.issues[0]?.message;
      notifyFailure(issue === undefined || issue === Messages.pageTitleRequired ? translate('pageTitleRequired') : issue);
      return;
    }
    try {
      const answer = await api.call(appCalls.saveApp, { body: { appId: app.appId, pages: [input.data] } });
      const created = answer.status ? answer.data?.pages?.[0] : undefined;
      if (created === undefined) {
        notifyFailure(firstError(answer, translate('editorOperationFailed')));
        return;
      }
      onCreated(created.pageId);
    } catch (error) {
      if (!(error instanceof ApiUnreachableError)) throw error;
      console.error(error);
      notifyFailure(translate('editor.failedBecause', { failed: translate('editorOperationFailed'), reason: error.message }));
    }
  }

  return (
    <FormDialog title={t('editor.createPage.title')} onSubmit={create} onClose={onClose} cancelLabel={t('editor.createPage.cancel')} submitLabel={t('editor.createPage.create')}>
      <TextInput label={t('editor.createPage.pageTitle')} value={pageName} onChange={(event) => setPageName(event.currentTarget.value)} data-autofocus required />
      <TextInput
        label={t('editor.createPage.tableName')}
        description={t('editor.createPage.optional')}
        value={tableName}
        onChange={(event) => setTableName(event.currentTarget.value)}
      />
    </FormDialog>
  );
}
