import { describe, expect, it } from 'vitest';
import { cellText, newEndpointDraft, parameterNames, sentDraft } from './endpoint-draft';

describe('the endpoint dialog\'s draft', () => {
  it('finds the {{ }} parameters of the path, query, headers, body and the API\'s headers, once each', () => {
    const draft = {
      ...newEndpointDraft(),
      method: 'POST' as const,
      path: '/customers/{{ customerId }}/orders',
      query: [{ name: 'status', value: '{{status}}' }, { name: 'owner', value: '--userId--' }],
      headers: [{ name: 'x-tenant', value: '{{ tenant }}' }],
      body: '{ "since": "{{since}}", "customer": "{{customerId}}" }',
    };
    expect(parameterNames(draft, [{ name: 'x-region', value: '{{region}}' }])).toEqual(['customerId', 'status', 'tenant', 'since', 'region']);
    // A GET sends no body: its placeholders are not asked for.
    expect(parameterNames({ ...draft, method: 'GET' }, [])).toEqual(['customerId', 'status', 'tenant']);
    expect(parameterNames({ ...newEndpointDraft(), path: '/orders/{{ }}/{{1st}}' }, [])).toEqual([]);
  });

  it('sends no wholly blank row, and no body with a GET', () => {
    const sent = sentDraft({
      ...newEndpointDraft(),
      name: '  Orders ',
      query: [{ name: '', value: '' }, { name: ' size ', value: '10' }],
      headers: [{ name: '', value: ' ' }],
      body: '{"a":1}',
      columns: [{ name: '', path: '', type: 'text' }, { name: 'id', path: ' id ', type: 'number' }],
      filterParams: [{ field: ' ', param: '', maxParam: '', choices: [] }, { field: ' paid', param: 'paid ', maxParam: '', choices: ['yes'] }],
    });
    expect(sent).toMatchObject({
      name: 'Orders', query: [{ name: 'size', value: '10' }], headers: [], body: '', columns: [{ name: 'id', path: 'id', type: 'number' }],
      filterParams: [{ field: 'paid', param: 'paid', maxParam: '', choices: ['yes'] }],
    });
  });

  it('shows a value as text', () => {
    expect([null, undefined, 12.5, true, 'a<b>', { a: [1] }].map(cellText)).toEqual(['', '', '12.5', 'true', 'a<b>', '{"a":[1]}']);
  });
});
