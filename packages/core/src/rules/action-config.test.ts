import { describe, expect, it } from 'vitest';
import { type CustomAction } from '../widgets/common';
import { createComponent } from '../widgets/registry';
import {
  actionConfigIssue, actionConfigProblem, actionDatabase, actionOfType, deleteByKeyQuery, nameAfterTypeChange, newAction, quoteIdentifier,
  replaceAction, stripParamName, valueComponentsOf, withActionDatabase,
} from './action-config';

describe('default names', () => {
  it('gives the default-named types their own name and keeps a typed one for the others', () => {
    expect(nameAfterTypeChange('Simpan', 'REDIRECT')).toBe('REDIRECT');
    expect(nameAfterTypeChange('Simpan', 'DELETE')).toBe('DELETE');
    expect(nameAfterTypeChange('Simpan', 'QUERY')).toBe('Simpan');
    expect(nameAfterTypeChange('GLOBAL', 'CUSTOM')).toBe('');
  });
});

describe('delete by primary key', () => {
  it('quotes by engine and maps the only parameter to the key column', () => {
    expect(deleteByKeyQuery(3, 'orders', 'id', 'mysql')).toEqual({ database: 3, query: 'DELETE FROM `orders` WHERE `id` = ?', params: [{ source: 'id', custom: '' }] });
    expect(deleteByKeyQuery(3, 'my"table', 'order_id', 'postgres').query).toBe('DELETE FROM "my""table" WHERE "order_id" = ?');
    expect(quoteIdentifier('a`b', 'mysql')).toBe('`a``b`');
  });

  it('is filled in when DELETE is chosen with a data context', () => {
    const action = actionOfType(newAction('CUSTOM'), 'DELETE', { database: 7, dbType: 'sqlite', table: 'products', primaryKey: 'id' });
    expect(action.name).toBe('DELETE');
    expect(action.stored).toEqual({ database: 7, query: 'DELETE FROM "products" WHERE "id" = ?', params: [{ source: 'id', custom: '' }], table: 'products' });
    expect(actionConfigIssue(action, [])).toBeNull();
  });
});

describe('actionOfType', () => {
  it('keeps cause and database, drops the other type\'s configuration', () => {
    const custom: CustomAction = { ...newAction('CUSTOM'), name: 'Simpan', cause: 'Cek', raw: { database: 4, type: 'INSERT', table: 't', setValues: [], conditions: [] } };
    const query = actionOfType(custom, 'QUERY');
    expect(query).toMatchObject({ name: 'Simpan', cause: 'Cek', action: 'QUERY', stored: { database: 4, query: '', params: [] } });
    expect(query.raw).toBeUndefined();
    const back = actionOfType(query, 'BACK');
    expect(back).toEqual({ name: 'BACK', action: 'BACK', cause: 'Cek', show: true });
    expect(newAction('REQUEST').raw).toMatchObject({ configuration: { method: 'GET', headers: [{ name: 'Content-Type', value: '--custom--', customValue: 'application/json' }] } });
    expect(newAction('REDIRECT').raw).toEqual({ pageId: null, pageSlug: '--no-redirect--' });
  });

  it('reads and sets the database where each type keeps it', () => {
    const custom = withActionDatabase(newAction('CUSTOM'), 9);
    expect(custom.raw).toMatchObject({ database: 9 });
    expect(actionDatabase(custom)).toBe(9);
    expect(actionDatabase(withActionDatabase(newAction('QUERY'), 2))).toBe(2);
    expect(actionDatabase(newAction('QUERY'))).toBeNull();
    expect(withActionDatabase(newAction('BACK'), 2)).toEqual(newAction('BACK'));
  });
});

describe('actionConfigProblem', () => {
  it('says where the dialog shows each refusal', () => {
    const query = { ...newAction('QUERY'), name: 'Q' };
    expect(actionConfigProblem({ ...query, name: '' }, [])).toEqual({ field: 'name', code: 'actionNameRequired' });
    expect(actionConfigProblem(query, ['Q'])).toEqual({ field: 'name', code: 'actionNameTaken' });
    expect(actionConfigProblem(query, [])).toEqual({ field: 'database', code: 'actionDatabaseRequired' });
    expect(actionConfigProblem(withActionDatabase(query, 1), [])).toEqual({ field: 'section', code: 'actionQueryRequired' });
    expect(actionConfigProblem(newAction('BACK'), [])).toBeNull();
  });
});

describe('actionConfigIssue', () => {
  const insert = (changes: Record<string, unknown>): CustomAction => ({
    ...newAction('CUSTOM'), name: 'Simpan',
    raw: { database: 1, type: 'INSERT', table: 'warga', setValues: [{ column: 'nama', source: 'c1', custom: '' }], conditions: [], ...changes },
  });

  it('wants a unique name', () => {
    expect(actionConfigIssue({ ...insert({}), name: ' ' }, [])).toBe('actionNameRequired');
    expect(actionConfigIssue(insert({}), ['Simpan'])).toBe('actionNameTaken');
    expect(actionConfigIssue(insert({}), ['Lain'])).toBeNull();
  });

  it('checks the query builder', () => {
    expect(actionConfigIssue(insert({ database: null }), [])).toBe('actionDatabaseRequired');
    expect(actionConfigIssue(insert({ table: '' }), [])).toBe('actionTableRequired');
    expect(actionConfigIssue(insert({ setValues: [] }), [])).toBe('actionValuesRequired');
    expect(actionConfigIssue(insert({ setValues: [{ column: '', source: 'c1', custom: '' }] }), [])).toBe('actionColumnRequired');
    expect(actionConfigIssue(insert({ type: 'UPDATE' }), [])).toBe('actionConditionRequired');
    expect(actionConfigIssue(insert({ type: 'UPDATE', conditions: [{ column: 'id', operator: '=', source: '--userId--', custom: '' }] }), [])).toBeNull();
  });

  it('checks the other sections', () => {
    expect(actionConfigIssue({ ...withActionDatabase(newAction('QUERY'), 1), name: 'Q' }, [])).toBe('actionQueryRequired');
    expect(actionConfigIssue({ ...newAction('REDIRECT'), raw: { pageSlug: '' } }, [])).toBe('actionRedirectRequired');
    expect(actionConfigIssue(newAction('REDIRECT'), [])).toBeNull();
    expect(actionConfigIssue({ ...newAction('GLOBAL'), raw: { params: [{ name: '', source: '--custom--', custom: 'x', type: 'once' }] } }, [])).toBe('actionKeyRequired');
    expect(actionConfigIssue({ ...newAction('TRIGGER'), name: 'T', raw: { id: null, params: [{ name: ' ', source: 'a', custom: '' }] } }, [])).toBe('actionParamNameRequired');
    expect(actionConfigIssue(newAction('REQUEST'), [])).toBe('actionUrlRequired');
    expect(actionConfigIssue(withActionDatabase(newAction('DELETE'), 1), [])).toBe('actionPrimaryKeyRequired');
    expect(actionConfigIssue(newAction('BACK'), [])).toBeNull();
  });
});

describe('helpers', () => {
  it('strips whitespace from trigger parameter names', () => {
    expect(stripParamName(' nomor induk\t')).toBe('nomorinduk');
  });

  it('lists the value components in page order, cards\' children included', () => {
    const card = { ...createComponent('card', 'card', 'Kartu'), children: [createComponent('input', 'kota', 'Kota'), createComponent('button', 'b', 'Simpan')] };
    const list = [createComponent('input', 'nama', 'Nama'), createComponent('text', 't', 'Judul'), card, createComponent('dropdown', 'd', 'Pilihan')];
    expect(valueComponentsOf(list).map((c) => c.id)).toEqual(['nama', 'kota', 'd']);
  });
});

describe('replaceAction', () => {
  const list: CustomAction[] = [
    { ...newAction('CUSTOM'), name: 'Simpan' },
    { ...newAction('GLOBAL'), cause: 'Simpan' },
    { ...newAction('REDIRECT'), cause: 'GLOBAL' },
  ];

  it('renames the cause of the actions that follow a renamed one', () => {
    const next = replaceAction(list, 0, { ...list[0] as CustomAction, name: 'Daftar' });
    expect(next.map((a) => [a.name, a.cause])).toEqual([['Daftar', ''], ['GLOBAL', 'Daftar'], ['REDIRECT', 'GLOBAL']]);
  });

  it('adds a new action at the end', () => {
    expect(replaceAction(list, -1, newAction('BACK')).map((a) => a.name)).toEqual(['Simpan', 'GLOBAL', 'REDIRECT', 'BACK']);
  });
});
