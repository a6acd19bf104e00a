import { workflowCalls } from '@rakit/core';
import { Button, Group, Paper, VisuallyHidden } from '@mantine/core';
import { IconChevronLeft, IconEye, IconEyeOff, IconHistory } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { dataOf } from '../admin/admin-call';
import { WorkflowSelector } from '../admin/workflow/WorkflowSelector';
import { useCurrentApp } from '../current-app/app-context';
import { useT } from '../i18n/LanguageProvider';
import { CreatePageDialog } from './CreatePageDialog';
import { SavePageButton, UndoRedoButtons } from './EditTools';
import { HistoryPanel } from './history/HistoryPanel';
import { PeerAvatars } from '../live/PeerAvatars';
import type { Peer } from '../state/live-state';
import { PageSelector } from './PageSelector';
import { PageTitleTranslations } from './PageTitleTranslations';
import { editorStore, useEditor } from '../state/editor-store';
import { SyncIndicator } from './SyncIndicator';
import { editorPagesKey, usePageParam } from './use-editor-pages';

const NO_PEERS: readonly Peer[] = [];

interface EditorHeaderProps {
  /** The root editor saves on demand: it alone has a Save button (spec 2 §2). */
  onSave: (() => void) | null;
}

/** Back, the page and workflow selectors, the sync state, undo/redo, History, Preview and (root only) Save. */
export function EditorHeader({ onSave }: EditorHeaderProps) {
  const t = useT();
  const { app, api, path } = useCurrentApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [, choosePage] = usePageParam();
  const [creating, setCreating] = useState(false);
  const [history, setHistory] = useState(false);
  const preview = useEditor((state) => state.preview);
  const peers = useEditor((state) => state.live?.peers ?? NO_PEERS);
  const store = editorStore.getState();
  // Spec 1 §4: the workflows are listed beside the pages; one chosen opens in the workflow editor.
  const workflows = useQuery({ queryKey: ['workflows', app.appId], queryFn: async () => dataOf(await api.call(workflowCalls.listWorkflow, { params: { appId: app.appId } }), t('editor.workflowsWhat')) });

  async function created(pageId: number) {
    setCreating(false);
    await queryClient.invalidateQueries({ queryKey: editorPagesKey(app.appId) });
    choosePage(pageId);
  }

  return (
    <Paper withBorder radius="md" px="sm" py={8} mb="md" component="header" aria-label={t('editor.header.label')}>
      {/* The screen's h1 for a screen reader's outline; sighted builders see the page selector. */}
      <VisuallyHidden component="h1">{t('editor.header.heading')}</VisuallyHidden>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap="sm" wrap="wrap">
          <Button variant="subtle" leftSection={<IconChevronLeft size={16} />} onClick={() => void navigate(path('home'))}>{t('editor.header.back')}</Button>
          <Group gap={4} wrap="nowrap">
            <PageSelector onCreate={() => setCreating(true)} />
            <PageTitleTranslations />
          </Group>
          <WorkflowSelector
            workflows={workflows.data ?? []}
            current={undefined}
            loading={workflows.isFetching}
            onOpen={() => void workflows.refetch()}
            onChoose={(chainId) => void navigate(`${path('workflow')}?workflow=${chainId}`)}
            onCreate={() => void navigate(`${path('workflow')}?create=1`)}
          />
        </Group>
        <Group gap="xs" wrap="wrap">
          <PeerAvatars peers={peers} what={t('editor.thisPage')} />
          <SyncIndicator />
          <UndoRedoButtons />
          <Button variant="default" leftSection={<IconHistory size={16} />} onClick={() => setHistory(true)}>{t('editor.header.history')}</Button>
          <Button
            variant={preview ? 'filled' : 'default'}
            leftSection={preview ? <IconEyeOff size={16} /> : <IconEye size={16} />}
            aria-pressed={preview}
            onClick={store.togglePreview}
          >
            {t('editor.header.preview')}
          </Button>
          {onSave !== null && <SavePageButton onSave={onSave} />}
        </Group>
      </Group>
      <HistoryPanel opened={history} onClose={() => setHistory(false)} />
      {creating && <CreatePageDialog onClose={() => setCreating(false)} onCreated={(pageId) => void created(pageId)} />}
    </Paper>
  );
}
