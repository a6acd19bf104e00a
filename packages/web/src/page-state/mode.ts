/**
 * 'design': inside the page editor — sample data, actions never run.
 * 'preview': the runtime viewer — live data, actions run, placeholders substituted.
 */
export type WidgetMode = 'design' | 'preview';
