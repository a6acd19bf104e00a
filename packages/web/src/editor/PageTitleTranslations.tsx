import { menuCalls } from '@rakit/core';
import { ActionIcon, Tooltip } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { runChange } from '../admin/admin-call';
import { NameTranslationsDialog } from '../components/NameTranslationsDialog';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { useEditor } from '../state/editor-store';
import { editorPagesKey, usePageList } from './use-editor-pages';

/**
 * The page's title in other catalogs (issue 35), beside the page selector: members reading one
 * see it as the page's heading. Read from the application's page list, stored by its own call.
 */
export function PageTitleTranslations() {
  const t = useT();
  const { app, api } = useCurrentApp();
  const queryClient = useQueryClient();
  const page = useEditor((state) => state.page);
  const [open, setOpen] = useState(false);
  const pages = usePageList(page !== null);
  if (page === null) return null;
  const translations = pages.data?.find((listed) => listed.pageId === page.pageId)?.nameTranslations ?? {};
  const label = t('editor.header.translateTitle');
  return (
    <>
      <Tooltip label={label}>
        <ActionIcon variant="default" size="lg" aria-label={label} onClick={() => setOpen(true)} disabled={pages.data === undefined}>
          <IconLanguage size={18} />
        </ActionIcon>
      </Tooltip>
      {open && (
        <NameTranslationsDialog
          name={page.pageName}
          translations={translations}
          onSave={async (next) => {
            if (!(await runChange(api.call(menuCalls.translatePageName, { body: { pageId: page.pageId, translations: next } }), t('admin.nameTranslations.saved')))) return;
            setOpen(false);
            await queryClient.invalidateQueries({ queryKey: editorPagesKey(app.appId) });
          }}
          onClose={() => setOpen(false)}
        />
      )}
    </>
  );
}
