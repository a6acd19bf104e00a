import type { Component, ParamValue, RowValues } from '@rakit/core';
import { onlineManager, useQueryClient } from '@tanstack/react-query';
import { keepableFields } from '../offline/enter-again';
import { type QueuedStep, queueWrite } from '../offline/write-queue';
import { allFieldValues } from '../page-state/form-state';
import { newWriteKey } from './offline-chain';
import { usePageActionScope } from './use-action-runtime';

/** A widget's way to keep its writes on the device while offline. */
export interface KeepForLater {
  /** Asked at the click: the network may have gone since the widget was drawn. */
  offline: () => boolean;
  /** Queues the steps as one write of the widget's page, named by `label` in the list of entries waiting. */
  keep: (steps: QueuedStep[], label: string, options?: KeepOptions) => void;
}

export interface KeepOptions {
  /** The values bound to the write's database actions. */
  params?: Record<string, ParamValue>;
  /** The write's key, when the widget needs it before (a scan's history line). */
  key?: string;
  /** The write is a form's: its entry is kept with it, to go back into the form if it is refused. */
  fromForm?: boolean;
}

/** Offline (issue 38), a widget's writes wait on the device. Null where actions never run (the editor). */
export function useKeepForLater(component: Component): KeepForLater | null {
  const scope = usePageActionScope(component);
  const queryClient = useQueryClient();
  if (scope === null) return null;
  return {
    offline: () => !onlineManager.isOnline(),
    keep: (steps, label, { params = {}, key = newWriteKey(), fromForm = false } = {}) => queueWrite(queryClient, {
      key, appSlug: scope.appSlug, userId: scope.runtime().userId, pageId: scope.pageId, componentId: component.id,
      label, queuedAt: Date.now(), params, steps,
      ...(fromForm ? { form: { path: `${window.location.pathname}${window.location.search}`, fields: keepableFields(allFieldValues(scope.store.getState())) } } : {}),
    }),
  };
}

/**
 * The columns' values as the row was read, for a write based on them (a row changed meanwhile is
 * then refused, issue 38): only plain values (a date is its ISO text already).
 */
export function readValuesOf(row: RowValues, columns: readonly string[]): Record<string, string | number | boolean | null> {
  const read: Record<string, string | number | boolean | null> = {};
  for (const column of columns) {
    const value = row[column] ?? null;
    if (value === null || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') read[column] = value;
  }
  return read;
}
