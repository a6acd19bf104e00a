import { sessionStorageKey } from '@rakit/core';

/**
 * Global variables of an application (spec 1 §3, spec 2 §3 "Global variable param"): values that
 * a GLOBAL action (or the request action's `$api`) keeps for later pages, read by text widgets and
 * queries through `{{name}}` placeholders.
 *
 * They live in localStorage under `rakit:<appSlug>:globals`, one JSON object name → {value, type},
 * beside the application's session, so signing out (clearAppStorage) removes them with it.
 * - 'permanent': stays until overwritten or until sign-out.
 * - 'once': removed once a page has read it — the page that opens after the action sees it, the
 *   next one does not. A page reads without removing (`readGlobalValues`) and removes the 'once'
 *   variables it saw after it has shown them (`consumeOnceVariables`), so a render that runs
 *   twice (React's StrictMode) still sees them.
 */

export const GLOBAL_VARIABLE_TYPES = ['permanent', 'once'] as const;
export type GlobalVariableType = (typeof GLOBAL_VARIABLE_TYPES)[number];

export interface GlobalVariable {
  name: string;
  value: unknown;
  type: GlobalVariableType;
}

type Stored = Record<string, { value: unknown; type: GlobalVariableType }>;

const storageKey = (appSlug: string): string => `${sessionStorageKey(appSlug)}:globals`;
const CHANGE_EVENT = 'rakit:globals-changed';

function readAll(appSlug: string): Stored {
  let parsed: unknown;
  try {
    parsed = JSON.parse(localStorage.getItem(storageKey(appSlug)) ?? '{}');
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return {};
  const entries = Object.entries(parsed as Record<string, unknown>).flatMap(([name, entry]) => {
    if (typeof entry !== 'object' || entry === null || !('value' in entry)) return [];
    const type = (entry as { type?: unknown }).type === 'once' ? 'once' : 'permanent';
    return [[name, { value: (entry as { value: unknown }).value, type }] as const];
  });
  return Object.fromEntries(entries);
}

function writeAll(appSlug: string, variables: Stored): void {
  if (Object.keys(variables).length === 0) localStorage.removeItem(storageKey(appSlug));
  else localStorage.setItem(storageKey(appSlug), JSON.stringify(variables));
  window.dispatchEvent(new CustomEvent(CHANGE_EVENT, { detail: appSlug }));
}

/** Every variable's value by name, without removing anything. */
export function readGlobalValues(appSlug: string): Record<string, unknown> {
  return Object.fromEntries(Object.entries(readAll(appSlug)).map(([name, entry]) => [name, entry.value]));
}

/** Every variable with its type. */
export function readGlobalVariables(appSlug: string): GlobalVariable[] {
  return Object.entries(readAll(appSlug)).map(([name, entry]) => ({ name, ...entry }));
}

/** Stores (or overwrites) variables, as a GLOBAL action does with its key/value/type list. */
export function setGlobalVariables(appSlug: string, variables: readonly GlobalVariable[]): void {
  if (variables.length === 0) return;
  const all = readAll(appSlug);
  for (const { name, value, type } of variables) all[name] = { value, type };
  writeAll(appSlug, all);
}

export const setGlobalVariable = (appSlug: string, name: string, value: unknown, type: GlobalVariableType = 'permanent'): void =>
  setGlobalVariables(appSlug, [{ name, value, type }]);

export function removeGlobalVariable(appSlug: string, name: string): void {
  const all = readAll(appSlug);
  if (!Object.hasOwn(all, name)) return;
  delete all[name];
  writeAll(appSlug, all);
}

/** Removes the 'once' variables among `names` (all of them when omitted): they have been read. */
export function consumeOnceVariables(appSlug: string, names?: readonly string[]): void {
  const all = readAll(appSlug);
  const doomed = Object.keys(all).filter((name) => all[name]?.type === 'once' && (names === undefined || names.includes(name)));
  if (doomed.length === 0) return;
  for (const name of doomed) delete all[name];
  writeAll(appSlug, all);
}

/** Reads every value and removes the 'once' variables: for a caller outside React (an action). */
export function takeGlobalValues(appSlug: string): Record<string, unknown> {
  const values = readGlobalValues(appSlug);
  consumeOnceVariables(appSlug, Object.keys(values));
  return values;
}

/** Calls `listener` whenever this tab changes the variables of `appSlug`; returns the unsubscribe. */
export function onGlobalVariablesChange(appSlug: string, listener: () => void): () => void {
  const handle = (event: Event) => {
    if ((event as CustomEvent<string>).detail === appSlug) listener();
  };
  window.addEventListener(CHANGE_EVENT, handle);
  return () => window.removeEventListener(CHANGE_EVENT, handle);
}
