import { ALERT_CONFIG_ACTION, type CustomAction, type WidgetComponent } from '@rakit/core';
import { queryActionsOf } from '../shared/query-variables';

type Alert = WidgetComponent<'alert'>;

/**
 * The alert's queries are QUERY actions of its custom_action, so the server runs them as it
 * runs any saved page's action (runAction): the one named 'config' decides whether the alert
 * shows; the others are its query variables (shared/query-variables.ts).
 */

export const configActionOf = (component: Alert): CustomAction | undefined =>
  queryActionsOf(component.custom_action).find((a) => a.name === ALERT_CONFIG_ACTION);

export const variableActionsOf = (component: Alert): CustomAction[] =>
  queryActionsOf(component.custom_action).filter((a) => a.name !== ALERT_CONFIG_ACTION);

/** The alert with its configuration query set: config holds the text, custom_action the action. */
export function withConfigQuery(component: Alert, stored: Record<string, unknown>): Alert {
  // What the Custom Query dialog answers is not typed by it.
  const query = typeof stored.query === 'string' ? stored.query : '';
  const database = typeof stored.database === 'number' || typeof stored.database === 'string' ? stored.database : '';
  const action: CustomAction = { name: ALERT_CONFIG_ACTION, action: 'QUERY', cause: '', show: false, stored };
  const rest = component.custom_action.filter((a) => a.name !== ALERT_CONFIG_ACTION);
  return { ...component, config: query, database_used: database, custom_action: query.trim() === '' ? rest : [action, ...rest] };
}

/** The alert with its variables replaced, its configuration query kept. */
export function withVariables(component: Alert, variables: readonly CustomAction[]): Alert {
  const config = configActionOf(component);
  return { ...component, custom_action: [...(config === undefined ? [] : [config]), ...variables] };
}
