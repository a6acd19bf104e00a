import {
  type Announcements, DndContext, type DragEndEvent, DragOverlay, KeyboardSensor, PointerSensor, useDraggable, useDroppable, useSensor, useSensors,
} from '@dnd-kit/core';
import { Badge, Box, Group, LoadingOverlay, Paper, ScrollArea, SimpleGrid, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import {
  actionFailureMessage, type CustomAction, kanbanLanes, readsApiEndpoint, type RowValues, rowKeyOf, TABLE_MAX_LIMIT, tableCalls } from '@rakit/core';
import { useContext, useEffect, useId, useMemo, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { CurrentAppContext } from '../../current-app/app-context';
import { type Translate, useT } from '../../i18n/LanguageProvider';
import { notifyFailure, notifySuccess } from '../../components/notify';
import { readValuesOf, useKeepForLater } from '../../actions/keep-for-later';
import { FIRST_PAGE, useTableContent } from '../data-source/content';
import { LoadFailure } from '../data-source/LoadFailure';
import { RowsAsOf } from '../data-source/RowsAsOf';
import { RowActionMenu, useRowActionsOf } from '../data-source/RowActions';
import type { FieldMap, KanbanGroup } from './board';
import classes from './Kanban.module.css';
import { keyboardLaneMoves, laneId, laneValueOf } from './keyboard-moves';
import type { WidgetLiveProps } from '../types';
import { WidgetTitle } from '../shared/WidgetTitle';
import { useValueFormats } from '../shared/use-value-formats';
import { useOptionLabels } from '../shown-component';

const BOARD_QUERY = { ...FIRST_PAGE, limit: TABLE_MAX_LIMIT };

const text = (row: RowValues, column: string | undefined): string => {
  const value = column === undefined || column === '' ? undefined : row[column];
  return value === null || value === undefined ? '' : String(value);
};

/** The editor's cards: one in each of the first two lanes, so an empty lane shows too. */
function sampleRows(t: Translate, groups: readonly KanbanGroup[]): RowValues[] {
  return groups.slice(0, 2).map((g, i) => ({
    __key: `sample-${i}`, __lane: g.value, __title: t('datawidgets.kanban.card', { number: i + 1 }), __description: t('datawidgets.kanban.sampleDescription'),
    __tag: t('datawidgets.kanban.sampleTag'), __label: t('datawidgets.kanban.sampleLabel'),
  }));
}
const SAMPLE_MAP: Required<FieldMap> = { compared: '__lane', title: '__title', description: '__description', tag: '__tag', label: '__label' };

interface Card {
  key: string;
  row: RowValues;
  /** What the card is called: its title, else its place on the board. */
  name: string;
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

/** What a card shows: its title, tag, description and label, and its action menu when given one. */
function CardFace({ card, map, menu }: { card: Card; map: FieldMap; menu?: CardActions | undefined }) {
  const { formatCell } = useValueFormats();
  // Printed in the reader's catalog (15.000, 05/11/2026); the lane's value is compared as the row holds it.
  const shown = (column: string | undefined) => (column === undefined || column === '' ? '' : formatCell(card.row[column]));
  const title = shown(map.title);
  const tag = shown(map.tag);
  const label = shown(map.label);
  const description = shown(map.description);
  const t = useT();
  return (
    <Stack gap={4}>
      <Group justify="space-between" wrap="nowrap" gap={4}>
        <Text size="sm" fw={600} lineClamp={2}>{title === '' ? t('datawidgets.kanban.noTitle') : title}</Text>
        <Group gap={2} wrap="nowrap">
          {tag === '' ? null : <Badge size="xs" variant="light">{tag}</Badge>}
          {menu === undefined || menu.actions.length === 0 ? null : (
            <Box onPointerDown={stopDrag} onKeyDown={stopDrag}>
              <RowActionMenu actions={menu.actions} label={t('datawidgets.kanban.cardActions', { name: card.name })} busy={menu.busy} onChoose={(action) => menu.choose(action, card.row)} />
            </Box>
          )}
        </Group>
      </Group>
      {description === '' ? null : <Text size="xs" c="dimmed" lineClamp={3}>{description}</Text>}
      {label === '' ? null : <Text size="xs" c="blue">{label}</Text>}
    </Stack>
  );
}

/**
 * A card in its lane. While it is dragged it stays there, faded, and its copy in the drag
 * overlay moves: drawn in place, it was clipped by its lane's scroll area as soon as it left it.
 * A card of a read-only board (an API's rows, issue 40) is not picked up at all.
 */
function KanbanCard({ card, map, menu, movable }: { card: Card; map: FieldMap; menu: CardActions; movable: boolean }) {
  // A group, not dnd-kit's default button: a button's children are presentational, which would hide the action menu.
  const { attributes, listeners, setNodeRef, isDragging } = useDraggable({ id: card.key, attributes: { role: 'group' }, disabled: !movable });
  if (!movable) {
    return (
      <Paper className={classes.card} withBorder p="xs" radius="sm" shadow="xs" data-testid="kanban-card" data-card-key={card.key} role="group" aria-label={card.name}>
        <CardFace card={card} map={map} menu={menu} />
      </Paper>
    );
  }
  return (
    <Paper
      className={classes.card}
      ref={setNodeRef}
      withBorder
      p="xs"
      radius="sm"
      shadow="xs"
      data-testid="kanban-card"
      data-card-key={card.key}
      aria-label={card.name}
      style={{ cursor: 'grab', opacity: isDragging ? 0.4 : undefined }}
      {...attributes}
      {...listeners}
    >
      <CardFace card={card} map={map} menu={menu} />
    </Paper>
  );
}

/** The dragged card's moving copy: seen, not read (the announcements say where it is). */
const DraggedCard = ({ card, map }: { card: Card; map: FieldMap }) => (
  <Paper withBorder p="xs" radius="sm" shadow="md" aria-hidden style={{ cursor: 'grabbing' }}>
    <CardFace card={card} map={map} />
  </Paper>
);

/** A lane's heading sits one level under the widget's title (h2), or under the page's h1 when there is none. */
function Lane({ group, cards, map, menu, headingOrder, movable }: { group: KanbanGroup; cards: readonly Card[]; map: FieldMap; menu: CardActions; headingOrder: 2 | 3; movable: boolean }) {
  const { setNodeRef, isOver } = useDroppable({ id: laneId(group.value) });
  const headingId = useId();
  const t = useT();
  return (
    <Paper
      ref={setNodeRef} component="section" aria-labelledby={headingId} withBorder radius="md" p="sm" bg={isOver ? 'blue.0' : 'gray.0'}
      className={classes.lane} data-over={isOver || undefined}
      data-testid="kanban-lane" data-lane={group.value}
    >
      <Group justify="space-between" mb="xs">
        <Title order={headingOrder} size="sm" id={headingId}>{group.name}</Title>
        <Badge size="sm" variant="default">{cards.length}<VisuallyHidden> {t('datawidgets.kanban.cardCount', { count: cards.length })}</VisuallyHidden></Badge>
      </Group>
      <ScrollArea.Autosize mah={480} type="auto">
        {/* pb: the scroll area clips at fractional heights; the last card keeps its bottom border. */}
        <Stack gap="xs" mih={60} pb={2}>
          {cards.length === 0 ? <Text size="xs" c="dimmed" ta="center" py="md">{t('kanbanLaneEmpty')}</Text> : (
            <Stack component="ul" gap="xs" className={classes.cards} aria-labelledby={headingId}>
              {cards.map((card) => <li key={card.key}><KanbanCard card={card} map={map} menu={menu} movable={movable} /></li>)}
            </Stack>
          )}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

/** Where the card being dragged was picked up, and whether it has been over another lane since. */
interface DragFrom {
  lane: string;
  left: boolean;
}

/** What a screen reader hears as a card moves, naming the card and the lanes (WCAG 4.1.3). */
function moveAnnouncements(t: Translate, cardName: (id: string) => string, laneName: (id: string) => string, from: DragFrom): Announcements {
  const name = (active: { id: string | number }) => cardName(String(active.id));
  return {
    onDragStart: ({ active }) => t('datawidgets.kanban.pickedUp', { card: name(active), lane: from.lane }),
    // The first lane a card is over is the one it was picked up in: that is the pick-up, said already.
    onDragOver: ({ active, over }) => {
      if (over === null) return t('datawidgets.kanban.overNoLane', { card: name(active) });
      const lane = laneName(String(over.id));
      return lane === from.lane && !from.left ? t('datawidgets.kanban.pickedUp', { card: name(active), lane }) : t('datawidgets.kanban.over', { card: name(active), lane });
    },
    onDragEnd: ({ active, over }) => {
      if (over === null) return t('datawidgets.kanban.droppedOutside', { card: name(active), lane: from.lane });
      const lane = laneName(String(over.id));
      return lane === from.lane ? t('datawidgets.kanban.stays', { card: name(active), lane }) : t('datawidgets.kanban.moved', { card: name(active), lane });
    },
    onDragCancel: ({ active }) => t('datawidgets.kanban.cancelled', { card: name(active), lane: from.lane }),
  };
}

/**
 * A kanban board (spec 3 "Kanban"): one lane per group, the widget's rows as cards in the lane
 * of their compared column. Dropping a card on another lane (mouse or keyboard) sets that
 * column to the lane's value (moveCard), shown at once and undone when the server refuses.
 * Each card's ellipsis menu lists the widget's top-level actions, run as the table runs them.
 * A board of an API's rows (issue 40) is read only: its cards are not moved, edited or deleted.
 */
export function KanbanLive({ component, mode }: WidgetLiveProps<'kanban'>) {
  const current = useContext(CurrentAppContext);
  const t = useT();
  const { content, failure, timedOut, loading, live, pageId, reload, asOf } = useTableContent(component, mode, BOARD_QUERY);
  const movable = !readsApiEndpoint(component);
  const [moved, setMoved] = useState<Readonly<Record<string, string>>>({});
  const [keyboardMoves] = useState(keyboardLaneMoves);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: keyboardMoves.coordinates }),
  );
  // The lanes as the reader's catalog names them; cards are still matched by each lane's value.
  const laneNames = useOptionLabels(component);
  const groups = useMemo(() => component.groups.map((group, i) => ({ ...group, name: laneNames[i] ?? group.name })), [component.groups, laneNames]);
  const map = live ? component.fieldMap : SAMPLE_MAP;
  const compared = map.compared ?? '';
  const primaryKey = live ? content.primaryKey : '__key';
  const source = live ? content.filteredResult : sampleRows(t, groups);
  const cards: Card[] = source.map((row, index) => {
    const key = String(rowKeyOf(row, primaryKey, index));
    const title = text(row, map.title);
    return { key, row: Object.hasOwn(moved, key) ? { ...row, [compared]: moved[key] } : row, name: title === '' ? t('datawidgets.kanban.card', { number: index + 1 }) : title };
  });
  const rowActions = useRowActionsOf({ component, primaryKey, columns: content.columns, pageId, reload: () => void reload(), readOnly: !movable });
  const later = useKeepForLater(component);
  const menu: CardActions = { actions: rowActions.topLevel, busy: rowActions.running, choose: (action, row) => rowActions.choose(action, [row]) };
  const lanes = kanbanLanes(cards.map((c) => ({ ...c.row, __card: c })), groups, compared);
  const laneOfCard = (id: string) => lanes.find((l) => l.cards.some((c) => (c.__card as Card).key === id))?.name ?? t('datawidgets.kanban.noLane');
  const board = useRef<HTMLDivElement>(null);
  // Kept from the pick-up: the drop is announced after the card is drawn in its new lane.
  const [dragFrom, setDragFrom] = useState<DragFrom>({ lane: '', left: false });
  const [draggedKey, setDraggedKey] = useState<string | null>(null);
  const dragged = draggedKey === null ? undefined : cards.find((c) => c.key === draggedKey);
  // A card moved by keyboard is a new element in its new lane, and again when the reload after
  // its move redraws the board: until the member's next key or click, focus the page lost goes
  // back to it.
  const [refocus, setRefocus] = useState<string | null>(null);
  useEffect(() => {
    if (refocus === null || (document.activeElement !== null && document.activeElement !== document.body)) return;
    board.current?.querySelector<HTMLElement>(`[data-card-key="${window.CSS.escape(refocus)}"]`)?.focus();
  });
  useEffect(() => {
    if (refocus === null) return undefined;
    const done = () => setRefocus(null);
    document.addEventListener('keydown', done, true);
    document.addEventListener('pointerdown', done, true);
    return () => {
      document.removeEventListener('keydown', done, true);
      document.removeEventListener('pointerdown', done, true);
    };
  }, [refocus]);
  const laneName = (id: string) => lanes.find((l) => l.value === laneValueOf(id))?.name ?? t('datawidgets.kanban.noLane');
  const announcements = moveAnnouncements(t, (id) => cards.find((c) => c.key === id)?.name ?? t('datawidgets.kanban.theCard'), laneName, dragFrom);

  async function onDragEnd(event: DragEndEvent) {
    keyboardMoves.reset();
    setDraggedKey(null);
    const key = String(event.active.id);
    if (event.activatorEvent instanceof KeyboardEvent) setRefocus(key);
    await moveCard(key, event.over === null ? null : laneValueOf(String(event.over.id)));
  }

  /** Draws the card in the lane of `value` at once, stores it, and draws it back if that fails. */
  async function moveCard(key: string, value: string | null) {
    if (value === null || !movable) return;
    const card = cards.find((c) => c.key === key);
    if (card === undefined || text(card.row, compared).trim() === value.trim()) return;
    const before = moved;
    setMoved({ ...moved, [key]: value });
    if (!live || current === null || pageId === null) return;
    const failed = (detail: string) => {
      setMoved(before);
      notifyFailure(actionFailureMessage(detail));
    };
    if (primaryKey === null) return failed(t('primaryKeyRequired'));
    const rowKey = card.row[primaryKey];
    // Based on the lane the board showed: a card another device moved meanwhile is refused (issue 38).
    const body = { pageId, componentId: component.id, key: typeof rowKey === 'number' ? rowKey : String(rowKey), value, expected: readValuesOf(card.row, [compared])[compared] ?? null };
    if (later?.offline() === true) {
      // Offline, the card stays where it was dropped and its move waits on the device.
      later.keep([{ kind: 'moveCard', body }], `${component.title || component.id} #${body.key}`);
      notifySuccess(t('shell.offline.kept'));
      return;
    }
    try {
      const answer = await current.api.call(tableCalls.moveCard, { body });
      if (!answer.status) return failed(answer.error?.[0] ?? `HTTP ${answer.httpStatus}`);
      await reload();
      setMoved((now) => Object.fromEntries(Object.entries(now).filter(([k]) => k !== key)));
    } catch (error) {
      console.error(error);
      failed(t('datawidgets.kanban.noAnswer'));
    }
  }

  return (
    <Box ref={board} pos="relative" data-testid="kanban" data-component={component.id}>
      {component.title === '' ? null : <WidgetTitle mb="sm">{component.title}</WidgetTitle>}
      <RowsAsOf asOf={asOf} />
      <LoadFailure failure={failure} toMembers={timedOut} timedOut={timedOut} />
      <LoadingOverlay visible={(loading && content.filteredResult.length === 0) || rowActions.running} loaderProps={{ size: 'sm' }} />
      <DndContext
        sensors={sensors}
        collisionDetection={keyboardMoves.collisions}
        accessibility={{ announcements, screenReaderInstructions: { draggable: t('datawidgets.kanban.keyboardInstructions') } }}
        onDragStart={({ active }) => {
          keyboardMoves.reset();
          setDragFrom({ lane: laneOfCard(String(active.id)), left: false });
          setDraggedKey(String(active.id));
        }}
        onDragOver={({ over }) => {
          // In the updater: the pick-up's lane may be set in this same batch.
          const lane = over === null ? null : laneName(String(over.id));
          setDragFrom((from) => (from.left || lane === null || lane === from.lane ? from : { ...from, left: true }));
        }}
        onDragCancel={() => {
          keyboardMoves.reset();
          setDraggedKey(null);
        }}
        onDragEnd={(event) => void onDragEnd(event)}
      >
        <SimpleGrid cols={{ base: 1, sm: Math.min(Math.max(groups.length, 1), 4) }} spacing="sm">
          {lanes.map((lane) => (
            <Lane key={lane.value} group={lane} cards={lane.cards.map((c) => c.__card as Card)} map={map} menu={menu} headingOrder={component.title === '' ? 2 : 3} movable={movable} />
          ))}
        </SimpleGrid>
        {/* In the body: a transformed ancestor (the page's layout) would make its fixed position relative to itself. */}
        {createPortal(<DragOverlay dropAnimation={null}>{dragged === undefined ? null : <DraggedCard card={dragged} map={map} />}</DragOverlay>, document.body)}
      </DndContext>
      {rowActions.dialogs}
    </Box>
  );
}
