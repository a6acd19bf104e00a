import {
  type CustomFunction, type FunctionParameter, type FunctionRun, type FunctionWidgetUse, Messages, parsePageComponents, walkComponents,
} from '@rakit/core';
import type { Principal } from '../auth/principal';
import { conflict, forbidden, notFound } from '../errors/http-errors';
import type { AuditContext } from '../audit/context';
import { withAudit } from '../audit/record';
import { reachablePageComponents } from '../pages/page-access';
import { answeredAs, claimRevision } from '../store/revisions';
import {
  deleteFunction, findFunction, findFunctionBySlug, functionStepsOfApp, insertFunction, listFunctionsOfApp,
  pagesOfAppWithComponents, updateFunction,
} from '../store/repositories/functions';
import type { SandboxResult } from './sandbox-pool';
import { asRun, failedRun, functionIdOf, type FunctionRow, parametersOf, typedOrThrow } from './run';
import type { Services } from '../services';
import { type OwnerLookups } from '../security/call-owners';

export const toCustomFunction = (row: FunctionRow): CustomFunction => ({
  id: row.id, slug: row.slug, name: row.name, parameter: parametersOf(row), content: row.content, appId: row.appId, revision: row.revision,
});

export async function listFunctions(services: Services, appId: number): Promise<CustomFunction[]> {
  return (await listFunctionsOfApp(services.store, appId)).map(toCustomFunction);
}

async function functionOf(services: Services, idOrSlug: number | string): Promise<FunctionRow> {
  const row = typeof idOrSlug === 'number' ? await findFunction(services.store, idOrSlug) : await findFunctionBySlug(services.store, idOrSlug);
  if (row === undefined) throw notFound(Messages.functionNotFound);
  return row;
}

export async function getFunction(services: Services, slug: string): Promise<CustomFunction> {
  const row = await functionOf(services, slug);
  return { ...toCustomFunction(row), usedBy: await widgetsUsing(services, row) };
}

/** The data widgets of the application's pages whose rows pass through the function. */
async function widgetsUsing(services: Services, row: FunctionRow): Promise<FunctionWidgetUse[]> {
  const uses: FunctionWidgetUse[] = [];
  for (const page of await pagesOfAppWithComponents(services.store, row.appId)) {
    const parsed = parsePageComponents(page.pageComponents);
    if (!parsed.ok) continue;
    for (const component of walkComponents(parsed.components)) {
      if (functionIdOf(component) === row.id) {
        uses.push({ pageId: page.pageId, pageName: page.pageName, componentId: component.id, title: component.title || component.id, type: component.type });
      }
    }
  }
  return uses;
}

interface FunctionFields { name: string; parameter: FunctionParameter[]; content: string }

export async function saveFunction(services: Services, audit: AuditContext, appId: number, fields: FunctionFields): Promise<CustomFunction> {
  const values = { appId, name: fields.name, parameter: JSON.stringify(fields.parameter), content: fields.content };
  const { id, slug } = await withAudit(services.store, audit, (made: { id: number }) => ({ appId, entityType: 'function', entityId: made.id, summary: { key: 'audit.functionAdded', values: { function: fields.name } } }),
    (trx) => insertFunction(trx, values));
  return { id, slug, appId, name: fields.name, parameter: fields.parameter, content: fields.content, revision: 1 };
}

/** Changes a function; with `base`, only while it is still at that revision (issue 33). */
export async function changeFunction(services: Services, audit: AuditContext, id: number, fields: FunctionFields, base?: number): Promise<CustomFunction> {
  const row = await functionOf(services, id);
  const values = { name: fields.name, parameter: JSON.stringify(fields.parameter), content: fields.content };
  const revision = await withAudit(services.store, audit, { appId: row.appId, entityType: 'function', entityId: id, summary: { key: 'audit.functionChanged', values: { function: fields.name } } }, async (trx) => {
    const claimed = await claimRevision(trx, 'functions', id, base, answeredAs((store) => findFunction(store, id), toCustomFunction));
    await updateFunction(trx, id, values);
    return claimed;
  });
  return toCustomFunction({ ...row, ...values, revision });
}

/** Where the function is used: widgets of the application's pages and its workflows' Function steps. */
export async function usesOfFunction(services: Services, row: FunctionRow): Promise<string[]> {
  const places = (await widgetsUsing(services, row)).map((use) => `page "${use.pageName}", ${use.type} "${use.title}"`);
  for (const step of await functionStepsOfApp(services.store, row.appId)) {
    const named = stepFunctionRef(step.actionParams);
    if (named === String(row.id) || named === row.slug) places.push(`workflow "${step.chainName}", step "${step.actionAlias}"`);
  }
  return places;
}

/** The function a workflow step's params name (`functionId`: an id or a slug). */
function stepFunctionRef(actionParams: string): string | undefined {
  try {
    const params = JSON.parse(actionParams) as { functionId?: unknown };
    return params.functionId === undefined || params.functionId === null ? undefined : String(params.functionId).trim();
  } catch {
    return undefined;
  }
}

export async function removeFunction(services: Services, audit: AuditContext, slug: string): Promise<{ id: number; slug: string }> {
  const row = await functionOf(services, slug);
  const places = await usesOfFunction(services, row);
  if (places.length > 0) throw conflict(Messages.functionInUse.replace('{places}', places.join('; ')));
  await withAudit(services.store, audit, { appId: row.appId, entityType: 'function', entityId: row.id, summary: { key: 'audit.functionDeleted', values: { function: row.name } } }, (trx) => deleteFunction(trx, row.id));
  return { id: row.id, slug: row.slug };
}

/**
 * Runs a stored function of the application with named values: the seam the workflow
 * "Function" step calls (its params already resolved from templates). Answers the sandbox's
 * result; a function of another application is not found.
 */
export async function runFunctionForApp(
  services: Services, appId: number, functionIdOrSlug: number | string, values: Record<string, unknown>,
): Promise<SandboxResult> {
  const ref = typeof functionIdOrSlug === 'string' && /^\d+$/.test(functionIdOrSlug) ? Number(functionIdOrSlug) : functionIdOrSlug;
  const row = await functionOf(services, ref);
  if (row.appId !== appId) throw notFound(Messages.functionNotFound);
  const parameters = parametersOf(row);
  return services.sandbox.run({ appId, code: row.content, paramNames: parameters.map((p) => p.name), params: typedOrThrow(parameters, values) });
}

/**
 * POST /function/runFunction/{slug}: administrators run any function of their application;
 * members only one that a widget of a page their groups reach uses. A failure is 422: the
 * author's error for administrators, a plain failure for members.
 */
export async function runStoredFunction(services: Services, caller: Principal, slug: string, values: Record<string, unknown>): Promise<FunctionRun> {
  const row = await functionOf(services, slug);
  const admin = caller.isAppAdmin(row.appId);
  if (!admin) {
    const pages = await reachablePageComponents(services, caller, row.appId);
    const used = pages.some((components) => [...walkComponents(components)].some((c) => functionIdOf(c) === row.id));
    if (!used) throw forbidden(Messages.functionNotReachable);
  }
  const run = asRun(await runFunctionForApp(services, row.appId, row.id, values));
  if (!run.ok) throw failedRun(run, admin);
  return run;
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const functionOwners: OwnerLookups = {
  // By id (a number, as in updateFunction's body) or by slug (the paths'), never both readings of one value.
  function: {
    find: async (services, id) => (typeof id === 'number' ? await findFunction(services.store, id) : await findFunctionBySlug(services.store, id))?.appId,
    missing: Messages.functionNotFound,
  },
};
