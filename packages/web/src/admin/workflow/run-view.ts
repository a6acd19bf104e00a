import type { MessageKey, WorkflowRunStarter, WorkflowRunStatus, WorkflowStepStatus } from '@rakit/core';
import type { Translate } from '../../i18n/LanguageProvider';

/** How the Runs panel writes a run's parts (issue 12). */

export const runIsGoing = (status: WorkflowRunStatus): boolean => status === 'queued' || status === 'running';

export function runStatusColor(status: WorkflowRunStatus | WorkflowStepStatus): string {
  switch (status) {
    case 'succeeded': return 'teal';
    case 'failed': return 'red';
    case 'running': return 'blue';
    case 'queued':
    case 'pending': return 'yellow';
    case 'waiting': return 'violet';
    default: return 'gray';
  }
}

/** A duration in ms as a person reads it: '850 ms', '2.4 s', '3 min 5 s'; '—' when unknown. */
export function durationText(ms: number | null): string {
  if (ms === null || !Number.isFinite(ms) || ms < 0) return '—';
  if (ms < 1000) return `${Math.round(ms)} ms`;
  if (ms < 60_000) return `${(ms / 1000).toFixed(1).replace(/\.0$/, '')} s`;
  const seconds = Math.round(ms / 1000);
  return `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** A run's or a step's status as people read it. */
export const STATUS_TEXTS: Record<WorkflowRunStatus | WorkflowStepStatus, MessageKey> = {
  queued: 'workflow.runs.status.queued',
  running: 'workflow.runs.status.running',
  succeeded: 'workflow.runs.status.succeeded',
  failed: 'workflow.runs.status.failed',
  cancelled: 'workflow.runs.status.cancelled',
  pending: 'workflow.runs.status.pending',
  skipped: 'workflow.runs.status.skipped',
  waiting: 'workflow.runs.status.waiting',
};

/** Who or what started a run. */
export function starterText(t: Translate, starter: WorkflowRunStarter): string {
  if (starter.kind === 'hook') return t('workflow.runs.starter.hook', { name: starter.userName ?? '' });
  if (starter.kind === 'schedule') return t('workflow.runs.starter.schedule', { cron: starter.userName ?? '' });
  const who = starter.userName ?? starter.userId;
  const what = starter.kind === 'trigger'
    ? (starter.triggerId === null ? t('workflow.runs.starter.trigger') : t('workflow.runs.starter.triggerNumber', { id: starter.triggerId }))
    : starter.kind === 'editor' ? t('workflow.runs.starter.editor') : t('workflow.runs.starter.rerun');
  return who === null ? what : t('workflow.runs.starter.by', { starter: what, who });
}
