import { readsApiEndpoint, type WidgetComponent } from '@rakit/core';

type Loader = WidgetComponent<'loader'>;

/** The filter entry that matches a trigger loader's row on the trigger input's value. */
export const TRIGGER_FILTER_NAME = 'trigger';

/**
 * The column a trigger loader matches the trigger input's value against: kept as the loader's
 * one select filter, so the server binds the value as it binds any table filter; '' when the
 * loader only reloads, and for one reading an API endpoint (its rows are not filtered, issue 40).
 */
export const triggerColumnOf = (component: Loader): string =>
  (readsApiEndpoint(component) ? '' : component.filters?.find((f) => f.column === TRIGGER_FILTER_NAME)?.field ?? '');

export const withTriggerColumn = (component: Loader, column: string): Loader => ({
  ...component,
  filters: column === '' ? [] : [{ field: column, type: 'select', column: TRIGGER_FILTER_NAME }],
});
