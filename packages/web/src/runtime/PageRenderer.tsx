import { Stack } from '@mantine/core';
import type { Component } from '@rakit/core';
import { memo } from 'react';
import { widgetDefinition } from '../widgets/registry';
import type { WidgetMode } from '../widgets/types';

interface PageRendererProps {
  components: readonly Component[];
  mode: WidgetMode;
}

/** A page's components with their live faces; a card's children render inside it. */
export const PageRenderer = memo(function PageRenderer({ components, mode }: PageRendererProps) {
  return (
    <Stack gap="md">
      {components.map((component) => <RenderedComponent key={component.id} component={component} mode={mode} />)}
    </Stack>
  );
});

const RenderedComponent = memo(function RenderedComponent({ component, mode }: { component: Component; mode: WidgetMode }) {
  const { Live } = widgetDefinition(component.type);
  const children = component.children !== undefined && component.children.length > 0
    ? <PageRenderer components={component.children} mode={mode} />
    : undefined;
  return <Live component={component} mode={mode}>{children}</Live>;
});
