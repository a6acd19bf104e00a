import { Alert, Badge, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { PanelStack, TitleField } from '../shared/config-fields';
import type { ConfigProps } from '../types';

interface ListedAction {
  name: string;
  action: string;
  cause: string;
}

const actionsOf = (value: unknown): ListedAction[] =>
  Array.isArray(value)
    ? value.flatMap((a: Record<string, unknown>) => (typeof a === 'object' && a !== null
      ? [{ name: String(a.name ?? ''), action: String(a.action ?? ''), cause: typeof a.cause === 'string' ? a.cause : '' }]
      : []))
    : [];

/** The button's label and the actions it runs (spec 2 §2, §4), listed; they are edited with the action system. */
export function ButtonConfig(props: ConfigProps) {
  const actions = actionsOf(props.component.custom_action);
  return (
    <PanelStack>
      <TitleField {...props} label="Button text" />
      <Input.Label>Actions</Input.Label>
      {actions.length === 0 ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />} title="This button has no actions yet.">
          <Text size="sm">Until actions are configured, clicking it does nothing. Actions are added with the action editor of a later release.</Text>
        </Alert>
      ) : (
        <Stack gap={6}>
          {actions.map((action, index) => (
            // Names may repeat; the position is the action's place in the list.
            <Paper key={`${index}-${action.name}`} withBorder p="xs" radius="sm">
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm" truncate>{action.name === '' ? '(unnamed)' : action.name}</Text>
                <Badge variant="light">{action.action}</Badge>
              </Group>
              {action.cause === '' ? null : <Text size="xs" c="dimmed">Runs after {action.cause}</Text>}
            </Paper>
          ))}
          <Text size="xs" c="dimmed">Actions run with the action system of a later release.</Text>
        </Stack>
      )}
    </PanelStack>
  );
}
