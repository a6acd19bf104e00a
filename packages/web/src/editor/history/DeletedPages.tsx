import { Alert, Button, Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { IconArrowBackUp } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { dataOf, runChange } from '../../admin/admin-call';
import { useCurrentApp } from '../../current-app/app-context';
import { usePageParam } from '../use-editor-pages';
import { deletedPagesKey, refreshPageLists, when } from './history-queries';

/** The application's deleted pages whose history is still kept; undeleting one opens it. */
export function DeletedPages({ onUndeleted }: { onUndeleted: () => void }) {
  const { api, app } = useCurrentApp();
  const queryClient = useQueryClient();
  const [, choosePage] = usePageParam();
  const deleted = useQuery({ queryKey: deletedPagesKey(app.appId), queryFn: async () => dataOf(await api.listDeletedPages(app.appId), 'The deleted pages') });

  async function undelete(pageId: number) {
    if (await runChange(api.undeletePage(pageId), 'Page undeleted')) {
      await refreshPageLists(queryClient, app.appId, pageId);
      choosePage(pageId);
      onUndeleted();
    }
  }

  if (deleted.isPending) return <Loader role="status" aria-label="Loading deleted pages" />;
  if (deleted.error !== null) return <Alert color="red">{deleted.error.message}</Alert>;
  if (deleted.data.length === 0) return <Text size="sm" c="dimmed">No deleted page has history left.</Text>;
  return (
    <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Deleted pages">
      {deleted.data.map((page) => (
        <li key={page.pageId}>
          <Paper withBorder radius="md" p="sm">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Text fw={600} size="sm" truncate>{page.pageName}</Text>
                <Text size="xs" c="dimmed">Deleted by {page.deletedBy} · {when(page.deletedAt)} · {page.versionCount} versions</Text>
              </div>
              <Button size="xs" variant="light" leftSection={<IconArrowBackUp size={14} />} onClick={() => void undelete(page.pageId)} aria-label={`Undelete ${page.pageName}`}>
                Undelete
              </Button>
            </Group>
          </Paper>
        </li>
      ))}
    </Stack>
  );
}
