import type { MessageKey } from '../i18n/catalog';
import type { WidgetType } from './registry';

/**
 * The widget types' names in the catalogs (the palette's words; the specification's are the
 * models' labels): the editor shows them, and the server says a page's changes with them.
 */
const WIDGET_NAME_KEYS: Record<WidgetType, MessageKey> = {
  input: 'editor.widget.input',
  textarea: 'editor.widget.textarea',
  datetime: 'editor.widget.datetime',
  checkbox: 'editor.widget.checkbox',
  toggle: 'editor.widget.toggle',
  radio: 'editor.widget.radio',
  dropdown: 'editor.widget.dropdown',
  address: 'editor.widget.address',
  school: 'editor.widget.school',
  schooladdress: 'editor.widget.schooladdress',
  fileupload: 'editor.widget.fileupload',
  text: 'editor.widget.text',
  button: 'editor.widget.button',
  alert: 'editor.widget.alert',
  table: 'editor.widget.table',
  card: 'editor.widget.card',
  chart: 'editor.widget.chart',
  loader: 'editor.widget.loader',
  barcode: 'editor.widget.barcode',
  pdfextractor: 'editor.widget.pdfextractor',
  kanban: 'editor.widget.kanban',
  qrcodeReader: 'editor.widget.qrcodeReader',
};

/** A widget type's name's key; an unknown type has none (it is named by its type). */
export const widgetNameKey = (type: string): MessageKey | undefined => (WIDGET_NAME_KEYS as Partial<Record<string, MessageKey>>)[type];
