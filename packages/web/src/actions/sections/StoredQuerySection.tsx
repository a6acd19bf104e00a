import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { actionDatabase } from '@rakit/core';
import { IconCode } from '@tabler/icons-react';
import { useState } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import { CustomQueryDialog } from '../CustomQueryDialog';
import type { ActionSectionProps } from '../dialog-scope';
import { storedQueryOf } from '../stored-query';

/** QUERY (spec 2 §4): the custom query, written in the Custom Query dialog; here its summary. */
export function StoredQuerySection({ action, onChange }: ActionSectionProps) {
  const t = useT();
  const [editing, setEditing] = useState(false);
  const stored = storedQueryOf(action);
  const database = actionDatabase(action);
  return (
    <Stack gap="xs">
      {stored.query === '' ? <Text size="sm" c="dimmed">{t('actions.storedQuery.none')}</Text> : <Code block>{stored.query}</Code>}
      {stored.query === '' ? null : (
        <Text size="xs" c="dimmed">
          {[
            t('actions.storedQuery.parameters', { count: stored.params.length }),
            ...(stored.table === '' ? [] : [t('actions.storedQuery.mainTable', { table: stored.table })]),
            stored.id === null ? t('actions.storedQuery.notStored') : t('actions.storedQuery.stored', { id: String(stored.id) }),
          ].join(' · ')}
        </Text>
      )}
      <Group>
        <Button variant="light" leftSection={<IconCode size={16} />} disabled={database === null} onClick={() => setEditing(true)}>
          {stored.query === '' ? t('actions.storedQuery.write') : t('actions.storedQuery.edit')}
        </Button>
        {database === null ? <Text size="xs" c="dimmed">{t('actions.storedQuery.databaseFirst')}</Text> : null}
      </Group>
      {editing && (
        <CustomQueryDialog
          action={action}
          onClose={() => setEditing(false)}
          onSave={(next) => {
            onChange({ ...action, stored: next });
            setEditing(false);
          }}
        />
      )}
    </Stack>
  );
}
