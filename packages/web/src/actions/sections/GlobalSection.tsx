import { Select, TextInput } from '@mantine/core';
import { CUSTOM_VALUE, GLOBAL_VARIABLE_KINDS, GlobalConfigSchema } from '@rakit/core';
import { configOf } from '../config-of';
import { type ActionSectionProps, withRaw } from '../dialog-scope';
import { RowList } from '../RowList';
import { ValueSourcePicker } from '../ValueSourcePicker';

/**
 * GLOBAL (spec 2 §3, §4): variables kept for later pages, read as {{key}}. 'permanent' stays
 * until overwritten or sign-out; 'once' is removed after the next page has read it.
 */
export function GlobalSection({ action, onChange }: ActionSectionProps) {
  const config = configOf(GlobalConfigSchema, action.raw);
  return (
    <RowList
      label="Variables"
      rowName="variable"
      description="Pages read them as {{key}}."
      rows={config.params}
      onChange={(params) => onChange(withRaw(action, { params }))}
      newRow={() => ({ name: '', source: CUSTOM_VALUE, custom: '', type: 'permanent' as const })}
      addLabel="Add variable"
      emptyText="No variables yet."
    >
      {(row, setRow, index) => (
        <>
          <TextInput size="xs" w={110} aria-label={`Key of variable ${index + 1}`} placeholder="Key" value={row.name} onChange={(event) => setRow({ ...row, name: event.currentTarget.value })} />
          <ValueSourcePicker value={row} onChange={(source) => setRow({ ...row, ...source })} name={`Value of variable ${index + 1}`} />
          <Select
            size="xs"
            w={108}
            aria-label={`Type of variable ${index + 1}`}
            data={[...GLOBAL_VARIABLE_KINDS]}
            value={row.type}
            allowDeselect={false}
            onChange={(type) => setRow({ ...row, type: type === 'once' ? 'once' : 'permanent' })}
          />
        </>
      )}
    </RowList>
  );
}
