import { describe, expect, it } from 'vitest';
import { FunctionParameterListSchema, typedFunctionValues } from './functions';

describe('a function\'s typed parameters', () => {
  const parameters = [{ name: 'count', type: 'int' }, { name: 'label', type: 'string' }] as const;

  it('takes integers as numbers or digits, text as text, and a missing value as null', () => {
    expect(typedFunctionValues(parameters, { count: '-12', label: 7 })).toEqual({ ok: true, values: { count: -12, label: '7' } });
    expect(typedFunctionValues(parameters, { count: 3 })).toEqual({ ok: true, values: { count: 3, label: null } });
    expect(typedFunctionValues(parameters, { count: '' , label: '' })).toEqual({ ok: true, values: { count: null, label: null } });
  });

  it('refuses a value of the wrong type and a name it does not know', () => {
    expect(typedFunctionValues(parameters, { count: '1.5' })).toEqual({ ok: false, error: 'count must be an integer' });
    expect(typedFunctionValues(parameters, { count: 2 ** 60 })).toEqual({ ok: false, error: 'count must be an integer' });
    expect(typedFunctionValues(parameters, { label: true })).toEqual({ ok: false, error: 'label must be text' });
    expect(typedFunctionValues(parameters, { cnt: 1 })).toEqual({ ok: false, error: 'Unknown parameter: cnt' });
  });

  it('names parameters as JavaScript variables the sandbox does not define', () => {
    expect(FunctionParameterListSchema.safeParse([{ name: 'ok_1', type: 'int' }]).success).toBe(true);
    for (const name of ['rows', 'params', 'class', 'for', '1x', 'a-b', 'a b', '']) {
      expect(FunctionParameterListSchema.safeParse([{ name, type: 'int' }]).success, name).toBe(false);
    }
    expect(FunctionParameterListSchema.safeParse([{ name: 'a', type: 'int' }, { name: 'a', type: 'string' }]).success).toBe(false);
  });
});
