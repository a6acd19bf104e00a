import { ActionIcon, Alert, Badge, Button, Group, Input, Paper, Stack, Text } from '@mantine/core';
import { type ActionDataContext, type ActionType, type Component, type CustomAction, replaceAction } from '@rakit/core';
import { IconInfoCircle, IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { type ComponentType, useState } from 'react';
import { useT } from '../i18n/LanguageProvider';
import { ActionDialog } from './ActionDialog';
import type { ActionSectionProps } from './dialog-scope';

export interface ActionListProps {
  actions: readonly CustomAction[];
  onChange: (actions: CustomAction[]) => void;
  types: readonly ActionType[];
  /** The page's components and id, for the dialog. */
  components: readonly Component[];
  pageId: number | null;
  dataContext?: ActionDataContext;
  /** A data widget's source columns (value sources of its row actions). */
  columns?: readonly string[];
  sections?: Partial<Record<ActionType, ComponentType<ActionSectionProps>>>;
  /** What the list is called, and what it says while empty (a widget whose actions are not run by a click names its own). */
  label?: string;
  emptyText?: string;
}

/** The component's actions as a configuration panel lists them: 'Add Action', and edit and delete on each. */
export function ActionList({
  actions, onChange, types, components, pageId, dataContext, columns, sections, label, emptyText,
}: ActionListProps) {
  const t = useT();
  /** The position edited, -1 for a new action, null when the dialog is closed. */
  const [editing, setEditing] = useState<number | null>(null);
  const names = new Set(actions.map((a) => a.name));

  return (
    <Stack gap={6}>
      <Input.Label>{label ?? t('actions.list.label')}</Input.Label>
      {actions.length === 0 ? (
        <Alert variant="light" color="gray" icon={<IconInfoCircle size={18} />}>
          <Text size="sm">{emptyText ?? t('actions.list.empty')}</Text>
        </Alert>
      ) : null}
      {actions.map((action, index) => (
        // Names may repeat in old pages; the position is the action's place in the list.
        <Paper key={`${index}-${action.name}`} withBorder p="xs" radius="sm">
          <Group justify="space-between" wrap="nowrap" gap={6}>
            <Stack gap={0} miw={0}>
              <Text size="sm" truncate>{action.name === '' ? t('actions.list.unnamed') : action.name}</Text>
              {action.cause === '' ? null : (
                <Text size="xs" c={names.has(action.cause) ? 'dimmed' : 'red'}>
                  {names.has(action.cause) ? t('actions.list.runsAfter', { cause: action.cause }) : t('actions.list.runsAfterMissing', { cause: action.cause })}
                </Text>
              )}
            </Stack>
            <Group gap={4} wrap="nowrap">
              <Badge variant="light">{action.action}</Badge>
              <ActionIcon variant="subtle" aria-label={t('actions.list.editAction', { name: action.name })} onClick={() => setEditing(index)}>
                <IconPencil size={16} />
              </ActionIcon>
              <ActionIcon variant="subtle" color="red" aria-label={t('actions.list.deleteAction', { name: action.name })} onClick={() => onChange(actions.toSpliced(index, 1))}>
                <IconTrash size={16} />
              </ActionIcon>
            </Group>
          </Group>
        </Paper>
      ))}
      <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} style={{ alignSelf: 'flex-start' }} onClick={() => setEditing(-1)}>
        {t('actions.list.add')}
      </Button>
      {editing !== null && (
        <ActionDialog
          action={actions[editing] ?? null}
          types={types}
          otherActions={actions.filter((_, i) => i !== editing)}
          components={components}
          pageId={pageId}
          {...(dataContext === undefined ? {} : { dataContext })}
          {...(columns === undefined ? {} : { columns })}
          {...(sections === undefined ? {} : { sections })}
          onClose={() => setEditing(null)}
          onSave={(next) => {
            onChange(replaceAction(actions, editing, next));
            setEditing(null);
          }}
        />
      )}
    </Stack>
  );
}
