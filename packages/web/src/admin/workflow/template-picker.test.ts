import { isValidWorkflowParameter } from '@rakit/core';
import { describe, expect, it } from 'vitest';
import {
  customReference, insertIntoText, knownOutputSample, outputsOfRun, pathLabel, stepLimitsOfRun, templateChoices, WHOLE_OUTPUT,
} from './template-picker';

describe('Insert From Template', () => {
  it("offers every path into a step's known output, the whole output first", () => {
    const choices = templateChoices(2, { id: [7, 8], name: ['Siti'], rows: [{ total: 3 }], 'bad-key': 1 });
    expect(choices).toEqual([
      { label: WHOLE_OUTPUT, text: '{{$2}}' },
      { label: '.id', text: '{{$2.id}}' },
      { label: '.id[0]', text: '{{$2.id[0]}}' },
      { label: '.name', text: '{{$2.name}}' },
      { label: '.name[0]', text: '{{$2.name[0]}}' },
      { label: '.rows', text: '{{$2.rows}}' },
      { label: '.rows[0]', text: '{{$2.rows[0]}}' },
      { label: '.rows[0].total', text: '{{$2.rows[0].total}}' },
    ]);
    expect(templateChoices(1, undefined)).toEqual([{ label: WHOLE_OUTPUT, text: '{{$1}}' }]);
    // What it inserts is marked Valid.
    expect(choices.every((c) => isValidWorkflowParameter(c.text))).toBe(true);
  });

  it('writes a field by hand with its index, refusing what no reference can name', () => {
    expect(customReference(1, 'name', 0)).toBe('{{$1.name[0]}}');
    expect(customReference(0, ' total ', null)).toBe('{{$0.total}}');
    expect(customReference(3, '', 2)).toBe('{{$3[2]}}');
    expect(customReference(1, 'a-b', 0)).toBeNull();
    expect(customReference(1, '__proto__', null)).toBeNull();
  });

  it('puts the reference in place of the selection, the caret after it', () => {
    expect(insertIntoText('Hello !', '{{$1.name[0]}}', 6, 6)).toEqual({ text: 'Hello {{$1.name[0]}}!', caret: 20 });
    expect(insertIntoText('abcdef', 'X', 1, 4)).toEqual({ text: 'aXef', caret: 2 });
    expect(insertIntoText('abc', 'X', null, null)).toEqual({ text: 'abcX', caret: 4 });
    expect(insertIntoText('abc', 'X', 99, -1)).toEqual({ text: 'abcX', caret: 4 });
  });

  it("knows a Set Variable's fields before any run, and the outputs of a run's succeeded steps", () => {
    expect(knownOutputSample({ addonName: 'variable', params: { values: '{"fullName":"x","age":"1"}' } })).toEqual({ fullName: 'x', age: '1' });
    expect(knownOutputSample({ addonName: 'variable', params: { values: 'nope' } })).toBeUndefined();
    expect(knownOutputSample({ addonName: 'query', params: {} })).toBeUndefined();
    const step = { stepNumber: 1, addonName: 'query', actionAlias: 'q', input: {}, attempt: 1, maxAttempts: 1, timeoutMs: 1, error: null, branch: null, startedAt: null, finishedAt: null, durationMs: null };
    const outputs = outputsOfRun({
      steps: [
        { ...step, actionId: 5, status: 'succeeded', output: { id: [1] } },
        { ...step, actionId: 6, status: 'failed', output: null },
      ],
    });
    expect([...outputs]).toEqual([[5, { id: [1] }]]);
    expect([...stepLimitsOfRun({ steps: [{ ...step, actionId: 5, status: 'failed', output: null, timeoutMs: 15_000, maxAttempts: 4 }] })]).toEqual([[5, { timeoutMs: 15_000, maxAttempts: 4 }]]);
    expect(stepLimitsOfRun(null).size).toBe(0);
    expect(pathLabel(['rows', 0, 'name'])).toBe('.rows[0].name');
  });
});
