import { Alert, Badge, Group, Loader, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { PAGE_VERSIONS_PAGE_SIZE, type PageVersionSummary, pageVersionCalls } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { dataOf } from '../../admin/admin-call';
import { AdminPager } from '../../components/AdminPager';
import { useCurrentApp } from '../../current-app/app-context';
import { useLanguage, useT } from '../../i18n/LanguageProvider';
import { KIND_LABELS, pageVersionsKey } from './history-queries';
import { useInstantText } from '../../current-app/use-instant-text';

/** A page's versions, newest first, a page of them at a time; choosing one opens it. */
export function VersionList({ pageId, onOpen }: { pageId: number; onOpen: (version: PageVersionSummary) => void }) {
  const t = useT();
  const when = useInstantText();
  const { api } = useCurrentApp();
  const { language } = useLanguage();
  const [page, setPage] = useState(1);
  const list = useQuery({
    // The server says the summaries in the reader's language: another language is another answer.
    queryKey: [...pageVersionsKey(pageId), page, language],
    queryFn: async () => dataOf(await api.call(pageVersionCalls.listPageVersions, { params: { id: pageId }, query: { page, pageSize: PAGE_VERSIONS_PAGE_SIZE } }), t('editor.history.versionsWhat')),
  });
  if (list.isPending) return <Loader role="status" aria-label={t('editor.history.loadingVersions')} />;
  if (list.error !== null) return <Alert color="red">{list.error.message}</Alert>;
  const { versions, total } = list.data;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">{t('editor.history.versionCount', { count: total })}</Text>
      <Stack gap={6} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('editor.history.versions')}>
        {versions.map((version) => (
          <li key={version.versionId}>
            <UnstyledButton w="100%" onClick={() => onOpen(version)} aria-label={version.versionName === null ? t('editor.history.version', { id: version.versionId }) : t('editor.history.versionNamed', { id: version.versionId, name: version.versionName })}>
              <Paper withBorder radius="md" p="sm" data-testid="page-version">
                <Group justify="space-between" wrap="nowrap" gap="xs">
                  <Text fw={600} size="sm" truncate>{version.versionName ?? when(version.savedAt)}</Text>
                  <Group gap={4} wrap="nowrap">
                    {version.versionName !== null && <Badge size="sm" variant="light" color="grape">{t('editor.history.named')}</Badge>}
                    <Badge size="sm" variant="light" color={version.kind === 'deleted' ? 'red' : 'gray'}>{t(KIND_LABELS[version.kind])}</Badge>
                  </Group>
                </Group>
                <Text size="sm" lineClamp={2}>{version.summary}</Text>
                <Text size="xs" c="dimmed">
                  {version.authorId === '' ? t('editor.history.beforeKept') : t('editor.history.by', { name: version.authorId })} · {when(version.savedAt)}
                  {version.saveCount > 1 ? ` · ${t('editor.history.saves', { count: version.saveCount })}` : ''}
                </Text>
              </Paper>
            </UnstyledButton>
          </li>
        ))}
      </Stack>
      <AdminPager page={page} total={total} pageSize={PAGE_VERSIONS_PAGE_SIZE} onChange={setPage} label={t('editor.history.versionPages')} size="xs" />
    </Stack>
  );
}
