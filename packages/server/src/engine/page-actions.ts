import {
  actionDatabase,
  type Component, type CustomAction, type RawQuery, RawQuerySchema, type StoredQuery, StoredQuerySchema, type TriggerParam, TriggerParamSchema, walkComponents,
} from '@rakit/core';
import { z } from 'zod';

/** A database action of a saved page: a stored query (QUERY, DELETE…) or a query-builder one (CUSTOM). */
interface PageActionOf {
  componentId: string;
  actionName: string;
  action: CustomAction;
}

/** A database action of a page: the query builder's statement (CUSTOM) or a stored query. */
export type PageQueryAction =
  | PageActionOf & { raw: RawQuery & { database: number }; stored?: undefined }
  | PageActionOf & { stored: StoredQuery; raw?: undefined };

/** Every configured action of a page (buttons', tables', kanbans'… custom_action), with its component. */
export function* pageActions(components: readonly Component[]): Generator<{ componentId: string; action: CustomAction }> {
  for (const component of walkComponents(components)) {
    const actions = Array.isArray(component.custom_action) ? (component.custom_action as CustomAction[]) : [];
    for (const action of actions) yield { componentId: component.id, action };
  }
}

/** pageQueryActions of a components array (savedComponents keeps one per saved page version). */
const queryActionsOf = new WeakMap<readonly Component[], readonly PageQueryAction[]>();

/**
 * The database actions a saved page holds: what a member of a group reaching the page may
 * run, and nothing else. Actions whose configuration is incomplete are left out. Worked out
 * once per components array (its actions validated once, not on every run) and shared: frozen.
 */
export function pageQueryActions(components: readonly Component[]): readonly PageQueryAction[] {
  let found = queryActionsOf.get(components);
  if (found === undefined) {
    found = Object.freeze(findQueryActions(components));
    queryActionsOf.set(components, found);
  }
  return found;
}

function findQueryActions(components: readonly Component[]): PageQueryAction[] {
  const found: PageQueryAction[] = [];
  for (const { componentId, action } of pageActions(components)) {
    const stored = StoredQuerySchema.safeParse(action.stored);
    const raw = RawQuerySchema.safeParse(action.raw);
    const database = actionDatabase(action);
    const entry: PageActionOf = { componentId, actionName: action.name, action };
    if (action.action === 'CUSTOM' && raw.success && database !== null) found.push({ ...entry, raw: { ...raw.data, database } });
    else if (stored.success) found.push({ ...entry, stored: stored.data });
  }
  return found;
}

/** A TRIGGER action of a saved page that names a stored trigger (raw.id). */
export interface PageTriggerAction {
  componentId: string;
  actionName: string;
  triggerId: number;
  params: TriggerParam[];
}

const SavedTriggerSchema = z.looseObject({ id: z.coerce.number().int().positive(), params: z.array(TriggerParamSchema).max(100).catch([]) });

/** The TRIGGER actions a saved page holds, with the trigger they run: what reaching the page lets a member run. */
export function pageTriggerActions(components: readonly Component[]): PageTriggerAction[] {
  const found: PageTriggerAction[] = [];
  for (const { componentId, action } of pageActions(components)) {
    if (action.action !== 'TRIGGER') continue;
    const raw = SavedTriggerSchema.safeParse(action.raw);
    if (raw.success) found.push({ componentId, actionName: action.name, triggerId: raw.data.id, params: raw.data.params });
  }
  return found;
}
