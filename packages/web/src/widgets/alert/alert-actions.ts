import { ALERT_CONFIG_ACTION, type Component, type CustomAction } from '@rakit/core';
import { actionsOfComponent } from '../../actions/config-of';

/**
 * The alert's queries are QUERY actions of its custom_action, so the server runs them as it
 * runs any saved page's action (runAction): the one named 'config' decides whether the alert
 * shows; the others are its variables, each giving `{{name}}` in the text its first value.
 */

export const configActionOf = (component: Component): CustomAction | undefined =>
  actionsOfComponent(component).find((a) => a.name === ALERT_CONFIG_ACTION && a.action === 'QUERY');

export const variableActionsOf = (component: Component): CustomAction[] =>
  actionsOfComponent(component).filter((a) => a.name !== ALERT_CONFIG_ACTION && a.action === 'QUERY');

/** The alert with its configuration query set: config holds the text, custom_action the action. */
export function withConfigQuery(component: Component, stored: Record<string, unknown>): Component {
  const query = typeof stored.query === 'string' ? stored.query : '';
  const action: CustomAction = { name: ALERT_CONFIG_ACTION, action: 'QUERY', cause: '', show: false, stored };
  const rest = actionsOfComponent(component).filter((a) => a.name !== ALERT_CONFIG_ACTION);
  return { ...component, config: query, database_used: stored.database ?? '', custom_action: query.trim() === '' ? rest : [action, ...rest] };
}

/** The alert with its variables replaced, its configuration query kept. */
export function withVariables(component: Component, variables: readonly CustomAction[]): Component {
  const config = configActionOf(component);
  return { ...component, custom_action: [...(config === undefined ? [] : [config]), ...variables] };
}
