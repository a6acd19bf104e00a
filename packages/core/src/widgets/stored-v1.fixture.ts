/**
 * Every widget as it was saved at version 1, frozen: never edit these. When a model gains a
 * version, the registry test runs its migrations on these shapes, as saved pages will be run.
 */
export const STORED_V1_COMPONENTS: readonly Record<string, unknown>[] = [
  { id: 'stored-input', version: 1, title: 'Stored input', active: false, type: 'input', placeholder: '', initValue: '', required: true, disabled: false, errorRequired: false, subtype: 'text' },
  { id: 'stored-textarea', version: 1, title: 'Stored textarea', active: false, type: 'textarea', placeholder: '', initValue: '', required: false, disabled: false, errorRequired: false, options: 2 },
  { id: 'stored-datetime', version: 1, title: 'Stored datetime', active: false, type: 'datetime', placeholder: '', initValue: '', required: false, disabled: false, errorRequired: false },
  { id: 'stored-checkbox', version: 1, title: 'Stored checkbox', active: false, type: 'checkbox', placeholder: '', initValue: '', required: false, disabled: false, errorRequired: false, options: 'Option 1,Option 2' },
  { id: 'stored-toggle', version: 1, title: 'Stored toggle', active: false, type: 'toggle', placeholder: '', initValue: 'Inactive', required: false, disabled: false, errorRequired: false, options: 'Option 1,Option 2' },
  { id: 'stored-radio', version: 1, title: 'Stored radio', active: false, type: 'radio', placeholder: '', initValue: '', required: false, disabled: false, errorRequired: false, options: 'Option 1,Option 2' },
  { id: 'stored-dropdown', version: 1, title: 'Stored dropdown', active: false, type: 'dropdown', placeholder: '', initValue: '', required: false, disabled: false, errorRequired: false, subtype: 'custom', options: [{ textOption: 'Option 1', valueOption: '1' }], database_used: '', query: '' },
  { id: 'stored-address', version: 1, title: 'Stored address', active: false, type: 'address', placeholder: '', initValue: '', required: false, disabled: false, errorRequired: false },
  { id: 'stored-school', version: 1, title: 'Stored school', active: false, type: 'school', placeholder: '', initValue: '', required: false, disabled: false, errorRequired: false },
  { id: 'stored-schooladdress', version: 1, title: 'Stored schooladdress', active: false, type: 'schooladdress', placeholder: '', initValue: '', required: false, disabled: false, errorRequired: false },
  { id: 'stored-fileupload', version: 1, title: 'Stored fileupload', active: false, type: 'fileupload', placeholder: '', initValue: '', required: false, disabled: false, errorRequired: false, subtype: 'photo', options: 'all' },
  { id: 'stored-text', version: 1, title: 'Stored text', active: false, type: 'text', subtype: 'h1', options: 'left', link: '', variables: [] },
  { id: 'stored-button', version: 1, title: 'Stored button', active: false, type: 'button', custom_action: [] },
  { id: 'stored-alert', version: 1, title: 'Stored alert', active: false, type: 'alert', color: 'success', config: '', redirect: '--no-redirect--', database_used: '', custom_action: [] },
  { id: 'stored-table', version: 1, title: 'Stored table', active: false, type: 'table', options: 'Column 1', mapping_table: '', table_used: '', database_used: '', primaryKey: 'NONE', customSource: { query: '', columns: [], table: '' }, functionId: -1, timeToRefresh: 0, custom_action: [], filters: [], markdownColumns: [], bulkAction: false, search: true, toExcel: false },
  { id: 'stored-card', version: 1, title: 'Stored card', active: false, type: 'card', description: '', children: [] },
  { id: 'stored-chart', version: 1, title: 'Stored chart', active: false, type: 'chart', options: '', mapping_table: '', table_used: '', database_used: '', primaryKey: 'NONE', customSource: { query: '', columns: [], table: '' }, functionId: -1, timeToRefresh: 0, custom_action: [], subtype: 'bar', sourceType: 'column', showLegend: true, showTable: false },
  { id: 'stored-loader', version: 1, title: 'Stored loader', active: false, type: 'loader', options: '', mapping_table: '', table_used: '', database_used: '', primaryKey: 'NONE', customSource: { query: '', columns: [], table: '' }, functionId: -1, timeToRefresh: 0, custom_action: [], loaderMapping: '', trigger: 'none' },
  { id: 'stored-barcode', version: 1, title: 'Stored barcode', active: false, type: 'barcode', options: '', mapping_table: '', table_used: '', database_used: '', primaryKey: 'NONE', customSource: { query: '', columns: [], table: '' }, functionId: -1, timeToRefresh: 0, custom_action: [] },
  { id: 'stored-pdfextractor', version: 1, title: 'Stored pdfextractor', active: false, type: 'pdfextractor', templateId: '', templateField: [], custom_action: [] },
  { id: 'stored-kanban', version: 1, title: 'Stored kanban', active: false, type: 'kanban', options: '', mapping_table: '', table_used: '', database_used: '', primaryKey: 'NONE', customSource: { query: '', columns: [], table: '' }, functionId: -1, timeToRefresh: 0, custom_action: [], groups: [{ name: 'To do', value: '1' }, { name: 'In progress', value: '2' }, { name: 'Done', value: '3' }], fieldMap: {} },
  { id: 'stored-qrcodeReader', version: 1, title: 'Stored qrcodeReader', active: false, type: 'qrcodeReader', placeholder: '', initValue: '', required: false, disabled: false, errorRequired: false },
];
