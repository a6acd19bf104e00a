import { Badge, Button, Drawer, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { IconBolt, IconKey, IconTable } from '@tabler/icons-react';
import { databaseCalls, type DbConfig, type TableSearch } from '@rakit/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { QueryStatus } from '../../components/QueryStatus';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { dataOf } from '../admin-call';
import { SearchIndexDialog } from './SearchIndexDialog';

interface DbTablesDrawerProps {
  db: DbConfig | null;
  opened: boolean;
  onClose: () => void;
}

/**
 * The tables of a connection with their columns, the primary key marked PRI (GET /get/getDbDetails),
 * the columns a search index serves marked Fast search, and Add search index where the
 * connection's user may add one (else why not).
 */
export function DbTablesDrawer({ db, opened, onClose }: DbTablesDrawerProps) {
  const { app, api } = useCurrentApp();
  const t = useT();
  const dbId = db?.dbId ?? 0;
  const details = useQuery({
    queryKey: ['databases', app.appSlug, 'details', dbId],
    queryFn: async () => dataOf(await api.call(databaseCalls.getDbDetails, { params: { dbId } }), t('admin.databases.tablesWhat')),
    enabled: opened && db !== null,
  });
  const search = useQuery({
    queryKey: ['databases', app.appSlug, 'search', dbId],
    queryFn: async () => dataOf(await api.call(databaseCalls.searchIndexes, { params: { dbId } }), t('admin.databases.searchIndexesWhat')),
    enabled: opened && db !== null,
  });
  const [indexing, setIndexing] = useState<TableSearch | null>(null);
  const searchOf = (table: string) => search.data?.tables.find((found) => found.table_name === table);
  // SQLite's FTS5 search tables and their shadow tables are indexes, which the search part leaves out.
  const isShown = (table: string) => search.data === undefined || searchOf(table) !== undefined;

  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={<Text fw={700}>{t('admin.databases.tablesOf', { name: db?.dbDatabase ?? '' })}</Text>}>
      <QueryStatus what={t('admin.databases.tablesWhat')} isPending={details.isPending && details.fetchStatus !== 'idle'} error={details.error} />
      {details.data?.tables.length === 0 && <Text c="dimmed" ta="center" py="xl">{t('admin.databases.noTables')}</Text>}
      <Stack gap="md">
        {details.data?.tables.filter((each) => isShown(each.table_name)).map((table) => (
          <Paper key={table.table_name} component="section" aria-label={table.table_name} withBorder radius="md" p="sm">
            <Group justify="space-between" mb={6}>
              <Group gap={6}>
                <IconTable size={18} color="var(--mantine-color-blue-6)" />
                <Text fw={600}>{table.table_name}</Text>
              </Group>
              <Group gap={6}>
                <Text size="xs" c="dimmed">{t('admin.databases.columnCount', { count: table.columns.length })}</Text>
                {(() => {
                  const found = searchOf(table.table_name);
                  if (found === undefined || !found.canAdd || !found.columns.some((c) => c.text && !c.indexed)) return null;
                  return <Button size="compact-xs" variant="light" leftSection={<IconBolt size={12} />} onClick={() => setIndexing(found)}>{t('admin.databases.addSearchIndex')}</Button>;
                })()}
              </Group>
            </Group>
            {(searchOf(table.table_name)?.refusal ?? null) !== null ? (
              <Text size="xs" c="orange.8" mb={6} data-testid="search-index-refusal">{searchOf(table.table_name)?.refusal}</Text>
            ) : null}
            <Table verticalSpacing={4} fz="sm" aria-label={t('admin.databases.columnsOf', { name: table.table_name })}>
              <Table.Tbody>
                {table.columns.map((column) => (
                  <Table.Tr key={column.COLUMN_NAME}>
                    <Table.Td ff="monospace" w="40%">{column.COLUMN_NAME}</Table.Td>
                    <Table.Td c="dimmed" w="25%">{column.DATA_TYPE}</Table.Td>
                    <Table.Td ta="right">
                      {searchOf(table.table_name)?.columns.find((c) => c.column === column.COLUMN_NAME)?.indexed === true ? (
                        <Badge size="sm" variant="light" color="teal" mr={4} leftSection={<IconBolt size={11} />}>{t('admin.databases.fastSearch')}</Badge>
                      ) : null}
                      {column.COLUMN_KEY !== '' && (
                        <Badge size="sm" variant="light" color={column.COLUMN_KEY === 'PRI' ? 'yellow' : 'gray'} leftSection={column.COLUMN_KEY === 'PRI' ? <IconKey size={11} /> : undefined}>
                          {column.COLUMN_KEY}
                        </Badge>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ))}
      </Stack>
      {indexing !== null ? <SearchIndexDialog dbId={dbId} table={indexing} opened onClose={() => setIndexing(null)} /> : null}
    </Drawer>
  );
}
