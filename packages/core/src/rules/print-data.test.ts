import { describe, expect, it } from 'vitest';
import { valueFormatsOf } from '../i18n/formats';
import { CUSTOM_VALUE } from '../schemas/actions';
import { actionConfigIssue, newAction } from './action-config';
import { bulkActions } from './data-widgets';
import { USER_ID_MARKER } from './placeholders';
import { MAX_PRINT_BODY_BYTES, MAX_PRINT_ITEMS } from '../schemas/print';
import { printBodyProblem, printDataOf, printMappingsFor, printRowsProblem, splitGroupField, utf8Length } from './print-data';

const config = {
  mappings: [
    { field: 'customer', source: 'name', custom: '' },
    { field: 'clerk', source: USER_ID_MARKER, custom: '' },
    { field: 'title', source: CUSTOM_VALUE, custom: 'Faktur' },
    { field: 'note', source: 'in-note', custom: '' },
  ],
  bulkMappings: [
    { field: 'items@item', source: 'name', custom: '' },
    { field: 'items@qty', source: 'qty', custom: '' },
    { field: 'items@unit', source: CUSTOM_VALUE, custom: 'pcs' },
    { field: 'broken', source: 'qty', custom: '' },
  ],
};

describe('print data of a PRINT action', () => {
  it('fills single fields from the first row and one group item per row', () => {
    const rows = [{ name: 'Kopi', qty: 2, extra: { a: 1 } }, { name: 'Teh', qty: null }];
    expect(printDataOf(config, rows, { 'in-note': 'urgent' }, 'u-7')).toEqual({
      customer: 'Kopi', clerk: 'u-7', title: 'Faktur', note: 'urgent',
      items: [{ item: 'Kopi', qty: 2, unit: 'pcs' }, { item: 'Teh', qty: null, unit: 'pcs' }],
    });
  });

  it('prints numbers and dates as its reader reads them, the key, custom text and user id as they are (issue 35)', () => {
    const dated = { ...config, mappings: [...config.mappings, { field: 'day', source: 'day', custom: '' }, { field: 'number', source: 'id', custom: '' }] };
    const rows = [{ id: 12345, name: 'Kopi', qty: 1500, day: '2026-11-30' }, { id: 12346, name: 'Teh', qty: 2.5, day: null }];
    const shown = { formats: valueFormatsOf('id', 'Asia/Jakarta'), primaryKey: 'id' };
    expect(printDataOf({ ...dated, mappings: [...dated.mappings, { field: 'clerk2', source: USER_ID_MARKER, custom: '' }] }, rows, { 'in-note': 'urgent' }, '081200001234', shown)).toEqual({
      customer: 'Kopi', clerk: '081200001234', clerk2: '081200001234', title: 'Faktur', note: 'urgent', day: '30/11/2026', number: 12345,
      items: [{ item: 'Kopi', qty: '1.500', unit: 'pcs' }, { item: 'Teh', qty: '2,5', unit: 'pcs' }],
    });
    // The specification's catalog prints the values as they are, as before.
    expect(printDataOf(dated, rows, {}, 'u', { formats: valueFormatsOf('spec', 'Asia/Jakarta') }).items).toEqual([
      { item: 'Kopi', qty: 1500, unit: 'pcs' }, { item: 'Teh', qty: 2.5, unit: 'pcs' },
    ]);
  });

  it('gives a single row\'s print one item per group, and values missing from the row print as null', () => {
    expect(printDataOf(config, [{ qty: 1 }], {}, '')).toEqual({
      customer: null, clerk: '', title: 'Faktur', note: null, items: [{ item: null, qty: 1, unit: 'pcs' }],
    });
  });

  it('maps a new template\'s fields, keeping earlier mappings and matching row columns by name', () => {
    const identifier = { not_bulk: ['customer', 'date'], groups: { items: ['item', 'qty'] } };
    expect(printMappingsFor(identifier, config, ['date', 'qty'])).toEqual({
      mappings: [{ field: 'customer', source: 'name', custom: '' }, { field: 'date', source: 'date', custom: '' }],
      bulkMappings: [{ field: 'items@item', source: 'name', custom: '' }, { field: 'items@qty', source: 'qty', custom: '' }],
    });
    expect(printMappingsFor({ not_bulk: ['x'], groups: {} }, { mappings: [], bulkMappings: [] }).mappings)
      .toEqual([{ field: 'x', source: CUSTOM_VALUE, custom: '' }]);
    expect(splitGroupField('items@qty')).toEqual({ group: 'items', field: 'qty' });
    expect(splitGroupField('qty')).toBeNull();
  });

  it('asks for a template before a PRINT action is saved, and offers PRINT in the bulk menu', () => {
    const print = newAction('PRINT');
    expect(print.name).toBe('PRINT');
    expect(actionConfigIssue(print, [])).toBe('actionTemplateRequired');
    expect(actionConfigIssue({ ...print, print: { ...print.print, document: 'invoice.docx' } }, [])).toBeNull();
    expect(bulkActions([print])).toEqual([print]);
  });
});

describe('print limits', () => {
  it('refuses more rows than one print takes, with the limit in the notice', () => {
    expect(MAX_PRINT_ITEMS).toBe(1000);
    expect(printRowsProblem(1000)).toBeNull();
    expect(printRowsProblem(1001)).toBe('Choose at most 1000 rows to print at once');
    const rows = Array.from({ length: 1001 }, (_, i) => ({ name: `row ${i}`, qty: i }));
    expect(printBodyProblem({ data: printDataOf(config, rows, {}, 'u') })).toBe('Choose at most 1000 rows to print at once');
    expect(printBodyProblem({ data: printDataOf(config, rows.slice(0, 1000), {}, 'u') })).toBeNull();
  });

  it('refuses a body larger than the server takes, counted in UTF-8 bytes', () => {
    expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4);
    const overhead = utf8Length(JSON.stringify({ data: { note: '' } }));
    const fits = { data: { note: 'x'.repeat(MAX_PRINT_BODY_BYTES - overhead) } };
    expect(printBodyProblem(fits)).toBeNull();
    // One byte over: the last character takes two.
    expect(printBodyProblem({ data: { note: `${'x'.repeat(MAX_PRINT_BODY_BYTES - overhead - 1)}é` } })).toMatch(/too large to print at once \(more than 1 MB/);
    // Three bytes a character: a third as many characters already exceed the limit.
    expect(printBodyProblem({ data: { items: [{ note: '€'.repeat(MAX_PRINT_BODY_BYTES / 3 + 10) }] } })).toMatch(/^The chosen rows are too large/);
  });
});
