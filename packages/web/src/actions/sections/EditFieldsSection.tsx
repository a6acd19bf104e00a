import { Select, TextInput } from '@mantine/core';
import { EDIT_FIELD_TYPES, EditFieldSchema } from '@rakit/core';
import { z } from 'zod';
import { configOf } from '../config-of';
import { type ActionSectionProps, withRaw } from '../dialog-scope';
import { RowList } from '../RowList';

const EditConfigSchema = z.looseObject({ editFields: z.array(EditFieldSchema).default([]) });

/** EDIT (spec 2 §3, spec 3 §4): the row's fields offered for editing, with their input type. */
export function EditFieldsSection({ action, onChange }: ActionSectionProps) {
  const config = configOf(EditConfigSchema, action.raw);
  return (
    <RowList
      label="Edit fields"
      rowName="field"
      rows={config.editFields}
      onChange={(editFields) => onChange(withRaw(action, { editFields }))}
      newRow={() => ({ name: '', type: 'text' as const, options: '' })}
      addLabel="Add field"
      emptyText="No fields yet."
    >
      {(row, setRow, index) => (
        <>
          <TextInput size="xs" flex={1} aria-label={`Column of field ${index + 1}`} placeholder="Column" value={row.name} onChange={(event) => setRow({ ...row, name: event.currentTarget.value })} />
          <Select
            size="xs"
            w={110}
            aria-label={`Type of field ${index + 1}`}
            data={[...EDIT_FIELD_TYPES]}
            value={row.type}
            allowDeselect={false}
            onChange={(type) => setRow({ ...row, type: EDIT_FIELD_TYPES.find((t) => t === type) ?? 'text' })}
          />
          {row.type === 'dropdown' && (
            <TextInput size="xs" flex={1} aria-label={`Options of field ${index + 1}`} placeholder="a,b,c" value={row.options} onChange={(event) => setRow({ ...row, options: event.currentTarget.value })} />
          )}
        </>
      )}
    </RowList>
  );
}
