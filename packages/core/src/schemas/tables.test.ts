import { describe, expect, it } from 'vitest';
import {
  EditRowBodySchema, ExcelFromTableBodySchema, ExcelStreamQuerySchema, LoadTableContentBodySchema, MoveCardBodySchema,
} from './tables';

describe('data widget call schemas', () => {
  it('defaults a table load to page 1 of 20 rows, no search, no filters', () => {
    expect(LoadTableContentBodySchema.parse({ pageId: 3, componentId: 'table-1' })).toEqual({
      pageId: 3, componentId: 'table-1', page: 1, limit: 20, search: '', filterColumn: {}, possibleFilters: [],
    });
  });

  it('refuses pages, limits and sorts that are not plain values', () => {
    const base = { pageId: 3, componentId: 't' };
    expect(LoadTableContentBodySchema.safeParse({ ...base, page: 0 }).success).toBe(false);
    expect(LoadTableContentBodySchema.safeParse({ ...base, page: '1; DROP TABLE x' }).success).toBe(false);
    expect(LoadTableContentBodySchema.safeParse({ ...base, page: 1.5 }).success).toBe(false);
    expect(LoadTableContentBodySchema.safeParse({ ...base, limit: 101 }).success).toBe(false);
    expect(LoadTableContentBodySchema.safeParse({ ...base, sort: { column: 'name', direction: 'asc; DROP' } }).success).toBe(false);
    expect(LoadTableContentBodySchema.parse({ ...base, page: '2', limit: '50' })).toMatchObject({ page: 2, limit: 50 });
  });

  it('takes select values, lists and { min, max } intervals as filter values', () => {
    const parsed = LoadTableContentBodySchema.parse({
      pageId: 1, componentId: 't', filterColumn: { city: 'Bandung', tag: ['a', 'b'], price: { min: 0, max: '5000' }, none: null },
    });
    expect(parsed.filterColumn).toEqual({ city: 'Bandung', tag: ['a', 'b'], price: { min: 0, max: '5000' }, none: null });
    expect(LoadTableContentBodySchema.safeParse({ pageId: 1, componentId: 't', filterColumn: { city: { nested: { x: 1 } } } }).success).toBe(true);
  });

  it('needs at least one changed column in a row edit', () => {
    expect(EditRowBodySchema.safeParse({ pageId: 1, componentId: 't', actionName: 'EDIT', key: 1, values: {} }).success).toBe(false);
    expect(EditRowBodySchema.parse({ pageId: 1, componentId: 't', actionName: 'EDIT', key: '7', values: { name: 'x', stock: 3, ok: true, note: null } }).values)
      .toEqual({ name: 'x', stock: 3, ok: true, note: null });
  });

  it('takes a kanban move as key and lane value', () => {
    expect(MoveCardBodySchema.parse({ pageId: '4', componentId: 'k', key: 9, value: '2' })).toEqual({ pageId: 4, componentId: 'k', key: 9, value: '2' });
  });

  it('accepts the spec\'s export body and the stream query string', () => {
    const body = ExcelFromTableBodySchema.parse({
      query: 'SELECT * FROM x', columnAlias: 'Name,City', columns: ['name', 'city'], filename: 'Data', dbId: '2',
      filter: { search: 'a', possibleFilters: [], filterColumn: { city: 'Bandung' } }, pageId: 5, componentId: 't',
    });
    expect(body).toMatchObject({ dbId: 2, pageId: 5, filter: { search: 'a', filterColumn: { city: 'Bandung' } } });
    expect(ExcelFromTableBodySchema.parse({ pageId: 5, componentId: 't' }).filter).toEqual({ search: '', filterColumn: {}, possibleFilters: [] });
    const stream = ExcelStreamQuerySchema.parse({ pageId: '5', componentId: 't', filterColumn: '{"city":"Bandung","price":{"min":10}}', sort: 'name' });
    expect(stream).toMatchObject({ pageId: 5, filterColumn: { city: 'Bandung', price: { min: 10 } }, sort: 'name', direction: 'asc', filename: 'export' });
    expect(ExcelStreamQuerySchema.parse({ pageId: '5', componentId: 't' }).filterColumn).toEqual({});
    expect(ExcelStreamQuerySchema.safeParse({ pageId: '5', componentId: 't', filterColumn: 'not json' }).success).toBe(false);
  });
});
