import { Messages, NO_FUNCTION, typedFunctionValues } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { HttpError } from '../errors/http-errors';
import { findFunction } from '../store/repositories/functions';
import { asRun, failedRun, parametersOf } from './run';
import type { Services } from '../services';

/**
 * A data widget's transform (functionId on table, kanban and loader): the rows it loaded pass
 * through the function, with the page's values, before they reach the browser or an export.
 * The answer must be a list of rows, or nothing is shown: never a half-transformed table.
 */
export async function transformRows<R extends Record<string, unknown>>(
  services: Services, caller: Principal, appId: number, functionId: number, rows: R[], values: Record<string, unknown> = {},
): Promise<R[]> {
  if (functionId === NO_FUNCTION || functionId <= 0) return rows;
  const row = await findFunction(services.store, functionId);
  const admin = caller.isAppAdmin(appId);
  if (row === undefined || row.appId !== appId) {
    throw new HttpError(422, admin ? Messages.functionNotFound : Messages.functionFailed);
  }
  const parameters = parametersOf(row);
  const known = new Set(parameters.map((p) => p.name));
  const typed = typedFunctionValues(parameters, Object.fromEntries(Object.entries(values).filter(([name]) => known.has(name))));
  if (!typed.ok) throw new HttpError(422, admin ? typed.error : Messages.functionFailed);
  const result = await services.sandbox.run({ appId, code: row.content, paramNames: parameters.map((p) => p.name), params: typed.values, rows });
  const run = asRun(result);
  if (!run.ok) throw failedRun(run, admin);
  const out = run.result;
  if (!Array.isArray(out) || !out.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) {
    throw new HttpError(422, admin ? 'A transform must return a list of rows (objects), e.g. `return rows.map(...)`.' : Messages.functionFailed);
  }
  return out as R[];
}
