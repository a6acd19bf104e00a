import { Box, Checkbox, Table, Text } from '@mantine/core';
import { type CellKind, cellKindOf, type CustomAction, plainCellText, rowKeyOf, type RowValues, type WidgetColumn } from '@rakit/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { memo } from 'react';
import { sameItemProps } from '../../components/memo-props';
import { useT } from '../../i18n/LanguageProvider';
import { RowActionMenu } from '../data-source/RowActions';
import { MarkdownText } from '../shared/MarkdownText';
import classes from './Table.module.css';

interface TableRowsProps {
  rows: readonly RowValues[];
  /** Each row's key (rowKeysOf), in the rows' order. */
  keys: readonly string[];
  columns: readonly WidgetColumn[];
  primaryKey: string | null;
  /** The indexes of the columns whose cells are the author's markdown. */
  markdownColumns: readonly number[];
  formatCell: (value: unknown, kind?: CellKind) => string;
  /** With the checkbox column: `selected` holds the keys of the checked rows. */
  withBulk: boolean;
  selected: ReadonlySet<string>;
  onToggle: (key: string) => void;
  /** With the Action column: the row's EDIT and DELETE as icons, the other actions in a menu. */
  withActions: boolean;
  edit: CustomAction | undefined;
  remove: CustomAction | undefined;
  others: readonly CustomAction[];
  /** An action runs: the row's action controls are disabled. */
  running: boolean;
  onChoose: (action: CustomAction, row: RowValues) => void;
  /** The rows are being read: an empty table says so rather than "no data". */
  loading: boolean;
}

/** The key a row is known by (selection, React's list): its primary key, else its place. */
export const rowKeysOf = (rows: readonly RowValues[], primaryKey: string | null): string[] =>
  rows.map((row, index) => String(rowKeyOf(row, primaryKey, index)));

/**
 * The data table's body (spec 3 "Data table", §4). Its own part, rendered again only when
 * what it shows changes: the table around it renders on every step of a load (fetching,
 * rows, count, overlay), and rendering 20 rows of inputs and buttons each time held a slow
 * phone's main thread for 100 ms or more per step (issue 42).
 */
export const TableRows = memo(function TableRows({
  rows, keys, columns, primaryKey, markdownColumns, formatCell, withBulk, selected, onToggle,
  withActions, edit, remove, others, running, onChoose, loading,
}: TableRowsProps) {
  const t = useT();
  if (rows.length === 0) {
    return (
      <Table.Tr>
        <Table.Td colSpan={columns.length + (withBulk ? 1 : 0) + (withActions ? 1 : 0)}>
          <Text c="dimmed" ta="center" size="sm" py="sm">{loading ? t('datawidgets.table.loading') : t('datawidgets.table.noData')}</Text>
        </Table.Td>
      </Table.Tr>
    );
  }
  return rows.map((row, index) => {
    const key = keys[index] as string;
    return (
      <Table.Tr key={key} data-row-key={key}>
        {withBulk ? (
          <Table.Td>
            <Checkbox aria-label={t('datawidgets.table.selectRow', { number: index + 1 })} checked={selected.has(key)} onChange={() => onToggle(key)} />
          </Table.Td>
        ) : null}
        {columns.map((c, column) => (
          <Table.Td key={c.field}>
            {/* A markdown cell is the author's text to render: printed as it is, its links and images intact. */}
            {markdownColumns.includes(column)
              ? <Box className={classes.markdown}><MarkdownText>{plainCellText(row[c.field])}</MarkdownText></Box>
              : formatCell(row[c.field], cellKindOf(c.field, { primaryKey }))}
          </Table.Td>
        ))}
        {withActions ? (
          <Table.Td className={classes.actionCell}>
            {/* Plain buttons styled as Mantine's subtle action icons: a row's controls are drawn
                20 times per page, and three components each held a slow phone's start (issue 42). */}
            <div className={classes.rowActions}>
              {edit === undefined ? null : (
                <button type="button" className={classes.rowAction} aria-label={t('datawidgets.table.editRow', { number: index + 1 })} disabled={running} onClick={() => onChoose(edit, row)}>
                  <IconPencil size={16} aria-hidden />
                </button>
              )}
              {remove === undefined ? null : (
                <button type="button" className={classes.rowAction} data-danger aria-label={t('datawidgets.table.deleteRow', { number: index + 1 })} disabled={running} onClick={() => onChoose(remove, row)}>
                  <IconTrash size={16} aria-hidden />
                </button>
              )}
              {others.length === 0 ? null : (
                <RowActionMenu actions={others} label={t('datawidgets.table.moreActions', { number: index + 1 })} busy={running} onChoose={(action) => onChoose(action, row)} />
              )}
            </div>
          </Table.Td>
        ) : null}
      </Table.Tr>
    );
  });
}, sameItemProps);
