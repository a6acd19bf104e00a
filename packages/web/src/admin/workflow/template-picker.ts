import {
  templatePaths, type TemplatePathSegment, templateReferenceText, type WorkflowRunDetail,
} from '@rakit/core';
import type { FlowCard } from './flow-drawing';

/**
 * 'Insert From Template' (spec 1 §4, issue 12): the references a parameter can take to the
 * output of a step that runs before it, `{{$N.field[0]}}`. The fields a step is known to return
 * come from its output in the latest run when there is one, else from what its add-on is known
 * to answer.
 */

export interface TemplateChoice {
  /** What the picker lists: the path after `$N`, or WHOLE_OUTPUT (the picker names it in the reader's language). */
  label: string;
  /** The reference inserted, braces included. */
  text: string;
}

/** The label of the reference to a step's whole output: its path is empty. */
export const WHOLE_OUTPUT = '';

/** A path as the reference writes it after `$N`: `.rows[0].name`. */
export function pathLabel(path: readonly TemplatePathSegment[]): string {
  return path.map((segment) => (typeof segment === 'number' ? `[${segment}]` : `.${segment}`)).join('');
}

/**
 * A sample of what a step of this add-on answers, when no run has shown it yet: a Set Variable
 * step answers the object its `values` build, so its keys are known; a query answers its rows'
 * columns, each a list of the rows' values (`{{$1.name[0]}}`), which only a run tells.
 */
export function knownOutputSample(card: Pick<FlowCard, 'addonName' | 'params'>): unknown {
  if (card.addonName !== 'variable') return undefined;
  try {
    const parsed: unknown = JSON.parse(card.params.values ?? '');
    return typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

/** The latest output of each action in a run, by action id (steps that produced one). */
export function outputsOfRun(run: Pick<WorkflowRunDetail, 'steps'> | null): Map<number, unknown> {
  const outputs = new Map<number, unknown>();
  for (const step of run?.steps ?? []) {
    if (step.status === 'succeeded' && step.output !== undefined && step.output !== null) outputs.set(step.actionId, step.output);
  }
  return outputs;
}

/** How long a step may take and how many attempts it gets, by action id, as the latest run recorded them. */
export function stepLimitsOfRun(run: Pick<WorkflowRunDetail, 'steps'> | null): Map<number, { timeoutMs: number; maxAttempts: number }> {
  return new Map((run?.steps ?? []).map((step) => [step.actionId, { timeoutMs: step.timeoutMs, maxAttempts: step.maxAttempts }]));
}

/**
 * The references to step `step`'s output the picker offers: one per path into its known
 * output (a list stands for all its elements by its first), the whole output first.
 */
export function templateChoices(step: number, known: unknown): TemplateChoice[] {
  const paths = known === undefined ? [[]] : templatePaths(known, 100);
  return paths.map((path) => ({ label: path.length === 0 ? WHOLE_OUTPUT : pathLabel(path), text: templateReferenceText(step, path) }));
}

/**
 * A reference the author writes himself: a field name and an optional index after `$N`
 * (`name`, 0 → `{{$N.name[0]}}`); null when the field is not one a reference can name.
 */
export function customReference(step: number, field: string, index: number | null): string | null {
  const path: TemplatePathSegment[] = field.trim() === '' ? [] : [field.trim()];
  if (index !== null) path.push(index);
  try {
    return templateReferenceText(step, path);
  } catch {
    return null;
  }
}

/** The text with `inserted` put in place of the selection [start, end); the caret goes after it. */
export function insertIntoText(text: string, inserted: string, start: number | null, end: number | null): { text: string; caret: number } {
  const from = Math.min(Math.max(start ?? text.length, 0), text.length);
  const to = Math.min(Math.max(end ?? from, from), text.length);
  return { text: text.slice(0, from) + inserted + text.slice(to), caret: from + inserted.length };
}
