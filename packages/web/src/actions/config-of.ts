import { actionConfigOf, type Component, type CustomAction, type RequestConfig, RequestConfigSchema } from '@rakit/core';
import type { z } from 'zod';

/** An action's configuration read with its schema's defaults; one that does not fit reads as blank. */
export function configOf<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const parsed = schema.safeParse(value ?? {});
  return parsed.success ? parsed.data : schema.parse({});
}

/** A REQUEST action's configuration (kept in raw.configuration). */
export const requestConfigOf = (action: CustomAction): RequestConfig =>
  actionConfigOf({ ...action, action: 'REQUEST' }, 'REQUEST')?.configuration ?? RequestConfigSchema.parse({});

/** A component's configured actions (custom_action). */
export const actionsOfComponent = (component: Component): CustomAction[] =>
  Array.isArray(component.custom_action) ? (component.custom_action as CustomAction[]) : [];
