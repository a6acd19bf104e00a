import { memo } from 'react';
import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import type { TableSort } from '@rakit/core';
import { IconArrowDown, IconArrowUp, IconArrowsSort, IconHourglassLow } from '@tabler/icons-react';
import { LazyTooltip } from '../../components/LazyTooltip';
import { useT } from '../../i18n/LanguageProvider';

interface SortHeaderProps {
  label: string;
  field: string;
  sort: TableSort | undefined;
  onSort: (sort: TableSort | undefined) => void;
  /** The sort reads an index in order; false: every row the search keeps is read to sort (said on the header). */
  indexed: boolean;
}

/** What a click on a header does: ascending, then descending, then the table's own order again. */
const nextSort = (field: string, sort: TableSort | undefined): TableSort | undefined => {
  if (sort?.column !== field) return { column: field, direction: 'asc' };
  return sort.direction === 'asc' ? { column: field, direction: 'desc' } : undefined;
};

/**
 * A column header that sorts the table by its column (issue 32). A column no index orders
 * carries a note, on hover and for screen readers, that its sort reads every row.
 */
export const SortHeader = memo(function SortHeader({ label, field, sort, onSort, indexed }: SortHeaderProps) {
  const t = useT();
  const direction = sort?.column === field ? sort.direction : undefined;
  const Icon = direction === 'asc' ? IconArrowUp : direction === 'desc' ? IconArrowDown : IconArrowsSort;
  return (
    <Table.Th aria-sort={direction === 'asc' ? 'ascending' : direction === 'desc' ? 'descending' : undefined}>
      <Group gap={4} wrap="nowrap">
        <UnstyledButton onClick={() => onSort(nextSort(field, sort))} aria-description={indexed ? undefined : t('tableSortSlow')}>
          <Group gap={4} wrap="nowrap">
            <Text fw={700} size="sm" component="span">{label}</Text>
            <Icon size={14} aria-hidden opacity={direction === undefined ? 0.4 : 1} />
          </Group>
        </UnstyledButton>
        {indexed ? null : (
          <LazyTooltip label={t('tableSortSlow')}>
            <IconHourglassLow size={14} aria-label={t('tableSortSlow')} role="img" opacity={0.6} />
          </LazyTooltip>
        )}
      </Group>
    </Table.Th>
  );
});
