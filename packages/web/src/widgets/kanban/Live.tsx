import {
  DndContext, type DragEndEvent, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors,
} from '@dnd-kit/core';
import { CSS } from '@dnd-kit/utilities';
import { Badge, Box, Group, LoadingOverlay, Paper, ScrollArea, SimpleGrid, Stack, Text } from '@mantine/core';
import {
  actionFailureMessage, type CustomAction, kanbanLanes, Messages, type RowValues, rowKeyOf, TABLE_MAX_LIMIT,
} from '@rakit/core';
import { useContext, useState } from 'react';
import { CurrentAppContext } from '../../current-app/app-context';
import { notifyFailure } from '../../components/notify';
import { FIRST_PAGE, useTableContent } from '../data-source/content';
import { LoadFailure } from '../data-source/LoadFailure';
import { RowActionMenu, useRowActionsOf } from '../data-source/RowActions';
import type { FieldMap, KanbanGroup } from './board';
import type { WidgetLiveProps } from '../types';
import { WidgetTitle } from '../shared/WidgetTitle';

const BOARD_QUERY = { ...FIRST_PAGE, limit: TABLE_MAX_LIMIT };

const text = (row: RowValues, column: string | undefined): string => {
  const value = column === undefined || column === '' ? undefined : row[column];
  return value === null || value === undefined ? '' : String(value);
};

/** The editor's cards: one in each of the first two lanes, so an empty lane shows too. */
function sampleRows(groups: readonly KanbanGroup[]): RowValues[] {
  return groups.slice(0, 2).map((g, i) => ({
    __key: `sample-${i}`, __lane: g.value, __title: `Card ${i + 1}`, __description: 'Description', __tag: 'Tag', __label: 'Label',
  }));
}
const SAMPLE_MAP: Required<FieldMap> = { compared: '__lane', title: '__title', description: '__description', tag: '__tag', label: '__label' };

interface Card {
  key: string;
  row: RowValues;
}

/** What a card offers: its actions (the widget's top-level ones) and what choosing one does. */
interface CardActions {
  actions: readonly CustomAction[];
  /** True while one of them runs (they are disabled meanwhile). */
  busy: boolean;
  choose: (action: CustomAction, row: RowValues) => void;
}

/** Keeps the card's drag listeners (pointer and keyboard) away from its action menu. */
const stopDrag = (event: { stopPropagation: () => void }) => event.stopPropagation();

function KanbanCard({ card, map, index, menu }: { card: Card; map: FieldMap; index: number; menu: CardActions }) {
  // A group, not dnd-kit's default button: a button's children are presentational, which would hide the action menu.
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({ id: card.key, attributes: { role: 'group' } });
  const title = text(card.row, map.title);
  const tag = text(card.row, map.tag);
  const label = text(card.row, map.label);
  const name = title === '' ? `Card ${index + 1}` : title;
  return (
    <Paper
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="sm"
      shadow={isDragging ? 'md' : 'xs'}
      data-testid="kanban-card"
      data-card-key={card.key}
      aria-label={name}
      style={{ transform: CSS.Translate.toString(transform), cursor: 'grab', zIndex: isDragging ? 10 : undefined, position: 'relative' }}
      {...attributes}
      {...listeners}
    >
      <Stack gap={4}>
        <Group justify="space-between" wrap="nowrap" gap={4}>
          <Text size="sm" fw={600} lineClamp={2}>{title === '' ? '(no title)' : title}</Text>
          <Group gap={2} wrap="nowrap">
            {tag === '' ? null : <Badge size="xs" variant="light">{tag}</Badge>}
            {menu.actions.length === 0 ? null : (
              <Box onPointerDown={stopDrag} onKeyDown={stopDrag}>
                <RowActionMenu actions={menu.actions} label={`Actions of ${name}`} busy={menu.busy} onChoose={(action) => menu.choose(action, card.row)} />
              </Box>
            )}
          </Group>
        </Group>
        {text(card.row, map.description) === '' ? null : <Text size="xs" c="dimmed" lineClamp={3}>{text(card.row, map.description)}</Text>}
        {label === '' ? null : <Text size="xs" c="blue">{label}</Text>}
      </Stack>
    </Paper>
  );
}

function Lane({ group, cards, map, menu }: { group: KanbanGroup; cards: readonly Card[]; map: FieldMap; menu: CardActions }) {
  const { setNodeRef, isOver } = useDroppable({ id: `lane:${group.value}` });
  return (
    <Paper ref={setNodeRef} withBorder radius="md" p="sm" bg={isOver ? 'blue.0' : 'gray.0'} role="region" aria-label={`Lane ${group.name}`} data-testid="kanban-lane" data-lane={group.value}>
      <Group justify="space-between" mb="xs">
        <Text fw={600} size="sm">{group.name}</Text>
        <Badge size="sm" variant="default">{cards.length}</Badge>
      </Group>
      <ScrollArea.Autosize mah={480} type="auto">
        {/* pb: the scroll area clips at fractional heights; the last card keeps its bottom border. */}
        <Stack gap="xs" mih={60} pb={2}>
          {cards.length === 0 ? <Text size="xs" c="dimmed" ta="center" py="md">{Messages.kanbanLaneEmpty}</Text> : null}
          {cards.map((card, i) => <KanbanCard key={card.key} card={card} map={map} index={i} menu={menu} />)}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

/**
 * A kanban board (spec 3 "Kanban"): one lane per group, the widget's rows as cards in the lane
 * of their compared column. Dropping a card on another lane (mouse or keyboard) sets that
 * column to the lane's value (moveCard), shown at once and undone when the server refuses.
 * Each card's ellipsis menu lists the widget's top-level actions, run as the table runs them.
 */
export function KanbanLive({ component, mode }: WidgetLiveProps<'kanban'>) {
  const current = useContext(CurrentAppContext);
  const { content, failure, timedOut, loading, live, pageId, reload } = useTableContent(component, mode, BOARD_QUERY);
  const [moved, setMoved] = useState<Readonly<Record<string, string>>>({});
  const sensors = useSensors(useSensor(PointerSensor, { activationConstraint: { distance: 5 } }), useSensor(KeyboardSensor));
  const { groups } = component;
  const map = live ? component.fieldMap : SAMPLE_MAP;
  const compared = map.compared ?? '';
  const primaryKey = live ? content.primaryKey : '__key';
  const source = live ? content.filteredResult : sampleRows(groups);
  const cards = source.map((row, index) => {
    const key = String(rowKeyOf(row, primaryKey, index));
    return { key, row: Object.hasOwn(moved, key) ? { ...row, [compared]: moved[key] } : row };
  });
  const rowActions = useRowActionsOf({ component, primaryKey, columns: content.columns, pageId, reload: () => void reload() });
  const menu: CardActions = { actions: rowActions.topLevel, busy: rowActions.running, choose: (action, row) => rowActions.choose(action, [row]) };
  const lanes = kanbanLanes(cards.map((c) => ({ ...c.row, __card: c })), groups, compared);

  async function onDragEnd(event: DragEndEvent) {
    const overId = event.over === null ? null : String(event.over.id);
    if (overId === null || !overId.startsWith('lane:')) return;
    const value = overId.slice('lane:'.length);
    const key = String(event.active.id);
    const card = cards.find((c) => c.key === key);
    if (card === undefined || text(card.row, compared).trim() === value.trim()) return;
    const before = moved;
    setMoved({ ...moved, [key]: value });
    if (!live || current === null || pageId === null) return;
    const failed = (detail: string) => {
      setMoved(before);
      notifyFailure(actionFailureMessage(detail));
    };
    if (primaryKey === null) return failed(Messages.primaryKeyRequired);
    try {
      const rowKey = card.row[primaryKey];
      const answer = await current.api.moveCard({ pageId, componentId: component.id, key: typeof rowKey === 'number' ? rowKey : String(rowKey), value });
      if (!answer.status) return failed(answer.error?.[0] ?? `HTTP ${answer.httpStatus}`);
      await reload();
      setMoved((now) => Object.fromEntries(Object.entries(now).filter(([k]) => k !== key)));
    } catch (error) {
      console.error(error);
      failed('The server did not answer');
    }
  }

  return (
    <Box pos="relative" data-testid="kanban" data-component={component.id}>
      {component.title === '' ? null : <WidgetTitle mb="sm">{component.title}</WidgetTitle>}
      <LoadFailure failure={failure} toMembers={timedOut} />
      <LoadingOverlay visible={(loading && content.filteredResult.length === 0) || rowActions.running} loaderProps={{ size: 'sm' }} />
      <DndContext sensors={sensors} onDragEnd={(event) => void onDragEnd(event)}>
        <SimpleGrid cols={{ base: 1, sm: Math.min(Math.max(groups.length, 1), 4) }} spacing="sm">
          {lanes.map((lane) => (
            <Lane key={lane.value} group={lane} cards={lane.cards.map((c) => c.__card as Card)} map={map} menu={menu} />
          ))}
        </SimpleGrid>
      </DndContext>
      {rowActions.dialogs}
    </Box>
  );
}
