import {
  type Component, type CustomFunction, type FunctionParameter, FunctionParameterListSchema, type FunctionRun, Messages,
  NO_FUNCTION, parsePageComponents, typedFunctionValues, walkComponents,
} from '@rakit/core';
import type { FastifyInstance } from 'fastify';
import type { Principal } from '../auth/principal';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../http/errors';
import { reachablePageComponents } from '../pages/page-access';
import {
  deleteFunction, findFunction, findFunctionBySlug, functionStepsOfApp, insertFunction, listFunctionsOfApp,
  pagesOfAppWithComponents, updateFunction,
} from '../store/repositories/functions';
import type { FunctionsTable } from '../store/schema';
import type { SandboxResult } from './sandbox-pool';

type FunctionRow = { [K in keyof FunctionsTable]: K extends 'id' ? number : FunctionsTable[K] };

/** A stored parameter list that no longer parses (an old row) reads as no parameters. */
function parametersOf(row: FunctionRow): FunctionParameter[] {
  try {
    const parsed = FunctionParameterListSchema.safeParse(JSON.parse(row.parameter));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const toCustomFunction = (row: FunctionRow): CustomFunction => ({
  id: row.id, slug: row.slug, name: row.name, parameter: parametersOf(row), content: row.content, appId: row.appId,
});

export async function listFunctions(app: FastifyInstance, appId: number): Promise<CustomFunction[]> {
  return (await listFunctionsOfApp(app.store, appId)).map(toCustomFunction);
}

async function functionOf(app: FastifyInstance, idOrSlug: number | string): Promise<FunctionRow> {
  const row = typeof idOrSlug === 'number' ? await findFunction(app.store, idOrSlug) : await findFunctionBySlug(app.store, idOrSlug);
  if (row === undefined) throw notFound(Messages.functionNotFound);
  return row;
}

export async function getFunction(app: FastifyInstance, slug: string): Promise<CustomFunction> {
  return toCustomFunction(await functionOf(app, slug));
}

interface FunctionFields { name: string; parameter: FunctionParameter[]; content: string }

export async function saveFunction(app: FastifyInstance, appId: number, fields: FunctionFields): Promise<CustomFunction> {
  const values = { appId, name: fields.name, parameter: JSON.stringify(fields.parameter), content: fields.content };
  const { id, slug } = await app.store.transaction().execute((trx) => insertFunction(trx, values));
  return { id, slug, appId, name: fields.name, parameter: fields.parameter, content: fields.content };
}

export async function changeFunction(app: FastifyInstance, id: number, fields: FunctionFields): Promise<CustomFunction> {
  const row = await functionOf(app, id);
  const values = { name: fields.name, parameter: JSON.stringify(fields.parameter), content: fields.content };
  await app.store.transaction().execute((trx) => updateFunction(trx, id, values));
  return toCustomFunction({ ...row, ...values });
}

/** Where the function is used: widgets of the application's pages and its workflows' Function steps. */
export async function usesOfFunction(app: FastifyInstance, row: FunctionRow): Promise<string[]> {
  const places: string[] = [];
  for (const page of await pagesOfAppWithComponents(app.store, row.appId)) {
    const parsed = parsePageComponents(page.pageComponents);
    if (!parsed.ok) continue;
    for (const component of walkComponents(parsed.components)) {
      if (functionIdOf(component) === row.id) places.push(`page "${page.pageName}", ${component.type} "${component.title || component.id}"`);
    }
  }
  for (const step of await functionStepsOfApp(app.store, row.appId)) {
    const named = stepFunctionRef(step.actionParams);
    if (named === String(row.id) || named === row.slug) places.push(`workflow "${step.chainName}", step "${step.actionAlias}"`);
  }
  return places;
}

const functionIdOf = (component: Component): number => {
  const id = (component as { functionId?: unknown }).functionId;
  return typeof id === 'number' ? id : NO_FUNCTION;
};

/** The function a workflow step's params name (`functionId`: an id or a slug). */
function stepFunctionRef(actionParams: string): string | undefined {
  try {
    const params = JSON.parse(actionParams) as { functionId?: unknown };
    return params.functionId === undefined || params.functionId === null ? undefined : String(params.functionId).trim();
  } catch {
    return undefined;
  }
}

export async function removeFunction(app: FastifyInstance, slug: string): Promise<{ id: number; slug: string }> {
  const row = await functionOf(app, slug);
  const places = await usesOfFunction(app, row);
  if (places.length > 0) throw conflict(Messages.functionInUse.replace('{places}', places.join('; ')));
  await app.store.transaction().execute((trx) => deleteFunction(trx, row.id));
  return { id: row.id, slug: row.slug };
}

const asRun = (result: SandboxResult): FunctionRun => (result.ok
  ? { ok: true, result: result.value, ms: result.ms, memoryBytes: result.memoryBytes }
  : { ok: false, error: result.error, line: result.line, ms: result.ms, memoryBytes: result.memoryBytes });

function typedOrThrow(parameters: readonly FunctionParameter[], values: Record<string, unknown>) {
  const typed = typedFunctionValues(parameters, values);
  if (!typed.ok) throw badRequest(typed.error);
  return typed.values;
}

/** The Test panel: unsaved code with the author's values (and sample rows); failures are answers, not errors. */
export async function testFunction(
  app: FastifyInstance, appId: number,
  input: { parameter: FunctionParameter[]; content: string; params: Record<string, unknown>; rows?: Record<string, unknown>[] },
): Promise<FunctionRun> {
  const params = typedOrThrow(input.parameter, input.params);
  return asRun(await app.sandbox.run({
    appId, code: input.content, paramNames: input.parameter.map((p) => p.name), params, rows: input.rows,
  }));
}

/**
 * Runs a stored function of the application with named values: the seam the workflow
 * "Function" step calls (its params already resolved from templates). Answers the sandbox's
 * result; a function of another application is not found.
 */
export async function runFunctionForApp(
  app: FastifyInstance, appId: number, functionIdOrSlug: number | string, values: Record<string, unknown>,
): Promise<SandboxResult> {
  const ref = typeof functionIdOrSlug === 'string' && /^\d+$/.test(functionIdOrSlug) ? Number(functionIdOrSlug) : functionIdOrSlug;
  const row = await functionOf(app, ref);
  if (row.appId !== appId) throw notFound(Messages.functionNotFound);
  const parameters = parametersOf(row);
  return app.sandbox.run({ appId, code: row.content, paramNames: parameters.map((p) => p.name), params: typedOrThrow(parameters, values) });
}

/**
 * POST /function/runFunction/{slug}: administrators run any function of their application;
 * members only one that a widget of a page their groups reach uses. A failure is 422: the
 * author's error for administrators, a plain failure for members.
 */
export async function runStoredFunction(app: FastifyInstance, caller: Principal, slug: string, values: Record<string, unknown>): Promise<FunctionRun> {
  const row = await functionOf(app, slug);
  const admin = caller.isAppAdmin(row.appId);
  if (!admin) {
    const pages = await reachablePageComponents(app, caller, row.appId);
    const used = pages.some((components) => [...walkComponents(components)].some((c) => functionIdOf(c) === row.id));
    if (!used) throw forbidden(Messages.functionNotReachable);
  }
  const run = asRun(await runFunctionForApp(app, row.appId, row.id, values));
  if (!run.ok) throw failedRun(run, admin);
  return run;
}

function failedRun(run: FunctionRun, admin: boolean): HttpError {
  if (!admin) return new HttpError(422, Messages.functionFailed);
  const where = run.line === null || run.line === undefined ? '' : ` (line ${run.line})`;
  return new HttpError(422, `${run.error ?? Messages.functionFailed}${where}`);
}

/**
 * A data widget's transform (functionId on table, kanban and loader): the rows it loaded pass
 * through the function, with the page's values, before they reach the browser or an export.
 * The answer must be a list of rows, or nothing is shown: never a half-transformed table.
 */
export async function transformRows<R extends Record<string, unknown>>(
  app: FastifyInstance, caller: Principal, appId: number, functionId: number, rows: R[], values: Record<string, unknown> = {},
): Promise<R[]> {
  if (functionId === NO_FUNCTION || functionId <= 0) return rows;
  const row = await findFunction(app.store, functionId);
  const admin = caller.isAppAdmin(appId);
  if (row === undefined || row.appId !== appId) {
    throw new HttpError(422, admin ? Messages.functionNotFound : Messages.functionFailed);
  }
  const parameters = parametersOf(row);
  const known = new Set(parameters.map((p) => p.name));
  const typed = typedFunctionValues(parameters, Object.fromEntries(Object.entries(values).filter(([name]) => known.has(name))));
  if (!typed.ok) throw new HttpError(422, admin ? typed.error : Messages.functionFailed);
  const result = await app.sandbox.run({ appId, code: row.content, paramNames: parameters.map((p) => p.name), params: typed.values, rows });
  const run = asRun(result);
  if (!run.ok) throw failedRun(run, admin);
  const out = run.result;
  if (!Array.isArray(out) || !out.every((item) => item !== null && typeof item === 'object' && !Array.isArray(item))) {
    throw new HttpError(422, admin ? 'A transform must return a list of rows (objects), e.g. `return rows.map(...)`.' : Messages.functionFailed);
  }
  return out as R[];
}
