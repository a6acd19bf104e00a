import { Group, Select, TextInput } from '@mantine/core';
import { CUSTOM_VALUE, USER_ID_MARKER, type ValueSource, VARIABLE_VALUE } from '@rakit/core';
import { useT } from '../i18n/LanguageProvider';
import { useActionScope } from './dialog-scope';

interface ValueSourcePickerProps {
  value: ValueSource;
  onChange: (next: ValueSource) => void;
  /** Accessible name of the select (the custom text is named after it). */
  name: string;
  /** Offer the signed-in user (--userId--); default true. */
  withUser?: boolean;
  /**
   * Offer the environment's variables (issue 39): all where the server binds the value (the
   * default), 'plain' ones only where the member's browser sends it (a REQUEST), none elsewhere.
   */
  withVariables?: boolean | 'plain';
}

/** A variable's choice in the select: the marker and the name in one value. */
const VARIABLE_CHOICE = `${VARIABLE_VALUE}:`;
const choiceOf = (value: ValueSource): string | null =>
  value.source === '' ? null : value.source === VARIABLE_VALUE ? `${VARIABLE_CHOICE}${value.custom}` : value.source;

/**
 * Where a value comes from (spec 2 §3, §6): a form widget of the page (listed by title), a
 * column of the row (a data widget's actions), a custom value typed here, the signed-in
 * user, or a named variable of the environment (bound by the server, so only offered where the
 * server runs the action). Used by every row of every action section.
 */
export function ValueSourcePicker({ value, onChange, name, withUser = true, withVariables = true }: ValueSourcePickerProps) {
  const t = useT();
  const { valueComponents, rowColumns, variables } = useActionScope();
  const isMarker = value.source === CUSTOM_VALUE || value.source === USER_ID_MARKER || value.source === VARIABLE_VALUE;
  const columns = rowColumns.filter((c) => !valueComponents.some((v) => v.id === c)).map((c) => ({ value: c, label: c }));
  const missing = !isMarker && value.source !== '' && !valueComponents.some((c) => c.id === value.source) && !rowColumns.includes(value.source);
  const components = valueComponents.map((c) => ({ value: c.id, label: c.title.trim() === '' ? c.id : c.title }));
  if (missing) components.push({ value: value.source, label: t('actions.source.notOnPage', { source: value.source }) });
  const others = [{ value: CUSTOM_VALUE, label: t('actions.source.custom') }, ...(withUser ? [{ value: USER_ID_MARKER, label: t('actions.source.user') }] : [])];
  const offered = withVariables === false ? [] : variables.filter((variable) => withVariables === true || !variable.secret);
  const variableItems = offered.map((variable) => ({ value: `${VARIABLE_CHOICE}${variable.name}`, label: variable.name }));
  if (value.source === VARIABLE_VALUE && !variableItems.some((item) => item.label === value.custom)) {
    variableItems.push({ value: `${VARIABLE_CHOICE}${value.custom}`, label: t('actions.source.variableMissing', { name: value.custom }) });
  }
  const data = [
    ...(columns.length === 0 ? [] : [{ group: t('actions.source.rowColumns'), items: columns }]),
    ...(components.length === 0 ? [] : [{ group: t('actions.source.pageComponents'), items: components }]),
    ...(variableItems.length === 0 ? [] : [{ group: t('actions.source.variables'), items: variableItems }]),
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
        value={choiceOf(value)}
        error={missing}
        allowDeselect={false}
        searchable
        onChange={(next) => {
          if (next === null) return;
          if (next.startsWith(VARIABLE_CHOICE)) onChange({ source: VARIABLE_VALUE, custom: next.slice(VARIABLE_CHOICE.length) });
          else onChange({ source: next, custom: next === CUSTOM_VALUE ? value.custom : '' });
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
