import type { AddonExecutor } from './executor';
import { conditionExecutor } from './condition';
import { variableExecutor } from './variable';

/**
 * The executors the engine runs, by add-on name (core's ADDONS). An add-on without one here
 * fails its step with a message, never silently: its runtime is not built.
 */
const EXECUTORS: ReadonlyMap<string, AddonExecutor> = new Map<string, AddonExecutor>([
  ['condition', conditionExecutor],
  ['variable', variableExecutor],
]);

export type ExecutorLookup = (addonName: string) => AddonExecutor | undefined;

export const executorFor: ExecutorLookup = (addonName) => EXECUTORS.get(addonName);
