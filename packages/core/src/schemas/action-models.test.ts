import { describe, expect, it } from 'vitest';
import { newAction } from '../rules/action-config';
import { ACTION_TYPES, type CustomAction } from '../widgets/common';
import { ACTION_MODELS, actionConfigOf, actionReferences } from './action-config';

const blank = (type: (typeof ACTION_TYPES)[number]): CustomAction => newAction(type);

describe('the action models', () => {
  it('read every kind\'s blank configuration but those that need a database and a statement first', () => {
    for (const type of ACTION_TYPES) {
      const config = actionConfigOf(blank(type), type);
      if (type === 'CUSTOM' || type === 'QUERY' || type === 'DELETE') expect(config, type).toBeUndefined();
      else expect(config, type).toBeDefined();
    }
    const deleteByKey = newAction('DELETE', { database: 3, dbType: 'sqlite', table: 'orders', primaryKey: 'id' });
    expect(actionConfigOf(deleteByKey, 'DELETE')).toMatchObject({ database: 3, query: 'DELETE FROM "orders" WHERE "id" = ?' });
  });

  it('read a configuration with its defaults, and only as its own kind', () => {
    const trigger: CustomAction = { ...blank('TRIGGER'), raw: { id: 7 } };
    expect(actionConfigOf(trigger, 'TRIGGER')).toEqual({ id: 7, alias: '', params: [] });
    expect(actionConfigOf(trigger, 'REDIRECT')).toBeUndefined();
    const custom: CustomAction = { ...blank('CUSTOM'), raw: { database: '4', type: 'INSERT', table: 'orders' } };
    expect(actionConfigOf(custom, 'CUSTOM')).toMatchObject({ database: 4, table: 'orders', setValues: [], conditions: [] });
    const stored: CustomAction = { ...blank('QUERY'), stored: { database: 2, query: 'SELECT 1', id: '9', pageId: null } };
    expect(actionConfigOf(stored, 'QUERY')).toMatchObject({ database: 2, id: 9, pageId: null, params: [] });
  });

  it('refuse what does not fit rather than read half of it', () => {
    expect(actionConfigOf({ ...blank('TRIGGER'), raw: { id: 'seven' } }, 'TRIGGER')).toBeUndefined();
    expect(actionConfigOf({ ...blank('EDIT'), raw: { editFields: [{ name: 5 }] } }, 'EDIT')).toBeUndefined();
  });

  it('declare the stored ids each kind references, in the part its model keeps', () => {
    expect(actionReferences({ action: 'TRIGGER' })).toEqual([{ part: 'raw', key: 'id', names: 'trigger' }]);
    expect(actionReferences({ action: 'REDIRECT' })).toEqual([{ part: 'raw', key: 'pageId', names: 'page' }]);
    expect(actionReferences({ action: 'CUSTOM' }).map((r) => `${r.part}.${r.key}`)).toEqual(['raw.database']);
    expect(actionReferences({ action: 'DELETE' }).map((r) => `${r.part}.${r.key}:${r.names}`)).toEqual(['stored.database:connection', 'stored.id:query', 'stored.pageId:page']);
    for (const type of ['GLOBAL', 'REQUEST', 'EDIT', 'PRINT', 'BACK'] as const) expect(actionReferences({ action: type }), type).toEqual([]);
    expect(actionReferences({ action: 'DROP' })).toEqual([]);
    for (const [type, model] of Object.entries(ACTION_MODELS)) {
      for (const reference of model.references) expect(reference.part, type).toBe(model.part);
    }
  });
});
