import { describe, expect, it } from 'vitest';
import { VARIABLE_VALUE } from '../schemas/actions';
import { variableNamesIn } from './variables';

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
