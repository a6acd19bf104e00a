import { pageVersionCalls } from '@rakit/core';
import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, runChange } from '../../admin/admin-call';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { usePageParam } from '../use-editor-pages';
import { deletedPagesKey, refreshPageLists } from './history-queries';
import { useInstantText } from '../../current-app/use-instant-text';

/** The application's deleted pages whose history is still kept; undeleting one opens it. */
export function DeletedPages({ onUndeleted }: { onUndeleted: () => void }) {
  const t = useT();
  const when = useInstantText();
  const { api, app } = useCurrentApp();
  const queryClient = useQueryClient();
  const [, choosePage] = usePageParam();
  const deleted = useQuery({ queryKey: deletedPagesKey(app.appId), queryFn: async () => dataOf(await api.call(pageVersionCalls.listDeletedPages, { query: { appId: app.appId } }), t('editor.history.deletedWhat')) });

  async function undelete(pageId: number) {
    if (await runChange(api.call(pageVersionCalls.undeletePage, { params: { id: pageId } }), t('editor.history.pageUndeleted'))) {
      await refreshPageLists(queryClient, app.appId, pageId);
      choosePage(pageId);
      onUndeleted();
    }
  }

  if (deleted.isPending) return <Loader role="status" aria-label={t('editor.history.loadingDeleted')} />;
  if (deleted.error !== null) return <Alert color="red">{deleted.error.message}</Alert>;
  if (deleted.data.length === 0) return <Text size="sm" c="dimmed">{t('editor.history.noDeleted')}</Text>;
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('editor.history.deletedPages')}>
      {deleted.data.map((page) => (
        <li key={page.pageId}>
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate>{page.pageName}</Text>
                <Text size="xs" c="dimmed">{t('editor.history.deletedBy', { name: page.deletedBy, when: when(page.deletedAt), count: page.versionCount })}</Text>
              </div>
              <Button size="xs" variant="light" leftSection={<IconArrowBackUp size={14} />} onClick={() => void undelete(page.pageId)} aria-label={t('editor.history.undeleteNamed', { name: page.pageName })}>
                {t('editor.history.undelete')}
              </Button>
            </Group>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
