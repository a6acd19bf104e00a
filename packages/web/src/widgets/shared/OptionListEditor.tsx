import { joinOptions, splitOptions } from '@rakit/core';
import { ActionIcon, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import { useListFocus } from './list-focus';

interface Row {
  key: number;
  text: string;
}

let nextKey = 1;
const rowsOf = (stored: string): Row[] => splitOptions(stored).map((text) => ({ key: nextKey++, text }));

/**
 * The options of a checkbox, radio or switch as a list (spec 2 §2): Enter adds a blank option
 * after the current one, the trash removes one. Blank options stay in the list while being
 * edited and are dropped from the stored comma-separated string.
 */
export function OptionListEditor({ value, onChange, label }: { value: string; onChange: (stored: string) => void; label?: string }) {
  const t = useT();
  const [rows, setRows] = useState<Row[]>(() => rowsOf(value));
  const [sent, setSent] = useState(value);
  const list = useListFocus();

  // Changed from outside (undo, another panel): start again from the stored list.
  if (value !== sent) {
    setSent(value);
    setRows(rowsOf(value));
  }

  const commit = (next: Row[]) => {
    setRows(next);
    const stored = joinOptions(next.map((row) => row.text));
    setSent(stored);
    if (stored !== value) onChange(stored);
  };

  const addAfter = (index: number) => {
    const row = { key: nextKey++, text: '' };
    commit(rows.toSpliced(index + 1, 0, row));
    list.focus(row.key);
  };

  return (
    <Stack gap={6}>
      <Input.Label>{label ?? t('datawidgets.options.label')}</Input.Label>
      {rows.length === 0 ? <Text size="xs" c="dimmed">{t('datawidgets.options.empty')}</Text> : null}
      {rows.map((row, index) => (
        <Group key={row.key} gap={6} wrap="nowrap">
          <TextInput
            flex={1}
            size="xs"
            aria-label={t('datawidgets.options.option', { number: index + 1 })}
            placeholder={t('datawidgets.options.option', { number: index + 1 })}
            value={row.text}
            {...list.inputProps(row.key, () => addAfter(index))}
            onChange={(event) => commit(rows.with(index, { ...row, text: event.currentTarget.value }))}
          />
          <ActionIcon variant="subtle" color="red" aria-label={t('datawidgets.options.remove', { number: index + 1 })} onClick={() => commit(rows.toSpliced(index, 1))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => addAfter(rows.length - 1)} style={{ alignSelf: 'flex-start' }}>
        {t('datawidgets.options.add')}
      </Button>
      <Text size="xs" c="dimmed">{t('datawidgets.options.enterHint')}</Text>
    </Stack>
  );
}
