import { Input, SegmentedControl, Select, Stack } from '@mantine/core';
import { actionDatabase, CONDITION_OPERATORS, CUSTOM_VALUE, type RawQuery } from '@rakit/core';
import { useT } from '../../i18n/LanguageProvider';
import { columnsOf, type ActionSectionProps, tablesOf, useActionScope, withRaw } from '../dialog-scope';
import { RowList } from '../RowList';
import { ValueSourcePicker } from '../ValueSourcePicker';
import { ColumnSelect } from './ColumnSelect';

type Builder = Pick<RawQuery, 'type' | 'table' | 'setValues' | 'conditions'>;

/** The query builder's part of a CUSTOM action, whatever state the draft is in. */
function builderOf(raw: Record<string, unknown> | undefined): Builder {
  const value = (raw ?? {}) as Partial<Builder>;
  return {
    type: value.type === 'UPDATE' ? 'UPDATE' : 'INSERT',
    table: typeof value.table === 'string' ? value.table : '',
    setValues: Array.isArray(value.setValues) ? value.setValues : [],
    conditions: Array.isArray(value.conditions) ? value.conditions : [],
  };
}

/**
 * CUSTOM (spec 2 §4): an INSERT or UPDATE of a table of the chosen connection, built on the
 * server from these rows: set values (column ← source) and, for UPDATE, conditions
 * (column operator source) — a condition may compare a column to the signed-in user.
 */
export function QueryBuilderSection({ action, onChange }: ActionSectionProps) {
  const t = useT();
  const { databases } = useActionScope();
  const builder = builderOf(action.raw);
  const tables = tablesOf(databases, actionDatabase(action));
  const columns = columnsOf(tables, builder.table);
  const set = (changes: Partial<Builder>) => onChange(withRaw(action, changes));

  const chooseTable = (table: string) => {
    // Rows whose column the new table also has are kept.
    const kept = columnsOf(tables, table);
    set({ table, setValues: builder.setValues.filter((v) => kept.includes(v.column)), conditions: builder.conditions.filter((c) => kept.includes(c.column)) });
  };

  return (
    <Stack gap="sm">
      <Stack gap={4}>
        <Input.Label>{t('actions.query.type')}</Input.Label>
        <SegmentedControl size="xs" data={['INSERT', 'UPDATE']} value={builder.type} onChange={(type) => set({ type: type === 'UPDATE' ? 'UPDATE' : 'INSERT' })} />
      </Stack>
      <Select
        label={t('actions.query.table')}
        placeholder={tables.length === 0 ? t('actions.query.databaseFirst') : t('actions.query.tableChoose')}
        data={tables.map((each) => each.table_name)}
        value={builder.table === '' ? null : builder.table}
        onChange={(table) => chooseTable(table ?? '')}
        searchable
        allowDeselect={false}
      />
      <RowList
        label={t('actions.query.setValues')}
        rowName={t('actions.query.value')}
        rows={builder.setValues}
        onChange={(setValues) => set({ setValues })}
        newRow={() => ({ column: '', source: CUSTOM_VALUE, custom: '' })}
        addLabel={t('actions.query.addValue')}
        emptyText={t('actions.query.valuesNone')}
      >
        {(row, setRow, index) => (
          <>
            <ColumnSelect columns={columns} value={row.column} onChange={(column) => setRow({ ...row, column })} name={t('actions.query.columnOfValue', { position: index + 1 })} />
            <ValueSourcePicker value={row} onChange={(source) => setRow({ ...row, ...source })} name={t('actions.query.sourceOfValue', { position: index + 1 })} />
          </>
        )}
      </RowList>
      {builder.type === 'UPDATE' && (
        <RowList
          label={t('actions.query.conditions')}
          rowName={t('actions.query.condition')}
          description={t('actions.query.conditionsHelp')}
          rows={builder.conditions}
          onChange={(conditions) => set({ conditions })}
          newRow={() => ({ column: '', operator: '=' as const, source: CUSTOM_VALUE, custom: '' })}
          addLabel={t('actions.query.addCondition')}
          emptyText={t('actions.query.conditionsNone')}
        >
          {(row, setRow, index) => (
            <>
              <ColumnSelect columns={columns} value={row.column} onChange={(column) => setRow({ ...row, column })} name={t('actions.query.columnOfCondition', { position: index + 1 })} width={130} />
              <Select
                size="xs"
                w={64}
                aria-label={t('actions.query.operatorOfCondition', { position: index + 1 })}
                data={[...CONDITION_OPERATORS]}
                value={row.operator}
                allowDeselect={false}
                onChange={(operator) => setRow({ ...row, operator: CONDITION_OPERATORS.find((o) => o === operator) ?? '=' })}
              />
              <ValueSourcePicker value={row} onChange={(source) => setRow({ ...row, ...source })} name={t('actions.query.sourceOfCondition', { position: index + 1 })} />
            </>
          )}
        </RowList>
      )}
    </Stack>
  );
}
