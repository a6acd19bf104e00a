import type { DropdownOption } from '@rakit/core';
import { ActionIcon, Button, Group, Input, Stack, Text, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/LanguageProvider';

/** The custom option list of a dropdown: a text and a value per row; Enter in a row adds one after it. */
export function OptionRowsEditor({ value, onChange }: { value: readonly DropdownOption[]; onChange: (next: DropdownOption[]) => void }) {
  const t = useT();
  const [focusRow, setFocusRow] = useState<{ index: number } | null>(null);
  const firstInputs = useRef<(HTMLInputElement | null)[]>([]);
  useEffect(() => {
    if (focusRow !== null) firstInputs.current[focusRow.index]?.focus();
  }, [focusRow]);

  const addAfter = (index: number) => {
    onChange(value.toSpliced(index + 1, 0, { textOption: '', valueOption: '' }));
    setFocusRow({ index: index + 1 });
  };
  const edit = (index: number, change: Partial<DropdownOption>) => onChange(value.with(index, { ...(value[index] as DropdownOption), ...change }));
  const onEnter = (index: number) => (event: React.KeyboardEvent) => {
    if (event.key === 'Enter' && !event.nativeEvent.isComposing) {
      event.preventDefault();
      addAfter(index);
    }
  };
  return (
    <Stack gap={6}>
      <Group gap={6} wrap="nowrap" pr={34}>
        <Input.Label flex={1}>{t('formwidgets.dropdown.text')}</Input.Label>
        <Input.Label flex={1}>{t('formwidgets.dropdown.value')}</Input.Label>
      </Group>
      {value.length === 0 ? <Text size="xs" c="dimmed">{t('formwidgets.dropdown.noOptions')}</Text> : null}
      {value.map((option, index) => (
        // Rows have no identity of their own (inputs are controlled): the position is the key.
        <Group key={index} gap={6} wrap="nowrap">
          <TextInput
            ref={(element) => {
              firstInputs.current[index] = element;
            }}
            flex={1}
            size="xs"
            aria-label={t('formwidgets.dropdown.optionText', { number: index + 1 })} value={option.textOption} onChange={(e) => edit(index, { textOption: e.currentTarget.value })} onKeyDown={onEnter(index)} />
          <TextInput flex={1} size="xs" aria-label={t('formwidgets.dropdown.optionValue', { number: index + 1 })} value={option.valueOption} onChange={(e) => edit(index, { valueOption: e.currentTarget.value })} onKeyDown={onEnter(index)} />
          <ActionIcon variant="subtle" color="red" aria-label={t('formwidgets.dropdown.removeOption', { number: index + 1 })} onClick={() => onChange(value.toSpliced(index, 1))}>
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => addAfter(value.length - 1)} style={{ alignSelf: 'flex-start' }}>
        {t('formwidgets.dropdown.addOption')}
      </Button>
    </Stack>
  );
}
