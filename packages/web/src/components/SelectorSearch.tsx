import { CloseButton, Combobox, Group, TextInput, useCombobox } from '@mantine/core';
import { IconCheck, IconPlus, IconSearch } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../i18n/LanguageProvider';

/** The value onSubmit receives for the 'Create New …' entry; any other value is an item's id. */
export const SELECTOR_CREATE = '__create__';

export interface SelectorItem {
  id: number;
  name: string;
}

interface SelectorSearchProps {
  items: readonly SelectorItem[];
  currentId: number | undefined;
  loading: boolean;
  width: number;
  /** What the list holds, in the singular and the plural: 'page' / 'Pages', 'workflow' / 'Workflows'. */
  noun: { one: string; many: string };
  placeholder: string;
  onCancel: () => void;
  onSubmit: (value: string) => void;
}

/**
 * The 'dynamic' face of the page and workflow selectors (spec 1 §4): a search with 'Create New …'
 * first and the items below, the current one marked. Escape, the cancel button or a click
 * elsewhere cancels.
 */
export function SelectorSearch({ items, currentId, loading, width, noun, placeholder, onCancel, onSubmit }: SelectorSearchProps) {
  const t = useT();
  const [search, setSearch] = useState('');
  const combobox = useCombobox({ defaultOpened: true, onDropdownClose: onCancel });
  const wanted = search.trim().toLowerCase();
  const shown = items.filter((item) => item.name.toLowerCase().includes(wanted));
  const capitalised = noun.one.charAt(0).toUpperCase() + noun.one.slice(1);

  return (
    <Combobox store={combobox} onOptionSubmit={onSubmit} width={width} position="bottom-start">
      <Combobox.Target>
        <TextInput
          w={width}
          maw="100%"
          autoFocus
          placeholder={placeholder}
          aria-label={t('shell.selector.search', { noun: noun.one })}
          leftSection={<IconSearch size={16} />}
          value={search}
          onChange={(event) => {
            setSearch(event.currentTarget.value);
            combobox.updateSelectedOptionIndex();
          }}
          onBlur={() => combobox.closeDropdown()}
          rightSection={<CloseButton size="sm" aria-label={t('shell.dialog.cancel')} onMouseDown={(event) => event.preventDefault()} onClick={onCancel} />}
        />
      </Combobox.Target>
      <Combobox.Dropdown>
        <Combobox.Options mah={360} style={{ overflowY: 'auto' }} aria-label={noun.many}>
          <Combobox.Option value={SELECTOR_CREATE}>
            <Group gap={6} c="blue" fw={600}><IconPlus size={16} />{t('shell.selector.create', { noun: capitalised })}</Group>
          </Combobox.Option>
          {shown.map((item) => (
            <Combobox.Option key={item.id} value={String(item.id)} active={item.id === currentId}>
              <Group gap={6} justify="space-between" wrap="nowrap">
                {item.name}
                {item.id === currentId && <IconCheck size={14} aria-hidden />}
              </Group>
            </Combobox.Option>
          ))}
          {shown.length === 0 && <Combobox.Empty>{loading ? t('shell.selector.loading', { nouns: noun.many.toLowerCase() }) : t('shell.selector.none', { noun: noun.one })}</Combobox.Empty>}
        </Combobox.Options>
      </Combobox.Dropdown>
    </Combobox>
  );
}
