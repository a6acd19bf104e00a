import { conditionExecutor } from './condition';
import { emailExecutor } from './email';
import type { AddonExecutor } from './executor';
import { functionExecutor } from './function';
import { httpExecutor } from './http';
import { insertExecutor } from './insert';
import { queryExecutor } from './query';
import { approvalExecutor, inputExecutor } from './task';
import { updateExecutor } from './update';
import { variableExecutor } from './variable';
import { webhookExecutor } from './webhook';

/**
 * The executors the engine runs, by add-on name (core's ADDONS). An add-on without one here
 * fails its step with a message, never silently.
 */
const EXECUTORS: ReadonlyMap<string, AddonExecutor> = new Map<string, AddonExecutor>([
  ['query', queryExecutor],
  ['insert', insertExecutor],
  ['update', updateExecutor],
  ['http', httpExecutor],
  ['webhook', webhookExecutor],
  ['approval', approvalExecutor],
  ['input', inputExecutor],
  ['email', emailExecutor],
  ['condition', conditionExecutor],
  ['variable', variableExecutor],
  ['function', functionExecutor],
]);

export type ExecutorLookup = (addonName: string) => AddonExecutor | undefined;

export const executorFor: ExecutorLookup = (addonName) => EXECUTORS.get(addonName);
