import { GRID_COLUMNS } from '../widgets/common';
import type { Component } from '../widgets/registry';

/**
 * The 12-column layout grid of a page and of every card (issue 16): each component spans
 * `width` columns, components flow left to right and wrap, and `rowBreak` starts a new row.
 */

/** A whole number of columns between 1 and 12. */
export const clampWidth = (width: number): number => Math.min(GRID_COLUMNS, Math.max(1, Math.round(width)));

/** The columns a component spans: its width, or the full row when it has none (an unsaved or foreign shape). */
export function layoutWidth(component: Pick<Component, 'width'>): number {
  const { width } = component;
  return typeof width === 'number' && Number.isInteger(width) && width >= 1 && width <= GRID_COLUMNS ? width : GRID_COLUMNS;
}

/** "6 / 12": what the editor shows while a width changes. */
export const widthLabel = (width: number): string => `${width} / ${GRID_COLUMNS}`;

/**
 * The width a resize handle dragged `deltaX` pixels from a component `startWidth` columns wide
 * gives, snapped to whole columns, on a grid `gridWidth` pixels wide with `gap` pixels between columns.
 */
export function widthAfterDrag(startWidth: number, deltaX: number, gridWidth: number, gap = 0): number {
  const step = (gridWidth + gap) / GRID_COLUMNS;
  if (!(step > 0)) return clampWidth(startWidth);
  return clampWidth(startWidth + deltaX / step);
}

/**
 * The rows a list of components lays out in, as the CSS grid places them (each row a list of
 * ids): a component goes on the current row when it fits there and does not break it.
 */
export function layoutRows(list: readonly Component[]): string[][] {
  const rows: string[][] = [];
  let used = GRID_COLUMNS;
  for (const component of list) {
    const width = layoutWidth(component);
    if (component.rowBreak === true || used + width > GRID_COLUMNS) {
      rows.push([]);
      used = 0;
    }
    rows[rows.length - 1]?.push(component.id);
    used += width;
  }
  return rows;
}
