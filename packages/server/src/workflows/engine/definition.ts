import { type ConditionBranch, type FlowEdge, reachableFrom } from '@rakit/core';
import type { Store } from '../../store/db';
import type { PublishedWorkflow } from '../build';

/** A published edge: [from, to], or [from, to, branch] out of a Condition. */
export type PublishedEdge = [number, number] | [number, number, ConditionBranch];

/** Per store: version ids are only unique within one (several stores meet in one test process). */
const caches = new WeakMap<Store, Map<number, PublishedWorkflow>>();

/** A published version's definition; versions never change, so each is parsed once per process and store. */
export async function loadDefinition(store: Store, versionId: number): Promise<PublishedWorkflow | undefined> {
  let cache = caches.get(store);
  if (cache === undefined) {
    cache = new Map();
    caches.set(store, cache);
  }
  const cached = cache.get(versionId);
  if (cached !== undefined) return cached;
  const row = await store.selectFrom('workflowVersions').select('definition').where('versionId', '=', versionId).executeTakeFirst();
  if (row === undefined) return undefined;
  const definition = JSON.parse(row.definition) as PublishedWorkflow;
  if (cache.size > 1000) cache.clear();
  cache.set(versionId, definition);
  return definition;
}

export type StepDecision = 'run' | 'wait' | 'skip';

export interface StepState { actionId: number; status: string; branch: string | null }

/**
 * Whether a step not yet finished can run now (every incoming edge's source finished and at
 * least one edge is live: its source succeeded and, out of a Condition, took that edge's
 * branch), must wait (a source has not finished), or is skipped (every incoming edge is dead:
 * behind an untaken branch or behind skipped steps). `active` is the set of actions a chain
 * run started at one action covers; null for a whole run. The start action's own incoming
 * edges do not count.
 */
export function decideStep(
  step: StepState, edges: readonly PublishedEdge[], stateOf: (actionId: number) => StepState | undefined,
  active: ReadonlySet<number> | null, startActionId: number | null,
): StepDecision {
  if (active !== null && !active.has(step.actionId)) return 'skip';
  if (step.actionId === startActionId) return 'run';
  const incoming = edges.filter((edge) => edge[1] === step.actionId && (active === null || active.has(edge[0])));
  if (incoming.length === 0) return 'run';
  let live = false;
  for (const edge of incoming) {
    const source = stateOf(edge[0]);
    if (source === undefined) continue;
    if (source.status === 'pending' || source.status === 'running' || source.status === 'waiting') return 'wait';
    if (source.status === 'succeeded' && (edge[2] === undefined || edge[2] === source.branch)) live = true;
  }
  return live ? 'run' : 'skip';
}

/** The actions a chain run started at `startActionId` covers. */
export const chainOf = (startActionId: number, edges: readonly PublishedEdge[]): Set<number> =>
  reachableFrom([startActionId], edges.map((e): FlowEdge => [e[0], e[1]]));
