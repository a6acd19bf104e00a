import type { Component, WidgetComponent, WidgetType } from '@rakit/core';
import type { ComponentType, ReactNode } from 'react';
import type { WidgetMode } from '../page-state/mode';

export type { WidgetMode };

/** Props of a widget's live face; C is the component with its own model's fields. */
export interface LiveProps<C = Component> {
  component: C;
  mode: WidgetMode;
  /** The nested components, already rendered by the host (cards only). */
  children?: ReactNode;
}

/** Props of a widget's configuration panel; `onChange` gets the whole updated component. */
export interface ConfigProps<C = Component> {
  component: C;
  onChange: (next: C) => void;
}

/** One widget type as the editor and the runtime know it: its faces get the fields of its own model. */
export interface WidgetDefinition<T extends WidgetType> {
  type: T;
  icon: ComponentType<{ size?: number }>;
  Live: ComponentType<LiveProps<WidgetComponent<T>>>;
  Config: ComponentType<ConfigProps<WidgetComponent<T>>>;
}

/** A widget definition as the registry hands it out, for a stored component of a type known only at run time. */
export interface StoredWidgetDefinition {
  type: WidgetType;
  /** The name the editor's palette and History panel show: core's model label (widgetLabel). */
  label: string;
  icon: ComponentType<{ size?: number }>;
  Live: ComponentType<LiveProps>;
  Config: ComponentType<ConfigProps>;
}

/** The props of type T's faces, with its model's fields. */
export type WidgetLiveProps<T extends WidgetType> = LiveProps<WidgetComponent<T>>;
export type WidgetConfigProps<T extends WidgetType> = ConfigProps<WidgetComponent<T>>;
