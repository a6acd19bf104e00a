import { ActionIcon, Group } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';

interface RowActionsProps {
  /** Names the edit icon ('Edit user'); no edit icon without it. */
  editLabel?: string;
  onEdit?: () => void;
  /** Names the remove icon ('Remove database'). */
  removeLabel: string;
  onRemove: () => void;
}

/** The edit and remove icons at the end of a table row. */
export function RowActions({ editLabel, onEdit, removeLabel, onRemove }: RowActionsProps) {
  return (
    <Group gap={4} justify="flex-end" wrap="nowrap">
      {editLabel !== undefined && onEdit !== undefined && (
        <ActionIcon variant="subtle" size="lg" aria-label={editLabel} title={editLabel} onClick={onEdit}>
          <IconPencil size={18} />
        </ActionIcon>
      )}
      <ActionIcon variant="subtle" color="red" size="lg" aria-label={removeLabel} title={removeLabel} onClick={onRemove}>
        <IconTrash size={18} />
      </ActionIcon>
    </Group>
  );
}
