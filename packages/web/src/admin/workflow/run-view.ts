import type { WorkflowRunStarter, WorkflowRunStatus, WorkflowStepStatus } from '@rakit/core';

/** How the Runs panel writes a run's parts (issue 12). */

export const runIsGoing = (status: WorkflowRunStatus): boolean => status === 'queued' || status === 'running';

export function runStatusColor(status: WorkflowRunStatus | WorkflowStepStatus): string {
  switch (status) {
    case 'succeeded': return 'teal';
    case 'failed': return 'red';
    case 'running': return 'blue';
    case 'queued':
    case 'pending': return 'yellow';
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

/** Who or what started a run. */
export function starterText(starter: WorkflowRunStarter): string {
  const who = starter.userName ?? starter.userId;
  switch (starter.kind) {
    case 'trigger':
      return `Trigger${starter.triggerId === null ? '' : ` #${starter.triggerId}`}${who === null ? '' : ` by ${who}`}`;
    case 'editor':
      return `Editor${who === null ? '' : ` by ${who}`}`;
    default:
      return `Re-run${who === null ? '' : ` by ${who}`}`;
  }
}
