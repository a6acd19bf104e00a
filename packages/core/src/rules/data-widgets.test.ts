import { describe, expect, it } from 'vitest';
import { CUSTOM_TABLE, type CustomAction } from '../widgets/common';
import {
  alertShown, bulkActions, chainFrom, changedRowValues, editableText, formatLoaderMapping, kanbanLanes, loaderValues, menuActions,
  parseLoaderMapping, rowKeyOf, rowKeyValue, runMayPrint, sourceConfigured, tableStateVariable,
} from './data-widgets';

const action = (name: string, kind: CustomAction['action'], cause = ''): CustomAction => ({ name, action: kind, cause, show: true });

describe('data widget rules', () => {
  it('names the table state variable for the page and widget', () => {
    expect(tableStateVariable(7, 'orders')).toBe('table:7:orders');
  });

  it('identifies rows by primary key, else by position', () => {
    expect(rowKeyOf({ id: 4 }, 'id', 0)).toBe(4);
    expect(rowKeyOf({ id: 4 }, null, 2)).toBe('#2');
    expect(rowKeyValue({ code: 'A1' }, 'code')).toBe('A1');
    expect(rowKeyValue({ code: null }, 'code')).toBeNull();
    expect(rowKeyValue({ code: 'A1' }, null)).toBeNull();
  });

  it('lists top-level actions in menus, EDIT and DELETE apart, children never', () => {
    const actions = [action('Edit', 'EDIT'), action('Delete', 'DELETE'), action('Mark', 'QUERY'), action('After', 'REDIRECT', 'Mark'), action('Go', 'REDIRECT')];
    expect(menuActions(actions).map((a) => a.name)).toEqual(['Mark', 'Go']);
    expect(bulkActions(actions).map((a) => a.name)).toEqual(['Delete', 'Mark']);
    expect(menuActions([{ ...action('Hidden', 'QUERY'), show: false }])).toEqual([]);
  });

  it('builds the chain of one chosen action with its followers', () => {
    const actions = [action('A', 'QUERY'), action('B', 'QUERY'), action('A2', 'GLOBAL', 'A'), action('B2', 'GLOBAL', 'B')];
    const chain = chainFrom(actions, actions[1] as CustomAction);
    expect(chain.map((a) => [a.name, a.cause])).toEqual([['B', ''], ['A2', 'A'], ['B2', 'B']]);
  });

  it('knows which choices may print: a PRINT, or an action whose chain reaches one', () => {
    const actions = [action('Print', 'PRINT'), action('Mark', 'QUERY'), action('Receipt', 'PRINT', 'Mark'), action('Other', 'QUERY'), action('Log', 'QUERY', 'Print')];
    const [print, mark, , other, log] = actions as [CustomAction, CustomAction, CustomAction, CustomAction, CustomAction];
    expect(runMayPrint(actions, print)).toBe(true);
    expect(runMayPrint(actions, mark)).toBe(true);
    expect(runMayPrint(actions, other)).toBe(false);
    // Chosen on its own (a follower of Print chosen from the menu), Log starts no print.
    expect(runMayPrint(actions, log)).toBe(false);
  });

  it('sends only the changed columns of an edit', () => {
    const fields = [
      { name: 'name', type: 'text' as const, options: '' },
      { name: 'price', type: 'number' as const, options: '' },
      { name: 'born', type: 'date' as const, options: '' },
      { name: 'note', type: 'textarea' as const, options: '' },
    ];
    const row = { id: 1, name: 'Ani', price: 10, born: '2001-02-03T00:00:00.000Z', note: null };
    expect(editableText(row.born, 'date')).toBe('2001-02-03');
    expect(changedRowValues(row, { name: 'Ani', price: '10', born: '2001-02-03', note: '' }, fields)).toEqual({});
    expect(changedRowValues(row, { name: 'Budi', price: '12.5', born: '2001-02-04', note: 'hi' }, fields)).toEqual({
      name: 'Budi', price: 12.5, born: '2001-02-04', note: 'hi',
    });
    expect(changedRowValues(row, { name: '', price: '' }, fields)).toEqual({ name: '', price: null });
  });

  it('puts rows in the lanes of their compared value', () => {
    const rows = [{ id: 1, status: 1 }, { id: 2, status: '2' }, { id: 3, status: 9 }, { id: 4, status: '1 ' }];
    const lanes = kanbanLanes(rows, [{ name: 'To do', value: '1' }, { name: 'Doing', value: '2' }, { name: 'Done', value: '3' }], 'status');
    expect(lanes.map((l) => l.cards.map((c) => c.id))).toEqual([[1, 4], [2], []]);
    expect(kanbanLanes(rows, [{ name: 'x', value: '1' }], '')[0]?.cards).toEqual([]);
  });

  it('reads and writes the loader mapping', () => {
    expect(parseLoaderMapping('name:customerName, city : customerCity,broken,:x,y:')).toEqual([
      { column: 'name', componentId: 'customerName' }, { column: 'city', componentId: 'customerCity' },
    ]);
    expect(formatLoaderMapping([{ column: 'name', componentId: 'a' }, { column: '', componentId: 'b' }, { column: 'c,d', componentId: 'e' }])).toBe('name:a,c d:e');
    expect(loaderValues({ name: 'Ani', age: 3 }, [{ column: 'name', componentId: 'n' }, { column: 'age', componentId: 'a' }, { column: 'x', componentId: 'y' }])).toEqual({ n: 'Ani', a: '3' });
    expect(loaderValues(undefined, [{ column: 'name', componentId: 'n' }])).toEqual({});
  });

  it('shows the alert when the first value of the first row is not 0', () => {
    expect(alertShown([{ n: 1 }])).toBe(true);
    expect(alertShown([{ n: 'yes' }])).toBe(true);
    expect(alertShown([{ n: 0 }])).toBe(false);
    expect(alertShown([{ n: '0' }])).toBe(false);
    expect(alertShown([{ n: '0.00' }])).toBe(false);
    expect(alertShown([{ n: null }])).toBe(false);
    expect(alertShown([])).toBe(false);
  });
});

describe('sourceConfigured', () => {
  const none = { query: '', columns: [], table: '' };
  it('needs a connection and a table, or a connection and a custom query', () => {
    expect(sourceConfigured({ database_used: '', table_used: '', customSource: none })).toBe(false);
    expect(sourceConfigured({ database_used: 3, table_used: '', customSource: none })).toBe(false);
    expect(sourceConfigured({ database_used: '', table_used: 'products', customSource: none })).toBe(false);
    expect(sourceConfigured({ database_used: 3, table_used: 'products', customSource: none })).toBe(true);
    expect(sourceConfigured({ database_used: 3, table_used: CUSTOM_TABLE, customSource: none })).toBe(false);
    expect(sourceConfigured({ database_used: '3', table_used: CUSTOM_TABLE, customSource: { ...none, query: 'SELECT 1 AS n' } })).toBe(true);
  });
  it('or an endpoint of the application\'s APIs', () => {
    expect(sourceConfigured({ database_used: '', table_used: '', customSource: none, apiEndpointId: 7 })).toBe(true);
    expect(sourceConfigured({ database_used: '', table_used: '', customSource: none, apiEndpointId: 0 })).toBe(false);
  });
});
