import { describe, expect, it } from 'vitest';
import { apiParameterNames, apiValueText } from './api-templates';

describe('API endpoint templates', () => {
  it('names each {{ }} parameter once, in order of first use, and nothing else', () => {
    expect(apiParameterNames(['/orders/{{ orderId }}/{{lines}}', '{"by": "{{orderId}}", "at": "{{ store.region }}"}', '--userId--', '{{ 1bad }}', '{{}}'])).toEqual(['orderId', 'lines', 'store.region']);
    expect(apiParameterNames([])).toEqual([]);
  });

  it('writes an answered value as text', () => {
    expect([apiValueText(null), apiValueText(undefined), apiValueText(3), apiValueText(false), apiValueText('<b>x</b>'), apiValueText({ a: [1] })])
      .toEqual(['', '', '3', 'false', '<b>x</b>', '{"a":[1]}']);
  });
});
