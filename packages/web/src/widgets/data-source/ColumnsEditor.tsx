import { ActionIcon, Button, Group, Input, Select, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import { useListFocus } from '../shared/list-focus';

/** One shown column: its label and the source column it shows. */
export interface ColumnRow {
  key: number;
  label: string;
  field: string;
}

let nextKey = 1;

/** options (labels) and mapping_table (source columns) as rows, paired by position. */
function rowsOf(options: string, mapping: string): ColumnRow[] {
  const labels = options === '' ? [] : options.split(',');
  const fields = mapping === '' ? [] : mapping.split(',');
  return Array.from({ length: Math.max(labels.length, fields.length) }, (_, i) => ({
    key: nextKey++, label: (labels[i] ?? '').trim(), field: (fields[i] ?? '').trim(),
  }));
}

const clean = (text: string) => text.replaceAll(',', ' ').trim();

/** The stored pair; a row with neither label nor column is not kept, a blank label takes the column's name. */
function storedOf(rows: readonly ColumnRow[]): { options: string; mapping_table: string } {
  const kept = rows.map((r) => ({ label: clean(r.label), field: clean(r.field) })).filter((r) => r.label !== '' || r.field !== '');
  return { options: kept.map((r) => r.label || r.field).join(','), mapping_table: kept.map((r) => r.field).join(',') };
}

interface ColumnsEditorProps {
  options: string;
  mapping: string;
  /** The source columns offered. */
  columns: readonly string[];
  onChange: (stored: { options: string; mapping_table: string }) => void;
  label?: string;
}

/**
 * The widget's columns (spec 3 "Data table" configuration): a label and its source column per
 * row. Enter in a label adds a column after it, the trash removes one, 'Add Column' appends.
 */
export function ColumnsEditor({ options, mapping, columns, onChange, label }: ColumnsEditorProps) {
  const t = useT();
  const [rows, setRows] = useState<ColumnRow[]>(() => rowsOf(options, mapping));
  const [sent, setSent] = useState(`${options}|${mapping}`);
  const list = useListFocus();

  if (`${options}|${mapping}` !== sent) {
    setSent(`${options}|${mapping}`);
    setRows(rowsOf(options, mapping));
  }

  const commit = (next: ColumnRow[]) => {
    setRows(next);
    const stored = storedOf(next);
    setSent(`${stored.options}|${stored.mapping_table}`);
    if (stored.options !== options || stored.mapping_table !== mapping) onChange(stored);
  };
  const insertAfter = (index: number) => {
    const row = { key: nextKey++, label: '', field: '' };
    commit(rows.toSpliced(index + 1, 0, row));
    list.focus(row.key);
  };

  return (
    <Stack gap={6}>
      <Input.Label>{label ?? t('datawidgets.columns.label')}</Input.Label>
      {rows.length === 0 ? <Text size="xs" c="dimmed">{t('datawidgets.columns.empty')}</Text> : null}
      {rows.map((row, index) => (
        <Group key={row.key} gap={6} wrap="nowrap">
          <TextInput
            flex={1}
            size="xs"
            aria-label={t('datawidgets.columns.column', { number: index + 1 })}
            placeholder={t('datawidgets.columns.column', { number: index + 1 })}
            value={row.label}
            {...list.inputProps(row.key, () => insertAfter(index))}
            onChange={(event) => commit(rows.with(index, { ...row, label: event.currentTarget.value }))}
          />
          <Select
            size="xs"
            w={140}
            aria-label={t('datawidgets.columns.sourceOf', { number: index + 1 })}
            placeholder={t('datawidgets.columns.sourcePlaceholder')}
            data={row.field !== '' && !columns.includes(row.field) ? [...columns, row.field] : [...columns]}
            value={row.field === '' ? null : row.field}
            error={row.field !== '' && columns.length > 0 && !columns.includes(row.field)}
            searchable
            clearable
            onChange={(field) => commit(rows.with(index, { ...row, field: field ?? '' }))}
          />
          <ActionIcon variant="subtle" color="red" aria-label={t('datawidgets.columns.remove', { number: index + 1 })} onClick={() => commit(rows.toSpliced(index, 1))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} style={{ alignSelf: 'flex-start' }} onClick={() => insertAfter(rows.length - 1)}>
        {t('datawidgets.columns.add')}
      </Button>
      <Text size="xs" c="dimmed">{t('datawidgets.columns.enterHint')}</Text>
    </Stack>
  );
}
