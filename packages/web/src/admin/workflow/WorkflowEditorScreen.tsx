import { ActionIcon, Alert, Badge, Button, Group, Loader, Paper, Select, Stack, Text, VisuallyHidden } from '@mantine/core';
import { addonByName, type LocalText, type WorkflowBuild, actionCalls, triggerCalls, databaseCalls, workflowCalls } from '@rakit/core';
import { IconArrowBackUp, IconArrowForwardUp, IconChevronLeft, IconDeviceFloppy, IconHammer, IconTrash } from '@tabler/icons-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { firstError } from '../../api/client';
import { Announcement } from '../../components/Announcement';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { NameDialog } from '../../components/NameDialog';
import { useCurrentApp } from '../../current-app/app-context';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { settle } from '../admin-call';
import { t as translateNow } from '../../i18n/i18n';
import { useT } from '../../i18n/LanguageProvider';
import { addonLabel } from './addon-texts';
import { loaded } from './load';
import { FlowCanvas } from './FlowCanvas';
import { FlowConfigDialog } from './FlowConfigDialog';
import { addCard, EMPTY_DRAWING, type FlowCard, removeCard, successorOf } from './flow-drawing';
import { storedDrawing } from './flow-merge';
import { announcements } from './flow-keyboard';
import { FlowConflictDialog } from './FlowConflictDialog';
import { BlockLeaving, OFFLINE_CHANGES_QUESTION } from '../../components/BlockLeaving';
import { type SyncResult, syncWorkflow } from './flow-sync';
import { HooksPanel } from './HooksPanel';
import { SchedulesPanel } from './SchedulesPanel';
import { RunsPanel, useWorkflowRun, useWorkflowRuns } from './RunsPanel';
import { outputsOfRun, stepLimitsOfRun } from './template-picker';
import { type CardTemplate, WorkflowPalette } from './WorkflowPalette';
import { WorkflowSelector } from './WorkflowSelector';
import { selectCanRedo, selectCanUndo, selectDrawing, useWorkflowEditor, workflowStore } from './workflow-store';
import { useLiveFlow, whenLiveSaved } from './use-live-flow';
import { PeerAvatars } from '../../live/PeerAvatars';
import type { LiveState, Peer } from '../../state/live-state';
import { type SaveState, SaveStateBadge } from '../../components/SaveStateBadge';
import classes from './WorkflowEditor.module.css';

const SYNC_DELAY_MS = 400;
const NO_PEERS: readonly Peer[] = [];

/** Keys typed into a field belong to the field, not to the canvas's undo. */
function isTyping(target: EventTarget | null): boolean {
  return target instanceof HTMLElement && (target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null);
}

/** A sync's refusal, told; a clash with another builder's save is not one (its dialog asks). */
function notifySyncFailure(result: SyncResult): void {
  if (!result.ok && 'message' in result) notifyFailure(result.message);
}

/**
 * The workflow editor, /{appSlug}/workflow (spec 1 screen 10, issue 12): the workflow selector,
 * the palette, the flow canvas with its 'Flow Configuration' dialogs, Build, and the Runs panel.
 * Every change is one undo step and is saved by itself shortly after.
 */
export function WorkflowEditorScreen() {
  const { app, api, path } = useCurrentApp();
  const t = useT();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search, setSearch] = useSearchParams();
  const workflowParam = Number(search.get('workflow'));
  const workflowId = Number.isSafeInteger(workflowParam) && workflowParam > 0 ? workflowParam : null;
  // The page editor's 'Create New Workflow' lands here with ?create=1.
  const [creating, setCreating] = useState(search.get('create') === '1');
  // The card whose 'Flow Configuration' is open, as it was when opened.
  const [configuring, setConfiguring] = useState<FlowCard | null>(null);
  const configure = useCallback((actionId: number) => {
    setConfiguring(workflowStore.getState().history.present.cards.find((c) => c.actionId === actionId) ?? null);
  }, []);
  const [removing, setRemoving] = useState<number | null>(null);
  const [deletingWorkflow, setDeletingWorkflow] = useState(false);
  const [lastBuild, setBuild] = useState<WorkflowBuild | null>(null);
  const [building, setBuilding] = useState(false);
  // The polite live region's message: cards added and removed, connections made and removed.
  // Counted: two cards of one add-on added in turn are said twice.
  const [announcement, setAnnouncement] = useState({ message: '', times: 0 });
  const announce = useCallback((text: LocalText) => {
    const message = t(text.key, text.values);
    setAnnouncement((said) => ({ message, times: said.times + 1 }));
  }, [t]);

  const addons = useQuery({ queryKey: ['addons'], queryFn: async () => loaded(await api.call(workflowCalls.listAddOn, {}), translateNow('workflow.load.addons')), staleTime: Infinity });
  const workflowsKey = ['workflows', app.appId] as const;
  const workflows = useQuery({ queryKey: workflowsKey, queryFn: async () => loaded(await api.call(workflowCalls.listWorkflow, { params: { appId: app.appId } }), translateNow('workflow.load.workflows')) });
  const triggers = useQuery({ queryKey: ['triggers', app.appId], queryFn: async () => loaded(await api.call(triggerCalls.listTriggers, { params: { appId: app.appId } }), translateNow('workflow.load.triggers')) });
  const queries = useQuery({
    queryKey: ['stored-queries', app.appId],
    queryFn: async () => {
      const databases = loaded(await api.call(databaseCalls.listDatabase, { params: { appId: app.appId } }), translateNow('workflow.load.connections'));
      const lists = await Promise.all(databases.map(async (db) => loaded(await api.call(actionCalls.listQueries, { params: { id: db.dbId } }), translateNow('workflow.load.queries'))));
      return lists.flat();
    },
  });
  const flow = useQuery({
    queryKey: ['workflow-flow', workflowId],
    queryFn: async () => loaded(await api.call(workflowCalls.getFlow, { params: { id: workflowId as number } }), translateNow('workflow.load.workflow')),
    enabled: workflowId !== null,
    // Opened again later, a workflow is read anew: a cached drawing would overwrite newer edges.
    refetchOnMount: 'always',
  });

  const current = workflows.data?.find((w) => w.chainId === workflowId);
  const trigger = triggers.data?.find((t) => t.triggerId === current?.chainTrigger);
  const inputNames = trigger?.triggerParams ?? [];
  const openedId = useWorkflowEditor((s) => s.workflowId);
  const drawing = useWorkflowEditor(selectDrawing);
  const stored = useWorkflowEditor((s) => s.stored);
  const syncing = useWorkflowEditor((s) => s.syncing);
  const canUndo = useWorkflowEditor(selectCanUndo);
  const canRedo = useWorkflowEditor(selectCanRedo);
  const live = useWorkflowEditor((s) => s.live);
  const peers = useWorkflowEditor((s) => s.live?.peers ?? NO_PEERS);

  // A workflow opens once its flow is read from the server (not a cached one still being
  // refreshed); leaving the screen or choosing another closes it.
  const flowFresh = flow.data !== undefined && !flow.isFetching;
  useEffect(() => {
    if (workflowId === null) workflowStore.getState().close();
    else if (flowFresh && flow.data.workflow.chainId === workflowId && workflowStore.getState().workflowId !== workflowId) {
      const opened = storedDrawing(flow.data, EMPTY_DRAWING);
      workflowStore.getState().open(workflowId, opened.drawing, opened.revisions);
    }
  }, [workflowId, flowFresh, flow.data]);
  useEffect(() => () => workflowStore.getState().close(), []);
  // Builders edit the open workflow together (issue 33); without the socket it syncs by calls.
  const liveFlow = useLiveFlow(openedId !== null && openedId === workflowId ? workflowId : null);

  // What the author changed is saved shortly after (by the server, while the shared document is used).
  useEffect(() => {
    if (live !== null || stored === null || stored === drawing) return undefined;
    const timer = setTimeout(() => {
      void syncWorkflow(api, workflowStore).then(notifySyncFailure);
    }, SYNC_DELAY_MS);
    return () => clearTimeout(timer);
  }, [api, drawing, stored, live]);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.defaultPrevented || isTyping(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' && !event.shiftKey) workflowStore.getState().undo();
      else if ((key === 'z' && event.shiftKey) || key === 'y') workflowStore.getState().redo();
      else return;
      event.preventDefault();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  // A build's findings belong to the workflow it built.
  const build = lastBuild?.workflowId === workflowId ? lastBuild : null;
  const runs = useWorkflowRuns(workflowId);
  const latestRunId = runs.data?.find((r) => r.status === 'succeeded')?.runId ?? runs.data?.[0]?.runId ?? null;
  const latestRun = useWorkflowRun(latestRunId);
  const runOutputs = useMemo(() => outputsOfRun(latestRun.data ?? null), [latestRun.data]);
  const stepLimits = useMemo(() => stepLimitsOfRun(latestRun.data ?? null), [latestRun.data]);
  const problems = useMemo(() => new Map((build?.problems ?? []).filter((p) => p.actionId !== null).map((p) => [p.actionId as number, p.message])), [build]);

  const choose = useCallback((chainId: number | null) => {
    setSearch(chainId === null ? {} : { workflow: String(chainId) });
  }, [setSearch]);

  async function create(name: string) {
    const answer = await settle(api.call(workflowCalls.saveWorkflow, { body: { chainId: null, chainAppId: app.appId, chainName: name, chainTrigger: null } }));
    if (answer === null) return;
    if (!answer.status || answer.data === undefined) {
      notifyFailure(firstError(answer, t('workflow.editor.createFailed')));
      return;
    }
    setCreating(false);
    notifySuccess(t('workflow.editor.created'));
    await queryClient.invalidateQueries({ queryKey: workflowsKey });
    choose(answer.data.chainId);
  }

  async function chooseTrigger(value: string | null) {
    if (current === undefined) return;
    const answer = await settle(api.call(workflowCalls.saveWorkflow, { body: { chainId: current.chainId, chainAppId: app.appId, chainName: current.chainName, chainTrigger: value === null ? null : Number(value) } }));
    if (answer === null) return;
    if (!answer.status) notifyFailure(firstError(answer, t('workflow.editor.triggerFailed')));
    await queryClient.invalidateQueries({ queryKey: workflowsKey });
  }

  async function addCardOf(template: CardTemplate, at: { x: number; y: number }) {
    if (workflowId === null) return;
    const addon = addonByName(template.addonName);
    if (addon !== undefined && !addon.available) {
      notifyFailure(addon.unavailableReason ?? t('workflow.editor.addonUnavailable', { addon: addonLabel(t, addon) }));
      return;
    }
    if (liveFlow !== null && workflowStore.getState().liveEdits !== null) {
      // On the shared document the server creates the card's action as it arrives.
      const state = workflowStore.getState();
      state.change(addCard(state.history.present, { actionId: liveFlow.newCard(), alias: template.alias, addonName: template.addonName, params: template.params, x: Math.round(at.x), y: Math.round(at.y) }));
      announce(announcements.added(template.alias));
      return;
    }
    const answer = await settle(api.call(workflowCalls.saveWorkflowAction, { body: {
              actionId: null, actionChainId: workflowId, actionAlias: template.alias, actionName: '', addonName: template.addonName, actionScript: '', actionParams: JSON.stringify(template.params),
            } }));
    if (answer === null) return;
    if (!answer.status || answer.data === undefined) {
      notifyFailure(firstError(answer, t('workflow.common.actionSaveFailed')));
      return;
    }
    const card = { actionId: answer.data.actionId, alias: template.alias, addonName: template.addonName, params: template.params, x: Math.round(at.x), y: Math.round(at.y) };
    const state = workflowStore.getState();
    // The server has the action already (one more revision of the workflow): only its place is left to save.
    if (state.stored !== null) state.setStored(addCard(state.stored, { ...card, x: Number.NaN, y: Number.NaN }));
    if (state.revisions !== null) {
      state.setRevisions({ workflow: state.revisions.workflow + 1, actions: { ...state.revisions.actions, [card.actionId]: answer.data.revision } });
    }
    state.change(addCard(state.history.present, card));
    announce(announcements.added(template.alias));
  }

  function addAtFreeSpot(template: CardTemplate) {
    const cards = workflowStore.getState().history.present.cards;
    const lowest = cards.reduce((y, c) => Math.max(y, c.y), -100);
    void addCardOf(template, { x: cards.at(-1)?.x ?? 40, y: lowest + 140 });
  }

  async function deleteCurrent() {
    if (workflowId === null) return;
    const answer = await settle(api.call(workflowCalls.deleteWorkflow, { body: { chainId: workflowId } }));
    setDeletingWorkflow(false);
    if (answer === null) return;
    if (!answer.status) {
      notifyFailure(firstError(answer, t('workflow.editor.removeFailed')));
      return;
    }
    notifySuccess(t('workflow.editor.removed'));
    workflowStore.getState().close();
    choose(null);
    await queryClient.invalidateQueries({ queryKey: workflowsKey });
  }

  /** Save: what is drawn is on the server now (it also saves by itself shortly after each change). */
  async function saveNow() {
    if (workflowStore.getState().live !== null) {
      if (await whenLiveSaved()) notifySuccess(t('workflow.editor.saved'));
      else notifyFailure(t('workflow.editor.notStoredYet'));
      return;
    }
    const synced = await syncWorkflow(api, workflowStore);
    if (synced.ok) notifySuccess(t('workflow.editor.saved'));
    else notifySyncFailure(synced);
  }

  async function runBuild() {
    if (workflowId === null) return;
    setBuilding(true);
    try {
      if (workflowStore.getState().live !== null) {
        if (!(await whenLiveSaved())) {
          notifyFailure(t('workflow.editor.buildWaitsForSave'));
          return;
        }
      } else {
        const synced = await syncWorkflow(api, workflowStore);
        if (!synced.ok) {
          notifySyncFailure(synced);
          return;
        }
      }
      const answer = await settle(api.call(workflowCalls.buildWorkflow, { params: { id: workflowId } }));
      if (answer === null) return;
      if (!answer.status || answer.data === undefined) {
        notifyFailure(firstError(answer, t('workflow.editor.buildFailed')));
        return;
      }
      setBuild(answer.data);
      if (answer.data.built) notifySuccess(t('workflow.editor.builtNotice', { version: String(answer.data.versionId) }));
      else notifyFailure(t('workflow.editor.buildProblems', { count: answer.data.problems.length, first: answer.data.problems[0]?.message ?? '' }));
      await queryClient.invalidateQueries({ queryKey: ['workflow-flow', workflowId] });
    } finally {
      setBuilding(false);
    }
  }

  // A card configured while the server gives it its id stays in its dialog under the new id.
  const configured = configuring === null ? undefined
    : drawing.cards.find((c) => c.actionId === configuring.actionId) ?? successorOf([configuring], drawing.cards, configuring.actionId);
  const builtVersion = build?.built === true ? build.versionId : (flow.data?.builtVersionId ?? null);
  const isOpen = workflowId !== null && openedId === workflowId;

  return (
    <Stack gap="md">
      <FlowConflictDialog />
      <Announcement message={announcement.message} saidTimes={announcement.times} testId="flow-announcer" />
      <BlockLeaving dirty={live?.status === 'offline' && !live.saved} message={OFFLINE_CHANGES_QUESTION} />
      <Paper withBorder radius="md" px="sm" py={8} component="header" aria-label={t('workflow.editor.title')}>
        {/* The screen's h1 for a screen reader's outline; sighted builders see the workflow selector. */}
        <VisuallyHidden component="h1">{t('workflow.editor.title')}</VisuallyHidden>
        <Group justify="space-between" wrap="wrap" gap="sm">
          <Group gap="sm" wrap="wrap">
            <Button variant="subtle" leftSection={<IconChevronLeft size={16} />} onClick={() => void navigate(path('home'))}>{t('workflow.editor.back')}</Button>
            <WorkflowSelector
              workflows={workflows.data ?? []}
              current={current}
              loading={workflows.isFetching}
              onOpen={() => void workflows.refetch()}
              onChoose={choose}
              onCreate={() => setCreating(true)}
            />
            {current !== undefined && (
              <Select
                w={220}
                maw="100%"
                aria-label={t('workflow.editor.trigger')}
                placeholder={t('workflow.editor.noTrigger')}
                data={(triggers.data ?? []).map((t) => ({ value: String(t.triggerId), label: `#${t.triggerId} ${t.triggerAlias}` }))}
                value={current.chainTrigger === null ? null : String(current.chainTrigger)}
                onChange={(value) => void chooseTrigger(value)}
                clearable
              />
            )}
          </Group>
          <Group gap="xs" wrap="wrap">
            <PeerAvatars peers={peers} what={t('workflow.common.thisWorkflow')} />
            {isOpen && <SaveStateBadge state={workflowSaveState(live, syncing || stored !== drawing)} live={live?.status} testId="workflow-sync" />}
            {builtVersion !== null && <Badge variant="outline" size="lg" tt="none" data-testid="built-version">{t('workflow.editor.builtBadge', { version: builtVersion })}</Badge>}
            <ActionIcon variant="default" size="lg" aria-label={t('workflow.editor.undo')} title={t('workflow.editor.undoTitle')} disabled={!canUndo} onClick={() => workflowStore.getState().undo()}>
              <IconArrowBackUp size={18} />
            </ActionIcon>
            <ActionIcon variant="default" size="lg" aria-label={t('workflow.editor.redo')} title={t('workflow.editor.redoTitle')} disabled={!canRedo} onClick={() => workflowStore.getState().redo()}>
              <IconArrowForwardUp size={18} />
            </ActionIcon>
            <ActionIcon variant="default" color="red" size="lg" aria-label={t('workflow.editor.deleteWorkflow')} title={t('workflow.editor.deleteWorkflow')} disabled={!isOpen} onClick={() => setDeletingWorkflow(true)}>
              <IconTrash size={18} />
            </ActionIcon>
            <Button variant="default" leftSection={<IconDeviceFloppy size={16} />} disabled={!isOpen} loading={syncing} onClick={() => void saveNow()}>{t('workflow.editor.save')}</Button>
            <Button leftSection={<IconHammer size={16} />} disabled={!isOpen} loading={building} onClick={() => void runBuild()}>{t('workflow.editor.build')}</Button>
          </Group>
        </Group>
      </Paper>

      {build !== null && !build.built && (
        <Alert color="red" title={t('workflow.editor.cannotBuild')} data-testid="build-problems">
          {build.problems.map((p, i) => (
            <Text key={i} size="sm">{p.actionId === null ? '' : `${drawing.cards.find((c) => c.actionId === p.actionId)?.alias ?? `#${p.actionId}`}: `}{p.message}</Text>
          ))}
        </Alert>
      )}

      <div className={classes.workspace}>
        <WorkflowPalette addons={addons.data ?? []} queries={queries.data ?? []} enabled={isOpen} onAdd={addAtFreeSpot} />
        {workflowId === null ? (
          <Paper withBorder radius="md" p="xl" className={classes.canvas}>
            <Text c="dimmed" ta="center" mt="xl">{t('workflow.editor.noWorkflow')}</Text>
          </Paper>
        ) : flow.isError ? (
          <Alert color="red" className={classes.canvas}>{flow.error.message}</Alert>
        ) : !isOpen ? (
          <Paper withBorder radius="md" className={classes.canvas}><Loader m="xl" /></Paper>
        ) : (
          <FlowCanvas
            addons={addons.data ?? []}
            problems={problems}
            limits={stepLimits}
            onDropCard={(template, at) => void addCardOf(template, at)}
            onConfigure={configure}
            onRequestRemove={setRemoving}
            onAnnounce={announce}
          />
        )}
      </div>

      {isOpen && <RunsPanel workflowId={workflowId} inputNames={inputNames} built={builtVersion !== null} cards={drawing.cards} />}
      {isOpen && <SchedulesPanel workflowId={workflowId} built={builtVersion !== null} />}
      {isOpen && <HooksPanel workflowId={workflowId} built={builtVersion !== null} />}

      {creating && (
        <NameDialog
          title={t('workflow.editor.createTitle')}
          requiredMessage={t('workflow.editor.nameEmpty')}
          label={t('workflow.editor.nameLabel')}
          onSave={create}
          onClose={() => setCreating(false)}
        />
      )}
      {configured !== undefined && workflowId !== null && (
        <FlowConfigDialog
          workflowId={workflowId}
          card={configured}
          addon={(addons.data ?? []).find((a) => a.name === configured.addonName)}
          drawing={drawing}
          triggerId={current?.chainTrigger ?? null}
          triggerParams={inputNames}
          runOutputs={runOutputs}
          onApply={(next) => {
            workflowStore.getState().change(next);
            setConfiguring(null);
          }}
          onClose={() => setConfiguring(null)}
        />
      )}
      <ConfirmDialog
        opened={deletingWorkflow}
        message={t('workflow.editor.deleteWorkflowConfirm', { name: current?.chainName ?? '' })}
        confirmLabel={t('workflow.common.delete')}
        onClose={() => setDeletingWorkflow(false)}
        onConfirm={deleteCurrent}
      />
      <ConfirmDialog
        opened={removing !== null}
        message={t('workflow.editor.deleteActionConfirm')}
        confirmLabel={t('workflow.common.delete')}
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing !== null) {
            const present = workflowStore.getState().history.present;
            const alias = present.cards.find((c) => c.actionId === removing)?.alias ?? `#${removing}`;
            workflowStore.getState().change(removeCard(present, removing));
            announce(announcements.removed(alias));
          }
          setRemoving(null);
        }}
      />
    </Stack>
  );
}

/** Where the drawing stands: on the shared document, as the server last stored it; by calls, whether a sync is due or running. */
function workflowSaveState(live: LiveState | null, syncPending: boolean): SaveState {
  if (live === null) return syncPending ? 'unsaved' : 'saved';
  if (live.status === 'offline') return 'offline';
  return live.saved ? 'saved' : 'unsaved';
}
