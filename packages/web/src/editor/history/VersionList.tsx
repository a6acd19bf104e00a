import { Alert, Badge, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { PAGE_VERSIONS_PAGE_SIZE, type PageVersionSummary } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dataOf } from '../../admin/admin-call';
import { AdminPager } from '../../components/AdminPager';
import { useCurrentApp } from '../../current-app/app-context';
import { KIND_LABELS, pageVersionsKey, when } from './history-queries';

/** A page's versions, newest first, a page of them at a time; choosing one opens it. */
export function VersionList({ pageId, onOpen }: { pageId: number; onOpen: (version: PageVersionSummary) => void }) {
  const { api } = useCurrentApp();
  const [page, setPage] = useState(1);
  const list = useQuery({
    queryKey: [...pageVersionsKey(pageId), page],
    queryFn: async () => dataOf(await api.listPageVersions(pageId, page, PAGE_VERSIONS_PAGE_SIZE), 'The versions'),
  });
  if (list.isPending) return <Loader role="status" aria-label="Loading versions" />;
  if (list.error !== null) return <Alert color="red">{list.error.message}</Alert>;
  const { versions, total } = list.data;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">{total === 1 ? '1 version' : `${total} versions`}. One person's saves a few minutes apart make one version.</Text>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Versions">
        {versions.map((version) => (
          <li key={version.versionId}>
            <UnstyledButton w="100%" onClick={() => onOpen(version)} aria-label={`Version ${version.versionId}${version.versionName === null ? '' : ` ${version.versionName}`}`}>
              <Paper withBorder radius="md" p="sm" data-testid="page-version">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm" truncate>{version.versionName ?? when(version.savedAt)}</Text>
                  <Group gap={4} wrap="nowrap">
                    {version.versionName !== null && <Badge size="sm" variant="light" color="grape">Named</Badge>}
                    <Badge size="sm" variant="light" color={version.kind === 'deleted' ? 'red' : 'gray'}>{KIND_LABELS[version.kind]}</Badge>
                  </Group>
                </Group>
                <Text size="sm" lineClamp={2}>{version.summary}</Text>
                <Text size="xs" c="dimmed">
                  {version.authorId === '' ? 'Before history was kept' : `by ${version.authorId}`} · {when(version.savedAt)}
                  {version.saveCount > 1 ? ` · ${version.saveCount} saves` : ''}
                </Text>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
      <AdminPager page={page} total={total} pageSize={PAGE_VERSIONS_PAGE_SIZE} onChange={setPage} label="Version pages" size="xs" />
    </Stack>
  );
}
