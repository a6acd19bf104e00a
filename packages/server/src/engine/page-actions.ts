import { type Component, type CustomAction, type RawQuery, RawQuerySchema, type StoredQuery, StoredQuerySchema } from '@rakit/core';

/** A database action of a saved page: a stored query (QUERY, DELETE…) or a query-builder one (CUSTOM). */
export interface PageQueryAction {
  componentId: string;
  actionName: string;
  action: CustomAction;
  stored?: StoredQuery;
  raw?: RawQuery & { database: number };
}

/** Every component of a page, cards' children included. */
export function* walkComponents(components: readonly Component[]): Generator<Component> {
  for (const component of components) {
    yield component;
    if (component.children !== undefined) yield* walkComponents(component.children);
  }
}

/**
 * The database actions a saved page holds: what a member of a group reaching the page may
 * run, and nothing else. Actions whose configuration is incomplete are left out.
 */
export function pageQueryActions(components: readonly Component[]): PageQueryAction[] {
  const found: PageQueryAction[] = [];
  for (const component of walkComponents(components)) {
    const actions = Array.isArray(component.custom_action) ? (component.custom_action as CustomAction[]) : [];
    for (const action of actions) {
      const stored = StoredQuerySchema.safeParse(action.stored);
      const raw = RawQuerySchema.safeParse(action.raw);
      const database = Number((action.raw as { database?: unknown } | undefined)?.database ?? (action.stored as { database?: unknown } | undefined)?.database);
      const entry: PageQueryAction = { componentId: component.id, actionName: action.name, action };
      if (action.action === 'CUSTOM' && raw.success && Number.isInteger(database) && database > 0) found.push({ ...entry, raw: { ...raw.data, database } });
      else if (stored.success) found.push({ ...entry, stored: stored.data });
    }
  }
  return found;
}
