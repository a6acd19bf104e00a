import { Button, Group, Menu, TextInput } from '@mantine/core';
import type { CustomAction } from '@rakit/core';
import { IconDownload, IconSearch, IconStack2 } from '@tabler/icons-react';
import { memo } from 'react';
import type { TableContent } from '../../api/client';
import { sameItemProps } from '../../components/memo-props';
import { useT } from '../../i18n/LanguageProvider';
import { WidgetTitle } from '../shared/WidgetTitle';
import type { Filters } from './FilterFields';
import { FiltersButton } from './FiltersButton';

/*
 * The data table's title row and tools (spec 3 "Data table", §4), each its own part rendered
 * again only when what it shows changes: the table around them renders on every step of a load
 * (fetching, rows, count, the overlay), and their inputs and buttons were a third of each of
 * those renders (issue 42, bench/render-count.ts).
 */

interface TableTitleRowProps {
  title: string;
  /** With Export To Excel: enabled once the rows are live, loading while the file is made. */
  toExcel: boolean;
  live: boolean;
  exporting: boolean;
  onExport: () => void;
}

export const TableTitleRow = memo(function TableTitleRow({ title, toExcel, live, exporting, onExport }: TableTitleRowProps) {
  const t = useT();
  return (
    <Group justify="space-between" mb="sm">
      <WidgetTitle>{title}</WidgetTitle>
      {toExcel ? (
        <Button size="sm" variant="light" leftSection={<IconDownload size={16} />} loading={exporting} disabled={!live} onClick={onExport}>
          {t('datawidgets.table.exportExcel')}
        </Button>
      ) : null}
    </Group>
  );
});

interface TableToolsProps {
  searchShown: boolean;
  search: string;
  /** The index matches whole words: the search field says so. */
  searchWholeWords: boolean;
  onSearch: (text: string) => void;
  filtersShown: boolean;
  possibleFilters: TableContent['possibleFilters'];
  filters: Filters;
  onFilters: (next: Filters) => void;
  /** With Bulk Action: its actions, for the checked rows (none checked: disabled). */
  withBulk: boolean;
  bulk: readonly CustomAction[];
  chosenCount: number;
  running: boolean;
  onBulk: (action: CustomAction) => void;
}

/** Search Inside Table, Filters and Bulk Action. */
export const TableTools = memo(function TableTools({
  searchShown, search, searchWholeWords, onSearch, filtersShown, possibleFilters, filters, onFilters, withBulk, bulk, chosenCount, running, onBulk,
}: TableToolsProps) {
  const t = useT();
  return (
    <Group gap="sm">
      {searchShown ? (
        <TextInput
          size="sm"
          w={240}
          leftSection={<IconSearch size={16} />}
          placeholder={t('tableSearchPlaceholder')}
          aria-label={t('tableSearchPlaceholder')}
          description={searchWholeWords ? t('tableSearchWholeWords') : undefined}
          value={search}
          onChange={(event) => onSearch(event.currentTarget.value)}
        />
      ) : null}
      {filtersShown ? <FiltersButton filters={possibleFilters} value={filters} onChange={onFilters} /> : null}
      {withBulk ? (
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Button size="sm" variant="default" leftSection={<IconStack2 size={16} />} disabled={chosenCount === 0} loading={running && chosenCount > 0}>
              {t('datawidgets.table.bulkAction')}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {bulk.length === 0 ? <Menu.Label>{t('datawidgets.table.noBulkAction')}</Menu.Label> : null}
            {bulk.map((action) => (
              <Menu.Item key={action.name} disabled={running} onClick={() => onBulk(action)}>{action.name}</Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Item color="gray">{t('datawidgets.rowActions.cancel')}</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}, sameItemProps);
