import { Alert, Badge, Button, Group, List, Loader, Paper, SegmentedControl, Stack, Text, TextInput } from '@mantine/core';
import { describePageDiff, diffPageComponents, diffWordsOf, isEmptyDiff, type PageVersionSummary, pageVersionCalls } from '@rakit/core';
import { IconArrowLeft, IconRestore } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { dataOf, runChange } from '../../admin/admin-call';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageRenderer } from '../../widgets/PageRenderer';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { PageFormProvider } from '../../page-state/form-state';
import { editorStore, selectComponents, useEditor } from '../../state/editor-store';
import { KIND_LABELS, refreshPageLists, versionComponents } from './history-queries';
import { useInstantText } from '../../current-app/use-instant-text';

interface VersionDetailProps {
  summary: PageVersionSummary;
  onBack: () => void;
}

/**
 * One version: its name, a preview as members would see it, what changed since it on the
 * page being edited, and Restore (itself a new version, so it can be undone).
 */
export function VersionDetail({ summary, onBack }: VersionDetailProps) {
  const t = useT();
  const when = useInstantText();
  const { api, app } = useCurrentApp();
  const queryClient = useQueryClient();
  const current = useEditor(selectComponents);
  const page = useEditor((state) => state.page);
  const synced = useEditor((state) => state.sync === 'synced');
  const [view, setView] = useState<'preview' | 'changes'>('preview');
  const [confirming, setConfirming] = useState(false);
  const [name, setName] = useState(summary.versionName ?? '');
  const version = useQuery({
    queryKey: ['page-version', summary.versionId],
    queryFn: async () => dataOf(await api.call(pageVersionCalls.getPageVersion, { params: { id: summary.versionId } }), t('editor.history.versionWhat')),
  });
  const read = useMemo(() => (version.data === undefined ? undefined : versionComponents(version.data.pageComponents)), [version.data]);
  const changes = useMemo(() => (read === undefined ? [] : describePageDiff(diffPageComponents(read.components, current), diffWordsOf(t))), [read, current, t]);
  const unchanged = read !== undefined && isEmptyDiff(diffPageComponents(read.components, current));

  async function saveName() {
    if (await runChange(api.call(pageVersionCalls.namePageVersion, { params: { id: summary.versionId }, body: { versionName: name.trim() === '' ? null : name.trim() } }), name.trim() === '' ? t('editor.history.versionUnnamed') : t('editor.history.versionNamedDone'))) {
      await refreshPageLists(queryClient, app.appId, summary.pageId);
    }
  }

  async function restore() {
    const answer = api.call(pageVersionCalls.restorePageVersion, { params: { id: summary.versionId } });
    if (await runChange(answer, t('editor.history.versionRestored')) && read !== undefined && version.data !== undefined) {
      const restored = (await answer).data;
      if (restored === undefined) return;
      editorStore.getState().openPage({ pageId: summary.pageId, pageName: version.data.pageName, pageSlug: restored.pageSlug }, read.components, restored.revision);
      await refreshPageLists(queryClient, app.appId, summary.pageId);
      setConfirming(false);
      onBack();
    }
  }

  return (
    <Stack gap="sm" data-testid="version-detail">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Button variant="subtle" size="compact-sm" leftSection={<IconArrowLeft size={14} />} onClick={onBack}>{t('editor.history.allVersions')}</Button>
        <Badge variant="light" color="gray">{t(KIND_LABELS[summary.kind])}</Badge>
      </Group>
      <div>
        <Text fw={600}>{summary.versionName === null ? t('editor.history.version', { id: summary.versionId }) : t('editor.history.versionTitle', { id: summary.versionId, name: summary.versionName })}</Text>
        <Text size="xs" c="dimmed">
          {summary.authorId === '' ? t('editor.history.beforeKept') : t('editor.history.by', { name: summary.authorId })} · {when(summary.savedAt)}
          {summary.saveCount > 1 ? ` · ${t('editor.history.saves', { count: summary.saveCount })}` : ''}
        </Text>
        <Text size="sm" mt={4}>{summary.summary}</Text>
      </div>
      <Group align="flex-end" gap="xs" wrap="nowrap">
        <TextInput
          label={t('editor.history.versionName')}
          placeholder={t('editor.history.versionNameHint')}
          value={name}
          maxLength={200}
          onChange={(event) => setName(event.currentTarget.value)}
          style={{ flex: 1 }}
        />
        <Button variant="default" onClick={() => void saveName()}>{summary.versionName === null ? t('editor.history.mark') : t('editor.history.rename')}</Button>
      </Group>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(value) => setView(value as 'preview' | 'changes')}
          data={[{ value: 'preview', label: t('editor.history.preview') }, { value: 'changes', label: t('editor.history.changesSince') }]}
          aria-label={t('editor.history.show')}
        />
        <Button
          color="orange"
          leftSection={<IconRestore size={16} />}
          disabled={!synced || page === null || unchanged}
          title={synced ? undefined : t('editorPageBusy')}
          onClick={() => setConfirming(true)}
        >
          {t('editor.history.restore')}
        </Button>
      </Group>
      {version.isPending && <Loader role="status" aria-label={t('editor.history.loadingVersion')} />}
      {version.error !== null && <Alert color="red">{version.error.message}</Alert>}
      {read?.error !== undefined && <Alert color="yellow">{t('editor.history.unreadable', { error: read.error })}</Alert>}
      {read !== undefined && view === 'preview' && (
        <Paper withBorder radius="md" p="md" aria-label={t('editor.history.versionPreview')} data-testid="version-preview">
          {read.components.length === 0 ? <Text c="dimmed" size="sm">{t('editor.history.versionEmpty')}</Text> : (
            <PageFormProvider components={read.components} mode="preview" pageId={summary.pageId}>
              <PageRenderer components={read.components} mode="preview" />
            </PageFormProvider>
          )}
        </Paper>
      )}
      {read !== undefined && view === 'changes' && (
        <Paper withBorder radius="md" p="md" aria-label={t('editor.history.changesLabel')}>
          {changes.length === 0 ? <Text size="sm" c="dimmed">{t('editor.history.noChanges')}</Text> : (
            <>
              <Text size="sm" fw={500} mb={4}>{t('editor.history.changedSo')}</Text>
              <List size="sm" spacing={2}>{changes.map((line) => <List.Item key={line}>{line}</List.Item>)}</List>
            </>
          )}
        </Paper>
      )}
      <ConfirmDialog
        opened={confirming}
        message={t('editor.history.restoreConfirm', { id: summary.versionId })}
        confirmLabel={t('editor.history.restore')}
        onConfirm={restore}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
