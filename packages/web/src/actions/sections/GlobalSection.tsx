import { Select, TextInput } from '@mantine/core';
import { CUSTOM_VALUE, GLOBAL_VARIABLE_KINDS, GlobalConfigSchema, type MessageKey } from '@rakit/core';
import { useT } from '../../i18n/LanguageProvider';
import { configOf } from '../config-of';
import { type ActionSectionProps, withRaw } from '../dialog-scope';
import { RowList } from '../RowList';
import { ValueSourcePicker } from '../ValueSourcePicker';

/** Each kind of variable as the select names it. */
const KIND_LABELS: Record<(typeof GLOBAL_VARIABLE_KINDS)[number], MessageKey> = {
  permanent: 'actions.global.kindPermanent',
  once: 'actions.global.kindOnce',
};

/**
 * GLOBAL (spec 2 §3, §4): variables kept for later pages, read as {{key}}. 'permanent' stays
 * until overwritten or sign-out; 'once' is removed after the next page has read it.
 */
export function GlobalSection({ action, onChange }: ActionSectionProps) {
  const t = useT();
  const config = configOf(GlobalConfigSchema, action.raw);
  return (
    <RowList
      label={t('actions.global.variables')}
      rowName={t('actions.global.variable')}
      description={t('actions.global.help', { example: '{{key}}' })}
      rows={config.params}
      onChange={(params) => onChange(withRaw(action, { params }))}
      newRow={() => ({ name: '', source: CUSTOM_VALUE, custom: '', type: 'permanent' as const })}
      addLabel={t('actions.global.add')}
      emptyText={t('actions.global.empty')}
    >
      {(row, setRow, index) => (
        <>
          <TextInput size="xs" w={110} aria-label={t('actions.global.keyOf', { position: index + 1 })} placeholder={t('actions.global.key')} value={row.name} onChange={(event) => setRow({ ...row, name: event.currentTarget.value })} />
          <ValueSourcePicker value={row} onChange={(source) => setRow({ ...row, ...source })} name={t('actions.global.valueOf', { position: index + 1 })} withVariables={false} />
          <Select
            size="xs"
            w={108}
            aria-label={t('actions.global.typeOf', { position: index + 1 })}
            data={GLOBAL_VARIABLE_KINDS.map((kind) => ({ value: kind, label: t(KIND_LABELS[kind]) }))}
            value={row.type}
            allowDeselect={false}
            onChange={(type) => setRow({ ...row, type: type === 'once' ? 'once' : 'permanent' })}
          />
        </>
      )}
    </RowList>
  );
}
