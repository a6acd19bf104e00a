import { type Component, type CustomAction, type PlaceholderValues, substitutePlaceholders, toParamValues, actionCalls } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import { useContext } from 'react';
import { usePageActionScope } from '../../actions/use-action-runtime';
import { CurrentAppContext } from '../../current-app/app-context';
import { allFieldValues } from '../../page-state/form-state';

/*
 * Query variables of a widget's text (the alert's, the text block's): QUERY actions of its
 * custom_action, each giving `{{its name}}` the first value of the first row it answers. The
 * server runs them as any saved page's action (runAction): the browser names the action and
 * sends the page's values, never SQL.
 */

/** The QUERY actions of a component's actions. */
export const queryActionsOf = (actions: readonly CustomAction[]): CustomAction[] => actions.filter((a) => a.action === 'QUERY');

/** The first value of the first row a query action answers, or undefined. */
export const firstValue = (rows: readonly unknown[]): unknown => {
  const row = rows[0];
  return typeof row === 'object' && row !== null ? Object.values(row)[0] : undefined;
};

/** Runs one of the component's saved actions with the page's current values: its rows, or throws. */
export type ActionRunner = (action: CustomAction) => Promise<unknown[]>;

/**
 * How the component's saved actions run on the page it is on, with the key its loads are cached
 * under; null where there is no saved page to run them from (the editor's board).
 */
export function usePageActionRunner(component: Component): { run: ActionRunner; key: readonly unknown[] } | null {
  const current = useContext(CurrentAppContext);
  const scope = usePageActionScope(component);
  if (scope === null || current === null) return null;
  const run: ActionRunner = async (action) => {
    const params = toParamValues(allFieldValues(scope.store.getState()));
    const answer = await current.api.call(actionCalls.runAction, { body: { pageId: scope.pageId, componentId: component.id, actionName: action.name, params } });
    if (!answer.status) throw new Error(answer.error?.join(', ') ?? `HTTP ${answer.httpStatus}`);
    return answer.data ?? [];
  };
  return { run, key: [current.app.appSlug, scope.pageId, component.id] };
}

export interface QueryVariables {
  /** Still loading: the text is not filled yet. */
  pending: boolean;
  /** A query failed (its reason is on the console); the values it would have given are missing. */
  failed: boolean;
  values: Readonly<Record<string, unknown>>;
}

const NONE: Readonly<Record<string, unknown>> = {};

/** The variables' first values, loaded once when `enabled` (on a page, not in the editor's design). */
export function useQueryVariables(component: Component, variables: readonly CustomAction[], enabled: boolean): QueryVariables {
  const runner = usePageActionRunner(component);
  const runs = enabled && runner !== null && variables.length > 0;
  const loaded = useQuery({
    queryKey: ['query-variables', ...(runner?.key ?? []), variables],
    enabled: runs,
    refetchOnWindowFocus: false,
    queryFn: async (): Promise<{ failed: boolean; values: Record<string, unknown> }> => {
      if (runner === null) return { failed: false, values: {} };
      try {
        const values = await Promise.all(variables.map(async (a) => [a.name, firstValue(await runner.run(a))] as const));
        return { failed: false, values: Object.fromEntries(values) };
      } catch (error) {
        console.error(`The variables of ${component.id} could not be loaded`, error);
        return { failed: true, values: {} };
      }
    },
  });
  // Where nothing runs (the editor's preview), each variable shows as written.
  if (runner === null) return { pending: false, failed: false, values: Object.fromEntries(variables.map((a) => [a.name, `{{${a.name}}}`])) };
  return { pending: runs && loaded.isPending, failed: loaded.data?.failed === true, values: loaded.data?.values ?? NONE };
}

/**
 * A text as a page shows it: `--userId--` and the global variables filled in, and the widget's
 * query variables, which win over a global variable of the same name (they are the widget's own).
 */
export const fillText = (text: string, placeholders: PlaceholderValues, variables: Readonly<Record<string, unknown>>): string =>
  substitutePlaceholders(text, { ...placeholders, globals: { ...placeholders.globals, ...variables } });
