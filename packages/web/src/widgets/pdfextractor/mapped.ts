import type { WidgetComponent } from '@rakit/core';

/** The template's field names the widget maps (its templateField entries' names). */
export const mappedFields = (component: WidgetComponent<'pdfextractor'>): string[] =>
  component.templateField.map((field) => (typeof field.name === 'string' ? field.name : '')).filter((name) => name !== '');

/** The widget's template id, or null when none is chosen. */
export function templateIdOf(component: WidgetComponent<'pdfextractor'>): number | null {
  const id = Number(component.templateId);
  return Number.isInteger(id) && id > 0 ? id : null;
}
