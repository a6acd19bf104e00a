import { type AppVariable, MAX_VARIABLES_PER_APP, Messages, type SaveVariableBody, type ValueSource } from '@rakit/core';
import { type FixedValues, NO_VARIABLES, usesVariables } from '../engine/bind';
import type { AuditContext } from '../audit/context';
import { type AuditFact, withAudit } from '../audit/record';
import { badRequest, conflict, local, notFound } from '../errors/http-errors';
import type { SecretBox } from '../security/secret-box';
import { numericId, type OwnerLookups } from '../security/call-owners';
import type { Store } from '../store/db';
import {
  type AppVariableRow, countVariables, deleteVariable, findVariable, insertVariable, listVariableRows, updateVariable,
} from '../store/repositories/app-variables';
import { answeredAs, claimRevision } from '../store/revisions';
import { isUniqueViolation } from '../store/unique-violation';

/*
 * An environment's named variables (issue 39), for its administrators (the contracts say so).
 * A secret one is sealed at rest and never answered; the server opens it only to bind a value
 * (variableValuesOf), for a query or a trigger of the same application.
 */

export interface VariableServices {
  store: Store;
  secretBox: Pick<SecretBox, 'seal' | 'open'>;
}

export function toAppVariable(row: AppVariableRow): AppVariable {
  const secret = row.secret === 1;
  return { variableId: row.variableId, name: row.varName, secret, value: secret ? '' : row.varValue, hasValue: row.varValue !== '', revision: row.revision };
}

export const listVariables = async (services: VariableServices, appId: number): Promise<AppVariable[]> =>
  (await listVariableRows(services.store, appId)).map(toAppVariable);

async function storedVariable(services: VariableServices, variableId: number): Promise<AppVariableRow> {
  const row = await findVariable(services.store, variableId);
  if (row === undefined) throw notFound(Messages.variableNotFound);
  return row;
}

/**
 * Creates (variableId null) or edits a variable. Editing a secret one, an empty value keeps the
 * stored one (the screen never had it); one made plain from secret is written as typed. With
 * body.revision, an edit is written only while the variable is still at it (issue 33).
 */
export async function saveVariable(
  services: VariableServices, audit: AuditContext, body: SaveVariableBody,
): Promise<{ variableId: number; revision: number; created: boolean }> {
  const existing = body.variableId === null ? undefined : await storedVariable(services, body.variableId);
  // A variable is edited only through its own application (the access check read body.appId).
  if (existing !== undefined && existing.appId !== body.appId) throw notFound(Messages.variableNotFound);
  const rows = await listVariableRows(services.store, body.appId);
  if (rows.some((row) => row.varName === body.name && row.variableId !== existing?.variableId)) throw conflict(local('variableNameTaken', { name: body.name }));
  const keepsSecret = body.secret && body.value === '' && existing?.secret === 1;
  const varValue = keepsSecret ? existing.varValue : storedValue(services, body.secret, body.value);
  const values = { appId: body.appId, varName: body.name, secret: body.secret ? 1 : 0, varValue };
  // The value is not in the entry: a secret's would be, and a plain one is the environment's to read on the screen.
  const fact = (saved: { variableId: number }): AuditFact => ({ appId: body.appId, entityType: 'variable', entityId: saved.variableId, summary: { key: 'audit.variableSaved', values: { name: body.name } } });
  return withAudit(services.store, audit, fact, async (trx) => {
    if (existing === undefined) {
      if ((await countVariables(trx, body.appId)) >= MAX_VARIABLES_PER_APP) throw badRequest(local('variablesTooMany', { max: String(MAX_VARIABLES_PER_APP) }));
      try {
        return { variableId: await insertVariable(trx, values), revision: 1, created: true };
      } catch (error) {
        // Two first saves of one name at once: the second is told, as if it had come after.
        if (isUniqueViolation(error)) throw conflict(local('variableNameTaken', { name: body.name }));
        throw error;
      }
    }
    const { variableId } = existing;
    const revision = await claimRevision(trx, 'appVariables', variableId, body.revision, answeredAs((store) => findVariable(store, variableId), toAppVariable));
    await updateVariable(trx, variableId, values);
    return { variableId, revision, created: false };
  });
}

/** A variable's value as the store keeps it: sealed when secret (an empty one stays empty), as typed otherwise. */
export const storedValue = (services: VariableServices, secret: boolean, value: string): string =>
  (secret && value !== '' ? services.secretBox.seal(value) : value);

export async function removeVariable(services: VariableServices, audit: AuditContext, variableId: number): Promise<{ variableId: number }> {
  const row = await storedVariable(services, variableId);
  const fact: AuditFact = { appId: row.appId, entityType: 'variable', entityId: row.variableId, summary: { key: 'audit.variableDeleted', values: { name: row.varName } } };
  await withAudit(services.store, audit, fact, (trx) => deleteVariable(trx, row.variableId));
  return { variableId: row.variableId };
}

/**
 * The application's variables by name, secret ones opened: for the server's binding of a value
 * only, never for an answer. One the server can no longer open (its key changed) binds ''.
 */
export async function variableValuesOf(services: VariableServices, appId: number): Promise<ReadonlyMap<string, string>> {
  return new Map(Object.entries((await environmentOf(services, appId)).values));
}

/** What the server fills itself for a caller's mappings (engine/bind.ts): his id, and the application's variables when a mapping names one. */
export async function fixedValuesFor(services: VariableServices, userId: string, appId: number, mappings: readonly ValueSource[]): Promise<FixedValues> {
  return { userId, variables: usesVariables(mappings) ? await variableValuesOf(services, appId) : NO_VARIABLES };
}

/** What a masked secret reads as in a workflow run's records. */
export const MASKED_SECRET = '••••••';

/**
 * The variables as a workflow step's `{{$env.NAME}}` reads them (issue 39), and as its run's
 * records keep the step's input: a secret one masked there, so a run's history never shows it.
 * Objects without a prototype: the template resolver walks own data only.
 */
export async function environmentOf(services: VariableServices, appId: number): Promise<{ values: Record<string, string>; recorded: Record<string, string>; hasSecrets: boolean }> {
  const rows = await listVariableRows(services.store, appId);
  const values: Record<string, string> = Object.create(null) as Record<string, string>;
  const recorded: Record<string, string> = Object.create(null) as Record<string, string>;
  for (const row of rows) {
    const secret = row.secret === 1;
    values[row.varName] = secret ? openOrEmpty(services, row.varValue) : row.varValue;
    recorded[row.varName] = secret ? MASKED_SECRET : row.varValue;
  }
  return { values, recorded, hasSecrets: rows.some((row) => row.secret === 1) };
}

function openOrEmpty(services: VariableServices, sealed: string): string {
  if (sealed === '') return '';
  try {
    return services.secretBox.open(sealed);
  } catch {
    return '';
  }
}

/** How the entities of this area lead to their application (the access check's lookups, http/call-access.ts). */
export const variableOwners: OwnerLookups = {
  variable: { find: async (services, id) => (await findVariable(services.store, numericId(id)))?.appId, missing: Messages.variableNotFound },
};
