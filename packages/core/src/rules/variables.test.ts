import { describe, expect, it } from 'vitest';
import { VARIABLE_VALUE } from '../schemas/actions';
import { requestVariableNamesIn, variableNamesIn } from './variables';

describe('variableNamesIn', () => {
  it('finds every mapping that names a variable, each once and sorted, at any depth', () => {
    const pages = [
      { components: [{ actions: [{ stored: { params: [{ source: VARIABLE_VALUE, custom: 'BRANCH' }, { source: 'input-1', custom: '' }] } }] }] },
      { components: [{ children: [{ actions: [{ raw: { setValues: [{ source: VARIABLE_VALUE, custom: 'API_KEY' }], conditions: [{ source: VARIABLE_VALUE, custom: 'BRANCH' }] } }] }] }] },
    ];
    expect(variableNamesIn(pages)).toEqual(['API_KEY', 'BRANCH']);
  });

  it('ignores custom values, other markers and a variable mapping without a name', () => {
    expect(variableNamesIn({ params: [{ source: '--custom--', custom: 'BRANCH' }, { source: '--userId--', custom: '' }, { source: VARIABLE_VALUE, custom: '' }] })).toEqual([]);
    expect(variableNamesIn(null)).toEqual([]);
    expect(variableNamesIn('text')).toEqual([]);
  });
});

describe('requestVariableNamesIn', () => {
  it('finds the variables of REQUEST actions only, in their rows', () => {
    const components = [{
      custom_action: [
        { action: 'REQUEST', raw: { url: 'https://x.test', headers: [{ name: 'X-Branch', value: VARIABLE_VALUE, customValue: 'BRANCH' }], pathParams: [], bodyParams: [{ value: VARIABLE_VALUE, customValue: 'REGION' }] } },
        { action: 'QUERY', stored: { params: [{ source: VARIABLE_VALUE, custom: 'API_KEY' }] } },
      ],
    }];
    expect(requestVariableNamesIn(components)).toEqual(['BRANCH', 'REGION']);
    expect(variableNamesIn(components)).toEqual(['API_KEY', 'BRANCH', 'REGION']);
  });
});
