import { Button, Group, List, Modal, Radio, Stack, Text } from '@mantine/core';
import { CARD_SETTING, describePageDiff, type MergeSide, type PageConflict } from '@rakit/core';
import { useState } from 'react';
import { type ConflictSettlement, editorStore, useEditor } from '../state/editor-store';

/** A setting's value, short enough for one line of a choice. */
function shown(value: unknown): string {
  if (value === undefined) return '(not set)';
  const text = typeof value === 'string' ? `"${value}"` : JSON.stringify(value);
  return text.length > 60 ? `${text.slice(0, 57)}…` : text;
}

/** The question one conflict asks, and what each side's answer keeps. */
function question(conflict: PageConflict, cardLabel: (id: string | null) => string): { title: string; mine: string; theirs: string } {
  switch (conflict.kind) {
    case 'setting':
      return conflict.setting === CARD_SETTING
        ? { title: `${conflict.component.label}: where it sits`, mine: `Yours: in ${cardLabel(conflict.mine as string | null)}`, theirs: `Theirs: in ${cardLabel(conflict.theirs as string | null)}` }
        : { title: `${conflict.component.label}: ${conflict.setting}`, mine: `Yours: ${shown(conflict.mine)}`, theirs: `Theirs: ${shown(conflict.theirs)}` };
    case 'removed':
      return conflict.removedBy === 'mine'
        ? { title: `${conflict.component.label}: you removed it, they changed it`, mine: 'Remove it', theirs: 'Keep it, with their changes' }
        : { title: `${conflict.component.label}: you changed it, they removed it`, mine: 'Keep it, with your changes', theirs: 'Remove it' };
    case 'order':
      return { title: `The order of the components on ${conflict.parent === null ? 'the page' : conflict.parent.label}`, mine: 'Your order', theirs: 'Their order' };
  }
}

/**
 * Shown when a save was refused because another builder saved the page first and both changed
 * the same things (issue 33): what they changed, each clash with a choice, and three ways out:
 * both sides' changes (each clash as chosen), only this builder's, or only theirs. Nothing is
 * saved until he chooses; then the editor saves as usual.
 */
export function PageConflictDialog() {
  const conflict = useEditor((state) => state.conflict);
  const [choices, setChoices] = useState<Record<string, MergeSide>>({});
  if (conflict === null) return null;
  const cardLabel = (id: string | null) => (id === null ? 'the page' : `card ${id}`);
  const theirChanges = describePageDiff(conflict.changes, cardLabel);
  const settle = (settlement: ConflictSettlement) => {
    editorStore.getState().settleConflict(settlement);
    setChoices({});
  };

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      size="lg"
      title="Another builder saved this page"
    >
      <Stack gap="md">
        <Text size="sm">
          They saved it after you opened it, and you both changed the same things. Your changes are still here: nothing is saved until you choose.
        </Text>
        {theirChanges.length > 0 && (
          <div>
            <Text fw={600} size="sm">What they changed</Text>
            <List size="sm" spacing={2}>{theirChanges.slice(0, 8).map((line) => <List.Item key={line}>{line}</List.Item>)}</List>
            {theirChanges.length > 8 && <Text size="xs" c="dimmed">… and {theirChanges.length - 8} more</Text>}
          </div>
        )}
        <Stack gap="sm">
          {conflict.conflicts.map((each) => {
            const asked = question(each, cardLabel);
            return (
              <Radio.Group
                key={each.key}
                label={asked.title}
                value={choices[each.key] ?? 'mine'}
                onChange={(value) => setChoices({ ...choices, [each.key]: value as MergeSide })}
              >
                <Stack gap={4} mt={4}>
                  <Radio value="mine" label={asked.mine} />
                  <Radio value="theirs" label={asked.theirs} />
                </Stack>
              </Radio.Group>
            );
          })}
        </Stack>
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={() => settle({ keep: 'theirs' })}>Keep only theirs</Button>
          <Button variant="default" onClick={() => settle({ keep: 'mine' })}>Keep only mine</Button>
          <Button onClick={() => settle({ keep: 'both', choices })}>Keep both</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
