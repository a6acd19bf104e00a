import { Select, Text, Textarea, TextInput } from '@mantine/core';
import {
  changedRowValues, type CustomAction, EditConfigSchema, editableText, type RowEditField, type RowValues, splitOptions, type WidgetColumn,
} from '@rakit/core';
import { useState } from 'react';
import { FormDialog } from '../../components/FormDialog';
import { configOf } from '../../actions/config-of';
import { useT } from '../../i18n/LanguageProvider';


/** The fields the EDIT action lists, or the shown columns (the key excepted) as text fields. */
export function editFieldsOf(action: CustomAction, columns: readonly WidgetColumn[], primaryKey: string | null): RowEditField[] {
  const listed = configOf(EditConfigSchema, action.raw).editFields.filter((f) => f.name.trim() !== '');
  if (listed.length > 0) return listed.map((f) => ({ ...f, name: f.name.trim() }));
  return columns.filter((c) => c.field !== primaryKey).map((c) => ({ name: c.field, type: 'text', options: '' }));
}

interface RowEditDialogProps {
  action: CustomAction;
  row: RowValues;
  /** The widget's shown columns and its key: the fields, when the action lists none (editFieldsOf). */
  columns: readonly WidgetColumn[];
  primaryKey: string | null;
  /** Labels of the shown columns, by source column. */
  labels: Readonly<Record<string, string>>;
  /** Saves the changed columns; resolves when done. The owner closes the dialog once saved, and keeps it after a failure. */
  onSave: (changes: Record<string, string | number | null>) => Promise<void>;
  onClose: () => void;
}

/** The edit dialog of a row: one input per field, by its type; Save sends only what changed. */
export function RowEditDialog({ action, row, columns, primaryKey, labels, onSave, onClose }: RowEditDialogProps) {
  const t = useT();
  const [fields] = useState(() => editFieldsOf(action, columns, primaryKey));
  const [values, setValues] = useState<Record<string, string>>(() =>
    Object.fromEntries(fields.map((f) => [f.name, editableText(row[f.name], f.type)])));
  const set = (name: string, text: string) => setValues((previous) => ({ ...previous, [name]: text }));

  return (
    <FormDialog
      title={action.name}
      onClose={onClose}
      onSubmit={async () => {
        const changes = changedRowValues(row, values, fields);
        if (Object.keys(changes).length === 0) return onClose();
        await onSave(changes);
      }}
    >
      {fields.length === 0 ? <Text size="sm" c="dimmed">{t('datawidgets.rowEdit.noFields')}</Text> : null}
      {fields.map((field) => {
        const label = labels[field.name] ?? field.name;
        const value = values[field.name] ?? '';
        const onText = (text: string) => set(field.name, text);
        switch (field.type) {
          case 'textarea':
            return <Textarea key={field.name} label={label} autosize minRows={3} value={value} onChange={(e) => onText(e.currentTarget.value)} />;
          case 'dropdown': {
            const options = splitOptions(field.options);
            return <Select key={field.name} label={label} data={options.includes(value) || value === '' ? options : [...options, value]} value={value === '' ? null : value} onChange={(next) => onText(next ?? '')} clearable />;
          }
          default:
            return <TextInput key={field.name} label={label} type={field.type === 'text' ? 'text' : field.type} value={value} onChange={(e) => onText(e.currentTarget.value)} />;
        }
      })}
    </FormDialog>
  );
}
