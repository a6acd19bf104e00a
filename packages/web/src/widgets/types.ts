import type { Component, WidgetType } from '@rakit/core';
import type { ComponentType, ReactNode } from 'react';

/**
 * 'design': inside the page editor — sample data, actions never run.
 * 'preview': the runtime viewer — live data, actions run, placeholders substituted.
 */
export type WidgetMode = 'design' | 'preview';

/** Props of a widget's live face. */
export interface LiveProps {
  component: Component;
  mode: WidgetMode;
  /** The nested components, already rendered by the host (cards only). */
  children?: ReactNode;
}

/** Props of a widget's configuration panel; `onChange` gets the whole updated component. */
export interface ConfigProps {
  component: Component;
  onChange: (next: Component) => void;
}

/** One widget type as the editor and the runtime know it. */
export interface WidgetDefinition {
  type: WidgetType;
  /** Name shown in the editor's palette. */
  label: string;
  icon: ComponentType<{ size?: number }>;
  Live: ComponentType<LiveProps>;
  Config: ComponentType<ConfigProps>;
  /** Cards hold other components. */
  container?: boolean;
}
