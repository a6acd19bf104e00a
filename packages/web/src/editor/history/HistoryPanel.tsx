import { Button, Drawer, Stack, Tabs, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { pageVersionCalls, type PageVersionSummary } from '@rakit/core';
import { IconTrash } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { runChange } from '../../admin/admin-call';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { editorStore, useEditor } from '../../state/editor-store';
import { DeletedPages } from './DeletedPages';
import { refreshPageLists } from './history-queries';
import { VersionDetail } from './VersionDetail';
import { VersionList } from './VersionList';

/**
 * The editor's History panel (issue 17): the open page's versions (preview, changes since,
 * name, restore), deleting the page, and the deleted pages that can be undeleted.
 */
export function HistoryPanel({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useT();
  const { api, app } = useCurrentApp();
  const queryClient = useQueryClient();
  const small = useMediaQuery('(max-width: 48em)');
  const page = useEditor((state) => state.page);
  const synced = useEditor((state) => state.sync === 'synced');
  const [, setParams] = useSearchParams();
  const [tab, setTab] = useState<string | null>('versions');
  const [open, setOpen] = useState<PageVersionSummary | null>(null);
  const [deleting, setDeleting] = useState(false);

  async function deletePage() {
    if (page === null) return;
    if (await runChange(api.call(pageVersionCalls.deletePage, { params: { id: page.pageId } }), t('editor.history.pageDeleted'))) {
      setDeleting(false);
      editorStore.getState().closePage();
      setParams({}, { replace: true });
      await refreshPageLists(queryClient, app.appId, page.pageId);
      setTab('deleted');
    }
  }

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size={small === true ? '100%' : 640} title={t('editor.history.title')}>
      <Tabs value={tab} onChange={setTab} keepMounted={false}>
        <Tabs.List mb="sm">
          <Tabs.Tab value="versions">{t('editor.history.versions')}</Tabs.Tab>
          <Tabs.Tab value="deleted">{t('editor.history.deletedPages')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="versions">
          {page === null ? <Text size="sm" c="dimmed">{t('editor.history.openPage')}</Text> : (
            open !== null && open.pageId === page.pageId
              ? <VersionDetail key={open.versionId} summary={open} onBack={() => setOpen(null)} />
              : (
                <Stack gap="md">
                  <VersionList pageId={page.pageId} onOpen={setOpen} />
                  <Button
                    variant="subtle"
                    color="red"
                    leftSection={<IconTrash size={16} />}
                    disabled={!synced}
                    title={synced ? undefined : t('editorPageBusy')}
                    onClick={() => setDeleting(true)}
                    style={{ alignSelf: 'flex-start' }}
                  >
                    {t('editor.history.deletePage')}
                  </Button>
                </Stack>
              )
          )}
        </Tabs.Panel>
        <Tabs.Panel value="deleted">
          <DeletedPages onUndeleted={() => { setOpen(null); setTab('versions'); }} />
        </Tabs.Panel>
      </Tabs>
      <ConfirmDialog
        opened={deleting}
        message={t('editor.history.deleteConfirm', { name: page?.pageName ?? '' })}
        confirmLabel={t('editor.history.delete')}
        onConfirm={deletePage}
        onClose={() => setDeleting(false)}
      />
    </Drawer>
  );
}
