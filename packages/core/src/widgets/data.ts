import { z } from 'zod';
import { CustomActionSchema, dataSourceFields, defineWidget, formFields, longText, shortText } from './common';

/** Data and display widgets of spec 3, with the defaults their configuration panels start from. */

const loadsRows = { loadsRows: true };
/** The column labels by position (options pairs with mapping_table): what a translation relabels. */
const columnLabels = (component: Record<string, unknown>) => String(component.options ?? '').split(',').map((label) => label.trim());

export const TableFilterSchema = z.looseObject({
  field: shortText, type: shortText.default('select'), column: shortText.default(''),
  min: z.union([z.number(), z.string().max(50)]).optional(), max: z.union([z.number(), z.string().max(50)]).optional(),
});
export const table = defineWidget('table', 'Table', {
  ...dataSourceFields,
  filters: z.array(TableFilterSchema).max(50).default([]),
  markdownColumns: z.array(z.number().int().min(0)).max(100).default([]),
  bulkAction: z.boolean().default(false),
  search: z.boolean().default(true),
  toExcel: z.boolean().default(false),
}, { defaults: () => ({ options: 'Column 1', mapping_table: '', primaryKey: 'NONE', functionId: -1, timeToRefresh: 0 }), capabilities: loadsRows, optionLabels: columnLabels });

export const CHART_TYPES = ['pie', 'bar'] as const;
export const chart = defineWidget('chart', 'Chart', {
  ...dataSourceFields,
  subtype: z.enum(CHART_TYPES).default('bar'),
  sourceType: z.enum(['column', 'row']).default('column'),
  showLegend: z.boolean().default(true),
  showTable: z.boolean().default(false),
}, { defaults: () => ({ subtype: 'bar', sourceType: 'column' }), capabilities: loadsRows, optionLabels: columnLabels });

export const alert = defineWidget('alert', 'Alert', {
  color: z.enum(['success', 'error']).default('success'),
  config: longText.default(''),
  redirect: z.union([z.number().int(), z.string().max(50)]).default('--no-redirect--'),
  database_used: z.union([z.number().int(), z.string().max(20)]).default(''),
  custom_action: z.array(CustomActionSchema).max(50).default([]),
}, { defaults: () => ({ color: 'success', redirect: '--no-redirect--' }) });

export const KanbanGroupSchema = z.object({ name: shortText, value: shortText });
export const kanban = defineWidget('kanban', 'Kanban', {
  ...dataSourceFields,
  groups: z.array(KanbanGroupSchema).max(50).default([]),
  fieldMap: z.object({ compared: shortText, title: shortText, description: shortText, tag: shortText, label: shortText }).partial().default({}),
}, {
  defaults: () => ({ groups: [{ name: 'To do', value: '1' }, { name: 'In progress', value: '2' }, { name: 'Done', value: '3' }] }),
  capabilities: { ...loadsRows, movesCards: true },
  // Its lanes are what a member reads; a translation names them, their values stay.
  optionLabels: (component) => (Array.isArray(component.groups) ? component.groups : []).map((group) => String((group as { name?: unknown }).name ?? '')),
});

export const loader = defineWidget('loader', 'Loader', {
  ...dataSourceFields,
  loaderMapping: longText.default(''),
  trigger: shortText.default('none'),
  /** Its one select filter names the column a trigger's value is matched against. */
  filters: z.array(TableFilterSchema).max(50).optional(),
}, { defaults: () => ({ trigger: 'none' }), capabilities: loadsRows });

export const barcode = defineWidget('barcode', 'Barcode', { ...dataSourceFields }, { capabilities: loadsRows });
export const pdfextractor = defineWidget('pdfextractor', 'PDF Extractor', {
  templateId: z.union([z.number().int(), z.string().max(50)]).default(''),
  templateField: z.array(z.looseObject({})).max(500).default([]),
  custom_action: z.array(CustomActionSchema).max(50).default([]),
});
/** Its value is the text of the last QR code read, used by buttons and actions like an input's. */
export const qrcodeReader = defineWidget('qrcodeReader', 'QR Reader', { ...formFields }, { capabilities: { holdsValue: true } });
export const address = defineWidget('address', 'Address Search', { ...formFields }, { capabilities: { holdsValue: true } });
export const school = defineWidget('school', 'School Search', { ...formFields }, { capabilities: { holdsValue: true } });
export const schooladdress = defineWidget('schooladdress', 'School Address', { ...formFields });
