import type { Component } from '@rakit/core';

/** The filter entry that matches a trigger loader's row on the trigger input's value. */
export const TRIGGER_FILTER_NAME = 'trigger';

/**
 * The column a trigger loader matches the trigger input's value against: kept as the loader's
 * one select filter, so the server binds the value as it binds any table filter; '' when the
 * loader only reloads.
 */
export function triggerColumnOf(component: Component): string {
  const filters = Array.isArray(component.filters) ? (component.filters as { field?: unknown; column?: unknown }[]) : [];
  const found = filters.find((f) => f.column === TRIGGER_FILTER_NAME);
  return typeof found?.field === 'string' ? found.field : '';
}

export const withTriggerColumn = (component: Component, column: string): Component => ({
  ...component,
  filters: column === '' ? [] : [{ field: column, type: 'select', column: TRIGGER_FILTER_NAME }],
});
