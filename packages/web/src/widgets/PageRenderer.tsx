import type { Component } from '@rakit/core';
import { memo } from 'react';
import { layoutCellProps, layoutGridProps } from '../components/LayoutGrid';
import { useNearViewport } from '../components/use-near-viewport';
import { widgetDefinition } from './registry';
import { useShownComponent } from './shown-component';
import type { WidgetMode } from './types';

interface PageRendererProps {
  components: readonly Component[];
  mode: WidgetMode;
}

const GRID = layoutGridProps('md');

/**
 * A page's components with their live faces on the 12-column grid (one column on phones); a
 * card's children render inside it on a grid of their own.
 */
export const PageRenderer = memo(function PageRenderer({ components, mode }: PageRendererProps) {
  return (
    <div {...GRID} data-layout-grid>
      {components.map((component) => <RenderedComponent key={component.id} component={component} mode={mode} />)}
    </div>
  );
});

/** Widgets that work without being seen: rendered at once wherever they stand. */
const ALWAYS_RENDERED = new Set<string>(['loader']);

/**
 * One component, rendered when it comes near the screen: a page of hundreds of components
 * shows its first screen without waiting for the rest. Values live in the page's form state,
 * so a field not yet rendered still has its value and its required check.
 */
const RenderedComponent = memo(function RenderedComponent({ component, mode }: { component: Component; mode: WidgetMode }) {
  const [nearRef, near] = useNearViewport();
  const shown = useShownComponent(component);
  const cell = layoutCellProps(component);
  if (!near && !ALWAYS_RENDERED.has(component.type)) {
    return <div ref={nearRef} {...cell} style={{ ...cell.style, minHeight: 56 }} data-runtime-component data-component-id={component.id} data-pending-face />;
  }
  const { Live } = widgetDefinition(component.type);
  const children = component.children !== undefined && component.children.length > 0
    ? <PageRenderer components={component.children} mode={mode} />
    : undefined;
  return <div {...cell} data-runtime-component data-component-id={component.id}><Live component={shown} mode={mode}>{children}</Live></div>;
});

