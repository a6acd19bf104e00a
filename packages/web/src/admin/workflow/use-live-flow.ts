import { useMemo } from 'react';
import { type JoinBasics, useLiveJoin } from '../../live/use-live-join';
import type { LiveFlowSession } from './live-flow';
import { workflowStore } from './workflow-store';

/** How long Save and Build wait for the server to store this builder's edits. */
const SAVED_WAIT_MS = 10_000;

/**
 * Joins the shared document of the workflow open in the editor (issue 33), and leaves it when
 * another is chosen or the editor closes. Yjs and its provider load with the first workflow.
 */
export function useLiveFlow(workflowId: number | null): LiveFlowSession | null {
  const bind = useMemo(() => ({
    connecting: () => workflowStore.getState().liveConnecting(),
    failed: () => workflowStore.getState().liveEnded(),
    join: async (basics: JoinBasics) => {
      const { joinLiveFlow } = await import('./live-flow');
      return joinLiveFlow({ store: workflowStore, workflowId: workflowId as number, ...basics });
    },
  }), [workflowId]);
  return useLiveJoin(workflowId, bind);
}

/** Resolves true once the server stored every edit of this builder on the shared document, false after SAVED_WAIT_MS. */
export function whenLiveSaved(): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (saved: boolean) => {
      clearTimeout(timer);
      unsubscribe();
      resolve(saved);
    };
    const unsubscribe = workflowStore.subscribe((state) => {
      if (state.live === null || state.live.saved) done(state.live !== null);
    });
    const timer = setTimeout(() => done(false), SAVED_WAIT_MS);
    const { live } = workflowStore.getState();
    if (live === null || live.saved) done(live !== null);
  });
}
