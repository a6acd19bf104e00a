import { ADDONS } from '@rakit/core';
import { describe, expect, it } from 'vitest';
import { compare, conditionExecutor } from '../src/workflows/addons/condition';
import { StepFailure, type StepContext } from '../src/workflows/addons/executor';
import { executorFor } from '../src/workflows/addons';
import { variableExecutor } from '../src/workflows/addons/variable';

/** The pure add-ons (issue 12): Condition and Set Variable, with their registry entries. */
const context = { appId: 1, runId: 1, actionId: 1, idempotencyKey: 'k', signal: new AbortController().signal } as unknown as StepContext;

describe('compare', () => {
  it('compares as numbers when both sides parse, as text otherwise', () => {
    expect(compare('10', '>', '9')).toBe(true);
    expect(compare('10', '<', 9.5)).toBe(false);
    expect(compare(' 2 ', '=', 2)).toBe(true);
    expect(compare('2.0', '!=', '2')).toBe(false);
    expect(compare('10', '>', 'nine')).toBe(false);
    expect(compare('b', '>', 'a')).toBe(true);
    expect(compare('Ana', '=', 'Ana')).toBe(true);
    expect(compare('', '=', 0)).toBe(false);
  });
  it('contains looks into text and lists; empty holds for nothing, blanks and empty lists or objects', () => {
    expect(compare('hello world', 'contains', 'lo w')).toBe(true);
    expect(compare(['a', 2], 'contains', '2')).toBe(true);
    expect(compare(['a'], 'contains', 'b')).toBe(false);
    for (const value of [undefined, null, '', '  ', [], {}]) expect(compare(value, 'empty', undefined)).toBe(true);
    for (const value of [0, false, 'x', [0], { a: 1 }]) expect(compare(value, 'empty', undefined)).toBe(false);
  });
});

describe('the condition executor', () => {
  it('answers the result, both sides and the branch taken', async () => {
    expect(await conditionExecutor.run(context, { left: 150, operator: '>', right: '100' })).toEqual({ output: { result: true, left: 150, right: '100' }, branch: 'true' });
    expect(await conditionExecutor.run(context, { left: undefined, operator: 'empty' })).toEqual({ output: { result: true, left: null, right: null }, branch: 'true' });
    expect(await conditionExecutor.run(context, { left: 'a', operator: '=', right: 'b' })).toMatchObject({ branch: 'false' });
  });
  it('fails without retrying on an unknown operator', async () => {
    const refused = conditionExecutor.run(context, { left: 1, operator: '<=', right: 2 });
    await expect(refused).rejects.toThrow('The operator must be one of <, >, =, !=, contains, empty');
    await expect(refused).rejects.toMatchObject({ retryable: false, text: [{ key: 'workflow.failure.operator' }] });
  });
});

describe('the variable executor', () => {
  it('answers its resolved object as the output', async () => {
    expect(await variableExecutor.run(context, { values: { a: 1, b: 'x' } })).toEqual({ output: { a: 1, b: 'x' } });
  });
  it('refuses a value that is not an object', async () => {
    for (const values of ['{"a":1}', [1], null, undefined]) {
      await expect(variableExecutor.run(context, { values })).rejects.toBeInstanceOf(StepFailure);
    }
  });
});

describe('the executor registry', () => {
  it('has every available add-on, and nothing for Function or a name it does not know', () => {
    expect(executorFor('condition')).toBe(conditionExecutor);
    expect(executorFor('variable')).toBe(variableExecutor);
    for (const addon of ADDONS) expect([addon.name, executorFor(addon.name) !== undefined]).toEqual([addon.name, addon.available]);
    expect(executorFor('nope')).toBeUndefined();
  });
});
