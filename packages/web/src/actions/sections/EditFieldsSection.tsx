import { Select, TextInput } from '@mantine/core';
import { EDIT_FIELD_TYPES, EditConfigSchema, type MessageKey } from '@rakit/core';
import { useT } from '../../i18n/LanguageProvider';
import { configOf } from '../config-of';
import { type ActionSectionProps, withRaw } from '../dialog-scope';
import { RowList } from '../RowList';


/** Each input type as the select names it. */
const TYPE_LABELS: Record<(typeof EDIT_FIELD_TYPES)[number], MessageKey> = {
  text: 'actions.edit.typeText',
  number: 'actions.edit.typeNumber',
  date: 'actions.edit.typeDate',
  dropdown: 'actions.edit.typeDropdown',
  textarea: 'actions.edit.typeTextarea',
};

/** EDIT (spec 2 §3, spec 3 §4): the row's fields offered for editing, with their input type. */
export function EditFieldsSection({ action, onChange }: ActionSectionProps) {
  const t = useT();
  const config = configOf(EditConfigSchema, action.raw);
  return (
    <RowList
      label={t('actions.edit.fields')}
      rowName={t('actions.edit.field')}
      rows={config.editFields}
      onChange={(editFields) => onChange(withRaw(action, { editFields }))}
      newRow={() => ({ name: '', type: 'text' as const, options: '' })}
      addLabel={t('actions.edit.add')}
      emptyText={t('actions.edit.empty')}
    >
      {(row, setRow, index) => (
        <>
          <TextInput size="xs" flex={1} aria-label={t('actions.edit.columnOf', { position: index + 1 })} placeholder={t('actions.query.column')} value={row.name} onChange={(event) => setRow({ ...row, name: event.currentTarget.value })} />
          <Select
            size="xs"
            w={110}
            aria-label={t('actions.edit.typeOf', { position: index + 1 })}
            data={EDIT_FIELD_TYPES.map((type) => ({ value: type, label: t(TYPE_LABELS[type]) }))}
            value={row.type}
            allowDeselect={false}
            onChange={(type) => setRow({ ...row, type: EDIT_FIELD_TYPES.find((each) => each === type) ?? 'text' })}
          />
          {row.type === 'dropdown' && (
            <TextInput size="xs" flex={1} aria-label={t('actions.edit.optionsOf', { position: index + 1 })} placeholder={t('actions.edit.optionsExample')} value={row.options} onChange={(event) => setRow({ ...row, options: event.currentTarget.value })} />
          )}
        </>
      )}
    </RowList>
  );
}
