import type { MessageKey, WidgetType } from '@rakit/core';
import { t } from '../i18n/i18n';
import type { Translate } from '../i18n/LanguageProvider';

/**
 * The widget types' names as the editor shows them (palette, board, configuration panel,
 * announcements): core's model labels (widgetLabel) are the specification's texts, translated here.
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

/** A widget type's name in the active catalog (a component passes its useT); an unknown type by its name. */
export const widgetName = (type: string, translate: Translate = t): string => {
  const key = (WIDGET_NAME_KEYS as Partial<Record<string, MessageKey>>)[type];
  return key === undefined ? type : translate(key);
};
