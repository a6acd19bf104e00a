import { Button, Code, Group, Stack, Text } from '@mantine/core';
import { actionDatabase } from '@rakit/core';
import { IconCode } from '@tabler/icons-react';
import { useState } from 'react';
import { CustomQueryDialog } from '../CustomQueryDialog';
import type { ActionSectionProps } from '../dialog-scope';
import { storedQueryOf } from '../stored-query';

/** QUERY (spec 2 §4): the custom query, written in the Custom Query dialog; here its summary. */
export function StoredQuerySection({ action, onChange }: ActionSectionProps) {
  const [editing, setEditing] = useState(false);
  const stored = storedQueryOf(action);
  const database = actionDatabase(action);
  return (
    <Stack gap="xs">
      {stored.query === '' ? <Text size="sm" c="dimmed">No query yet.</Text> : <Code block>{stored.query}</Code>}
      {stored.query === '' ? null : (
        <Text size="xs" c="dimmed">
          {stored.params.length} parameter{stored.params.length === 1 ? '' : 's'}
          {stored.table === '' ? '' : ` · main table ${stored.table}`}
          {stored.id === null ? ' · not stored yet' : ` · stored query #${stored.id}`}
        </Text>
      )}
      <Group>
        <Button variant="light" leftSection={<IconCode size={16} />} disabled={database === null} onClick={() => setEditing(true)}>
          {stored.query === '' ? 'Write Query' : 'Edit Query'}
        </Button>
        {database === null ? <Text size="xs" c="dimmed">Choose a database first.</Text> : null}
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
