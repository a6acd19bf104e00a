import {
  type Component, type FunctionParameter, FunctionParameterListSchema, type FunctionRun, Messages, NO_FUNCTION,
  typedFunctionValues,
} from '@rakit/core';
import { badRequest, HttpError, local } from '../errors/http-errors';
import type { FunctionsTable } from '../store/schema';
import type { SandboxResult } from './sandbox-pool';

/** What a run of a stored function shares, whoever runs it: the Functions screen, a widget, a workflow step. */

export type FunctionRow = { [K in keyof FunctionsTable]: K extends 'id' | 'revision' ? number : FunctionsTable[K] };

/** A stored parameter list that no longer parses (an old row) reads as no parameters. */
export function parametersOf(row: FunctionRow): FunctionParameter[] {
  try {
    const parsed = FunctionParameterListSchema.safeParse(JSON.parse(row.parameter));
    return parsed.success ? parsed.data : [];
  } catch {
    return [];
  }
}

export const asRun = (result: SandboxResult): FunctionRun => (result.ok
  ? { ok: true, result: result.value, ms: result.ms, memoryBytes: result.memoryBytes }
  : { ok: false, error: result.error, line: result.line, ms: result.ms, memoryBytes: result.memoryBytes });

export function typedOrThrow(parameters: readonly FunctionParameter[], values: Record<string, unknown>) {
  const typed = typedFunctionValues(parameters, values);
  if (!typed.ok) throw badRequest(typed.error);
  return typed.values;
}

export function failedRun(run: FunctionRun, admin: boolean): HttpError {
  if (!admin) return new HttpError(422, Messages.functionFailed);
  const error = run.error ?? Messages.functionFailed;
  return new HttpError(422, run.line === null || run.line === undefined ? error : local('functionErrorAtLine', { error, line: String(run.line) }));
}

export const functionIdOf = (component: Component): number => {
  const id = component.functionId;
  return typeof id === 'number' ? id : NO_FUNCTION;
};
