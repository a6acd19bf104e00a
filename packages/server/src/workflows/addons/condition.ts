import { type ConditionBranch, WORKFLOW_CONDITION_OPERATORS } from '@rakit/core';
import { type AddonExecutor, StepFailure } from './executor';

/**
 * The Condition add-on (issue 12): compares its resolved left and right values with an operator
 * and takes the edge of its answer. Pure: no I/O, nothing of the server reached.
 */

type Operator = (typeof WORKFLOW_CONDITION_OPERATORS)[number];

/** The number a value stands for, when it is one or a text that is one; null otherwise. */
function numberOf(value: unknown): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'string' || value.trim() === '') return null;
  const parsed = Number(value.trim());
  return Number.isFinite(parsed) ? parsed : null;
}

/** A value as text for comparing: strings as they are, the rest as JSON. */
function textOf(value: unknown): string {
  if (value === undefined || value === null) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value) ?? '';
}

function isEmpty(value: unknown): boolean {
  if (value === undefined || value === null) return true;
  if (typeof value === 'string') return value.trim() === '';
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === 'object') return Object.keys(value).length === 0;
  return false;
}

/** Whether `left operator right` holds: numbers compare as numbers when both parse, otherwise as text. */
export function compare(left: unknown, operator: Operator, right: unknown): boolean {
  if (operator === 'empty') return isEmpty(left);
  if (operator === 'contains') {
    if (Array.isArray(left)) return left.some((item) => textOf(item) === textOf(right));
    return textOf(left).includes(textOf(right));
  }
  const [a, b] = [numberOf(left), numberOf(right)];
  const numeric = a !== null && b !== null;
  const order = numeric ? Math.sign(a - b) : textOf(left).localeCompare(textOf(right), 'en');
  const same = numeric ? a === b : textOf(left) === textOf(right);
  switch (operator) {
    case '<': return order < 0;
    case '>': return order > 0;
    case '=': return same;
    case '!=': return !same;
  }
}

const isOperator = (value: unknown): value is Operator => typeof value === 'string' && (WORKFLOW_CONDITION_OPERATORS as readonly string[]).includes(value);

export const conditionExecutor: AddonExecutor = {
  defaults: { timeoutMs: 1000, retries: 0 },
  async run(_context, params) {
    const { left, operator, right } = params;
    if (!isOperator(operator)) throw new StepFailure({ key: 'workflow.failure.operator', values: { operators: WORKFLOW_CONDITION_OPERATORS.join(', ') } }, false);
    const result = compare(left, operator, right);
    const branch: ConditionBranch = result ? 'true' : 'false';
    return { output: { result, left: left ?? null, right: right ?? null }, branch };
  },
};
