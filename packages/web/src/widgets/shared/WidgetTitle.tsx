import { Title, type TitleProps } from '@mantine/core';

/**
 * A widget's title (table, chart, kanban, card): a heading one level under the page's title (its
 * h1), drawn at the size widgets always had, so a screen reader's outline has no gap (WCAG 1.3.1).
 */
export function WidgetTitle(props: Omit<TitleProps, 'order' | 'size'>) {
  return <Title order={2} size="h4" {...props} />;
}
