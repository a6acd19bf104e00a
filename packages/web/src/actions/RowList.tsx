import { ActionIcon, Button, Group, Input, Stack, Text } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useT } from '../i18n/LanguageProvider';

interface RowListProps<T> {
  label: string;
  /** Names a row for the remove button ('value': 'Remove value 2'), in the reader's catalog. */
  rowName: string;
  rows: readonly T[];
  onChange: (rows: T[]) => void;
  /** The row the add button appends; no add button when omitted (rows follow something else). */
  newRow?: () => T;
  addLabel?: string;
  emptyText?: string;
  description?: ReactNode;
  /** One row's fields; `set` replaces the row. */
  children: (row: T, set: (next: T) => void, index: number) => ReactNode;
}

/** A list of rows edited in place, each with a remove button, and an add button: every list of the action sections. */
export function RowList<T>({ label, rowName, rows, onChange, newRow, addLabel, emptyText, description, children }: RowListProps<T>) {
  const t = useT();
  return (
    <Stack gap={6}>
      <Input.Label>{label}</Input.Label>
      {description === undefined ? null : <Input.Description mt={-4}>{description}</Input.Description>}
      {rows.length === 0 && emptyText !== undefined ? <Text size="xs" c="dimmed">{emptyText}</Text> : null}
      {rows.map((row, index) => (
        // Rows are only appended and removed; the position is the row's identity.
        <Group key={index} gap={6} wrap="nowrap" align="flex-start">
          {children(row, (next) => onChange(rows.with(index, next)), index)}
          {newRow === undefined ? null : (
            <ActionIcon variant="subtle" color="red" mt={2} aria-label={t('actions.rows.remove', { name: rowName, position: index + 1 })} onClick={() => onChange(rows.toSpliced(index, 1))}>
              <IconTrash size={16} />
            </ActionIcon>
          )}
        </Group>
      ))}
      {newRow === undefined ? null : (
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} style={{ alignSelf: 'flex-start' }} onClick={() => onChange([...rows, newRow()])}>
          {addLabel ?? t('actions.rows.add')}
        </Button>
      )}
    </Stack>
  );
}
