import { Autocomplete, SimpleGrid, Stack, TagsInput, TextInput } from '@mantine/core';
import type { ApiFilterParam } from '@rakit/core';
import { RowList } from '../../actions/RowList';
import { useT } from '../../i18n/LanguageProvider';

interface FilterParamRowsProps {
  rows: readonly ApiFilterParam[];
  /** The endpoint's named columns, offered for a filter's column (another may be typed). */
  columns: readonly string[];
  onChange: (rows: ApiFilterParam[]) => void;
}

const blankFilter = (): ApiFilterParam => ({ field: '', param: '', maxParam: '', choices: [] });

/**
 * Which columns a table on the endpoint may filter, and the query parameters the API filters
 * them by (issue 40): a select filter's value goes in the parameter, an interval's bounds in the
 * parameter and the upper bound's; a select filter offers the choices listed here.
 */
export function FilterParamRows({ rows, columns, onChange }: FilterParamRowsProps) {
  const t = useT();
  return (
    <RowList
      label={t('admin.apis.filters')}
      description={t('admin.apis.filtersHint')}
      rowName={t('admin.apis.filterRow')}
      rows={rows}
      onChange={onChange}
      newRow={blankFilter}
      addLabel={t('admin.apis.addFilter')}
      emptyText={t('admin.apis.filtersNone')}
    >
      {(row, set, index) => (
        <Stack gap={6} flex={1} miw={0}>
          <SimpleGrid cols={{ base: 1, xs: 3 }} spacing={6} verticalSpacing={6}>
            <Autocomplete
              aria-label={t('admin.apis.filterColumnOf', { position: index + 1 })}
              placeholder={t('admin.apis.filterColumn')}
              data={[...new Set(columns)]}
              value={row.field}
              onChange={(field) => set({ ...row, field })}
              autoComplete="off"
            />
            <TextInput
              aria-label={t('admin.apis.filterParamOf', { position: index + 1 })}
              placeholder={t('admin.apis.filterParam')}
              value={row.param}
              onChange={(event) => set({ ...row, param: event.currentTarget.value })}
              autoComplete="off"
            />
            <TextInput
              aria-label={t('admin.apis.filterMaxParamOf', { position: index + 1 })}
              placeholder={t('admin.apis.filterMaxParam')}
              value={row.maxParam}
              onChange={(event) => set({ ...row, maxParam: event.currentTarget.value })}
              autoComplete="off"
            />
          </SimpleGrid>
          <TagsInput
            aria-label={t('admin.apis.filterChoicesOf', { position: index + 1 })}
            placeholder={row.choices.length === 0 ? t('admin.apis.filterChoices') : undefined}
            value={row.choices}
            onChange={(choices) => set({ ...row, choices })}
            maxTags={100}
            clearable
          />
        </Stack>
      )}
    </RowList>
  );
}
