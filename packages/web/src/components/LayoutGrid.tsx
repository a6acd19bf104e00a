import { type Component, layoutWidth } from '@rakit/core';
import type { CSSProperties } from 'react';
import classes from './LayoutGrid.module.css';

export { classes as layoutGridClasses };

/** The class of a list laid out on the 12-column grid, and its gap between cells (a Mantine spacing). */
export const layoutGridProps = (gap: 'xs' | 'md') => ({
  className: classes.grid,
  style: { gap: `var(--mantine-spacing-${gap})` } satisfies CSSProperties,
});

/**
 * What one component's cell carries: its span (`width`, unless a resize shows another for the
 * moment) and its row break. The editor's rows and the runtime's components use the same cells.
 */
export function layoutCellProps(component: Pick<Component, 'width' | 'rowBreak'>, width = layoutWidth(component)) {
  return {
    className: classes.cell,
    style: { '--span': width } as CSSProperties,
    'data-width': width,
    'data-row-break': component.rowBreak === true || undefined,
  };
}
