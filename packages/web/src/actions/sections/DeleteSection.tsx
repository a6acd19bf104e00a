import { Alert, Code, Select, Stack } from '@mantine/core';
import { actionDatabase, deleteByKeyQuery } from '@rakit/core';
import { useT } from '../../i18n/LanguageProvider';
import { type ActionSectionProps, tablesOf, useActionScope } from '../dialog-scope';
import { storedQueryOf } from '../stored-query';

/**
 * DELETE (spec 2 §4): delete the row whose primary key is the only parameter. A data widget
 * fills it in from its own table; here the author can choose the table, its key is found in
 * the connection's schema (COLUMN_KEY 'PRI').
 */
export function DeleteSection({ action, onChange }: ActionSectionProps) {
  const t = useT();
  const { databases } = useActionScope();
  const database = actionDatabase(action);
  const dbType = databases.find((d) => d.dbId === database)?.dbType ?? '';
  const tables = tablesOf(databases, database);
  const stored = storedQueryOf(action);
  const table = tables.find((each) => each.table_name === stored.table);
  const primaryKey = table?.columns.find((c) => c.COLUMN_KEY === 'PRI')?.COLUMN_NAME;

  const chooseTable = (name: string | null) => {
    const chosen = tables.find((each) => each.table_name === name);
    const key = chosen?.columns.find((c) => c.COLUMN_KEY === 'PRI')?.COLUMN_NAME;
    const query = database !== null && chosen !== undefined && key !== undefined ? deleteByKeyQuery(database, chosen.table_name, key, dbType) : { database: database ?? undefined, query: '', params: [] };
    onChange({ ...action, stored: { ...query, table: name ?? '' } });
  };

  return (
    <Stack gap="xs">
      <Select
        label={t('actions.query.table')}
        placeholder={tables.length === 0 ? t('actions.query.databaseFirst') : t('actions.query.tableChoose')}
        data={tables.map((each) => each.table_name)}
        value={stored.table === '' ? null : stored.table}
        onChange={chooseTable}
        searchable
        allowDeselect={false}
      />
      {stored.query !== '' ? <Code block>{stored.query}</Code> : null}
      {table !== undefined && primaryKey === undefined ? <Alert color="orange">{t('actions.delete.noPrimaryKey')}</Alert> : null}
    </Stack>
  );
}
