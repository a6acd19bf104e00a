import { describe, expect, it } from 'vitest';
import type { TextParts } from '../i18n/catalog';
import { addonByName } from '../workflows/addons';
import { resolveJsonTemplate, resolveStepParameters } from './workflow-params';
import type { StepOutputs } from './workflow-templates';

const outputs: StepOutputs = new Map<number, unknown>([
  [0, { name: 'Ana "the" {admin}', id: 7 }],
  [1, { rows: [{ total: 120 }], tags: ['a', 'b'] }],
]);

describe('resolveJsonTemplate', () => {
  it('resolves each string inside the parsed value, so quotes in the data cannot break the JSON', () => {
    const result = resolveJsonTemplate('{"name": "{{$0.name}}", "greeting": "Hi {{$0.name}}!", "nested": {"list": ["{{$0.id}}", 3, null, true]}}', outputs);
    expect(result).toEqual({ ok: true, value: { name: 'Ana "the" {admin}', greeting: 'Hi Ana "the" {admin}!', nested: { list: [7, 3, null, true] } } });
  });
  it('keeps a whole reference\'s type and leaves keys as written', () => {
    expect(resolveJsonTemplate('{"{{$0.id}}": "{{$1.tags}}"}', outputs)).toEqual({ ok: true, value: { '{{$0.id}}': ['a', 'b'] } });
  });
  it('keeps a __proto__ key as an own property and never pollutes the prototype', () => {
    const result = resolveJsonTemplate('{"__proto__": {"polluted": "{{$0.id}}"}}', outputs);
    expect(result.ok).toBe(true);
    const value = (result as { value: object }).value;
    expect(Object.getOwnPropertyNames(value)).toEqual(['__proto__']);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
  it('refuses text that is not a JSON object or list, and too deep a value', () => {
    expect(resolveJsonTemplate('{oops', outputs)).toEqual({ ok: false, error: [{ key: 'workflow.template.notJson' }] });
    expect(resolveJsonTemplate('"text"', outputs)).toEqual({ ok: false, error: [{ key: 'workflow.template.notJsonObject' }] });
    expect(resolveJsonTemplate(`${'['.repeat(40)}${']'.repeat(40)}`, outputs).ok).toBe(false);
  });
  it('names the field whose template is refused', () => {
    const result = resolveJsonTemplate(`{"big": "${'{{$0.name}}'.repeat(300)}"}`, outputs);
    expect(result.ok).toBe(false);
    expect((result as { error: TextParts }).error[0]).toBe('big: ');
  });
});

describe('resolveStepParameters', () => {
  it('resolves JSON parameters inside their object and the others as one template', () => {
    const http = addonByName('http');
    const result = resolveStepParameters(http, { method: 'POST', url: 'https://x.test/{{$0.id}}', body: '{"total": "{{$1.rows[0].total}}"}', headers: '' }, outputs);
    expect(result).toEqual({ ok: true, values: { method: 'POST', url: 'https://x.test/7', body: { total: 120 } } });
  });
  it('lists every refusal with its parameter\'s name', () => {
    const variable = addonByName('variable');
    const result = resolveStepParameters(variable, { values: 'not json' }, outputs);
    expect(result).toEqual({ ok: false, errors: [['values: ', { key: 'workflow.template.notJson' }]] });
  });
  it('treats every parameter as a template when the add-on is unknown', () => {
    expect(resolveStepParameters(undefined, { values: '{"a": "{{$0.id}}"}' }, outputs)).toEqual({ ok: true, values: { values: '{"a": "7"}' } });
  });
});
