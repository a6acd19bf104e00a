import { Paper, Table, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import classes from './DataTable.module.css';
import { useT } from '../i18n/LanguageProvider';

interface DataTableProps {
  /** Column headings; null for a column of row actions (named for assistive technology only). The last one sits right. */
  columns: readonly (string | null)[];
  /** The rows, as Table.Tr elements. */
  children: ReactNode;
  isEmpty: boolean;
  emptyText: string;
  minWidth?: number;
  caption?: string;
  /** Cells wrap their text (a cell of chips, long names); otherwise each stays on one line and the table scrolls in its card. */
  wrap?: boolean;
}

/**
 * A bordered table of an administration screen, with one line saying so when it has no rows. Wider
 * than its card (a phone), it scrolls sideways inside the card.
 */
export function DataTable({ columns, children, isEmpty, emptyText, minWidth = 560, caption, wrap = false }: DataTableProps) {
  const t = useT();
  return (
    <Paper withBorder radius="md" bg="white">
      <Table.ScrollContainer minWidth={minWidth}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover aria-label={caption} className={wrap ? undefined : classes.nowrap}>
          <Table.Thead>
            <Table.Tr>
              {columns.map((column, index) => (
                <Table.Th key={column ?? `actions-${index}`} ta={index === columns.length - 1 && index > 0 ? 'right' : undefined} fz="xs" c="dimmed" style={{ letterSpacing: 0.5 }}>
                  {column ?? <VisuallyHidden>{t('shell.table.actions')}</VisuallyHidden>}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {isEmpty ? (
              <Table.Tr>
                <Table.Td colSpan={columns.length}>
                  <Text c="dimmed" ta="center" py="md">{emptyText}</Text>
                </Table.Td>
              </Table.Tr>
            ) : children}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Paper>
  );
}
