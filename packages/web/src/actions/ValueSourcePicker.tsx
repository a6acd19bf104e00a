import { Group, Select, TextInput } from '@mantine/core';
import { CUSTOM_VALUE, USER_ID_MARKER, type ValueSource } from '@rakit/core';
import { useT } from '../i18n/LanguageProvider';
import { useActionScope } from './dialog-scope';

interface ValueSourcePickerProps {
  value: ValueSource;
  onChange: (next: ValueSource) => void;
  /** Accessible name of the select (the custom text is named after it). */
  name: string;
  /** Offer the signed-in user (--userId--); default true. */
  withUser?: boolean;
}

/**
 * Where a value comes from (spec 2 §3, §6): a form widget of the page (listed by title), a
 * column of the row (a data widget's actions), a custom value typed here, or the signed-in
 * user. Used by every row of every action section.
 */
export function ValueSourcePicker({ value, onChange, name, withUser = true }: ValueSourcePickerProps) {
  const t = useT();
  const { valueComponents, rowColumns } = useActionScope();
  const isMarker = value.source === CUSTOM_VALUE || value.source === USER_ID_MARKER;
  const columns = rowColumns.filter((c) => !valueComponents.some((v) => v.id === c)).map((c) => ({ value: c, label: c }));
  const missing = !isMarker && value.source !== '' && !valueComponents.some((c) => c.id === value.source) && !rowColumns.includes(value.source);
  const components = valueComponents.map((c) => ({ value: c.id, label: c.title.trim() === '' ? c.id : c.title }));
  if (missing) components.push({ value: value.source, label: t('actions.source.notOnPage', { source: value.source }) });
  const others = [{ value: CUSTOM_VALUE, label: t('actions.source.custom') }, ...(withUser ? [{ value: USER_ID_MARKER, label: t('actions.source.user') }] : [])];
  const data = [
    ...(columns.length === 0 ? [] : [{ group: t('actions.source.rowColumns'), items: columns }]),
    ...(components.length === 0 ? [] : [{ group: t('actions.source.pageComponents'), items: components }]),
    { group: t('actions.source.other'), items: others },
  ];

  return (
    <Group gap={6} wrap="nowrap" flex={1} miw={0}>
      <Select
        size="xs"
        flex={1}
        miw={0}
        aria-label={name}
        placeholder={t('actions.source.placeholder')}
        data={data}
        value={value.source === '' ? null : value.source}
        error={missing}
        allowDeselect={false}
        searchable
        onChange={(next) => {
          if (next !== null) onChange({ source: next, custom: next === CUSTOM_VALUE ? value.custom : '' });
        }}
      />
      {value.source === CUSTOM_VALUE && (
        <TextInput
          size="xs"
          flex={1}
          miw={0}
          aria-label={t('actions.source.customOf', { name })}
          placeholder={t('actions.source.custom')}
          value={value.custom}
          onChange={(event) => onChange({ ...value, custom: event.currentTarget.value })}
        />
      )}
    </Group>
  );
}
