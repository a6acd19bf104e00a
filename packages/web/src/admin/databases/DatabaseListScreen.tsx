import { Anchor, Badge, Button, Table, Text } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { databaseCalls, type DbConfig } from '@rakit/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { DataTable } from '../../components/DataTable';
import { EditRemoveDialogs, useEditRemoveDialog } from '../../components/EditRemoveDialogs';
import { QueryStatus } from '../../components/QueryStatus';
import { RowActions } from '../../components/RowActions';
import { ScreenHeader } from '../../components/ScreenHeader';
import { useCurrentApp } from '../../current-app/app-context';
import { useT } from '../../i18n/LanguageProvider';
import { dataOf, runChange } from '../admin-call';
import { DB_TYPE_COLORS, DB_TYPE_LABELS } from './db-types';
import { DbFormDialog } from './DbFormDialog';
import { DbTablesDrawer } from './DbTablesDrawer';

/** A value a SQLite connection does not have. */
const orDash = (value: string | number) => (value === '' || value === 0 ? '—' : value);

/** The application's database connections (spec 1 screen 5). */
export function DatabaseListScreen() {
  const { app, api } = useCurrentApp();
  const t = useT();
  const queryClient = useQueryClient();
  const [browsed, setBrowsed] = useState<{ db: DbConfig; opened: boolean } | null>(null);

  const queryKey = ['databases', app.appSlug];
  const databases = useQuery({ queryKey, queryFn: async () => dataOf(await api.call(databaseCalls.getDbConf, { params: { id: app.appId } }), t('admin.databases.what')) });
  const dialogs = useEditRemoveDialog<DbConfig>(() => queryClient.invalidateQueries({ queryKey }));

  async function remove(db: DbConfig) {
    const removed = await runChange(api.call(databaseCalls.deleteDbConfig, { body: { dbId: db.dbId } }), t('databaseRemoved'));
    dialogs.close();
    if (removed) await queryClient.invalidateQueries({ queryKey });
  }

  return (
    <>
      <ScreenHeader title={t('admin.databases.title')}>
        <Button leftSection={<IconPlus size={16} />} onClick={() => dialogs.edit(null)}>{t('admin.databases.add')}</Button>
      </ScreenHeader>

      <QueryStatus what={t('admin.databases.what')} isPending={databases.isPending} error={databases.error} />
      {databases.data !== undefined && (
        <DataTable
          columns={[t('admin.databases.colDatabase'), t('admin.databases.colType'), t('admin.databases.colHost'), t('admin.databases.colPort'), t('admin.databases.colUsername'), null]}
          isEmpty={databases.data.length === 0}
          emptyText={t('admin.databases.empty')}
          caption={t('admin.databases.what')}
        >
          {databases.data.map((db) => (
            <Table.Tr key={db.dbId}>
              <Table.Td>
                <Anchor component="button" type="button" fw={600} onClick={() => setBrowsed({ db, opened: true })} title={t('admin.databases.showTables')}>
                  {db.dbDatabase}
                </Anchor>
              </Table.Td>
              <Table.Td><Badge variant="light" color={DB_TYPE_COLORS[db.dbType]}>{DB_TYPE_LABELS[db.dbType]}</Badge></Table.Td>
              <Table.Td><Text size="sm">{orDash(db.dbHost)}</Text></Table.Td>
              <Table.Td><Text size="sm">{orDash(db.dbPort)}</Text></Table.Td>
              <Table.Td><Text size="sm">{orDash(db.dbUser)}</Text></Table.Td>
              <Table.Td>
                <RowActions
                  editLabel={t('admin.databases.edit')}
                  onEdit={() => dialogs.edit(db)}
                  removeLabel={t('admin.databases.remove')}
                  onRemove={() => dialogs.askRemove(db)}
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </DataTable>
      )}

      <EditRemoveDialogs
        state={dialogs}
        form={(editing) => <DbFormDialog editing={editing} onClose={dialogs.close} onSaved={dialogs.saved} />}
        removeMessage={t('databaseRemoveConfirm')}
        onRemove={remove}
      />
      <DbTablesDrawer db={browsed?.db ?? null} opened={browsed?.opened ?? false} onClose={() => setBrowsed((b) => (b === null ? null : { ...b, opened: false }))} />
    </>
  );
}
