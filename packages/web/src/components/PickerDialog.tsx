import { Center, Group, Loader, Radio, ScrollArea, Stack, Text, TextInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { notifyFailure } from './notify';
import { FormDialog } from './FormDialog';
import { useT } from '../i18n/LanguageProvider';

export interface PickerOption {
  value: string;
  label: string;
}

interface PickerDialogProps {
  title: string;
  /** The choices; undefined while they load. */
  options: readonly PickerOption[] | undefined;
  /** Shown when Save is pressed with nothing chosen (spec 1 §5). */
  requiredMessage: string;
  onSave: (value: string) => Promise<void>;
  onClose: () => void;
  /** The choice marked when the dialog opens. */
  initial?: string | null;
  emptyText?: string;
  description?: string;
}

/**
 * A popup choosing one item of a list (Select Page, Select Group, the default group):
 * a search box, the matching items, Cancel and Save. Enter saves; when nothing is marked
 * and a search leaves exactly one item, that one is taken.
 */
export function PickerDialog({
  title, options, requiredMessage, onSave, onClose, initial = null, emptyText, description,
}: PickerDialogProps) {
  const t = useT();
  const [search, setSearch] = useState('');
  const [chosen, setChosen] = useState<string | null>(initial);
  const needle = search.trim().toLowerCase();
  const shown = (options ?? []).filter((option) => option.label.toLowerCase().includes(needle));

  async function save() {
    const only = needle !== '' && shown.length === 1 ? shown[0]?.value : undefined;
    const value = chosen ?? only ?? null;
    if (value === null || !(options ?? []).some((option) => option.value === value)) {
      notifyFailure(requiredMessage);
      return;
    }
    await onSave(value);
  }

  return (
    <FormDialog title={title} onSubmit={save} onClose={onClose}>
      {description !== undefined && <Text size="sm" c="dimmed">{description}</Text>}
      <TextInput
        aria-label={t('shell.search')}
        placeholder={t('shell.search')}
        leftSection={<IconSearch size={16} />}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      {options === undefined ? (
        <Center py="md"><Loader size="sm" role="status" aria-label={t('shell.loading', { what: title.toLowerCase() })} /></Center>
      ) : (
        <ScrollArea.Autosize mah={280} type="auto">
          <Radio.Group value={chosen} onChange={setChosen} aria-label={title}>
            <Stack gap={4}>
              {shown.map((option) => (
                <Radio.Card key={option.value} value={option.value} radius="sm" p="xs" withBorder={false} bg={option.value === chosen ? 'blue.0' : undefined}>
                  <Group gap="sm" wrap="nowrap">
                    <Radio.Indicator size="xs" />
                    <Text size="sm">{option.label}</Text>
                  </Group>
                </Radio.Card>
              ))}
              {shown.length === 0 && <Text size="sm" c="dimmed" ta="center" py="sm">{options.length === 0 ? emptyText ?? t('shell.picker.empty') : t('shell.picker.noMatch')}</Text>}
            </Stack>
          </Radio.Group>
        </ScrollArea.Autosize>
      )}
    </FormDialog>
  );
}
