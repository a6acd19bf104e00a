import { Group, Paper, Stack, Text } from '@mantine/core';
import {
  DndContext, type DragEndEvent, DragOverlay, type DragStartEvent, KeyboardSensor, PointerSensor, useSensor, useSensors,
} from '@dnd-kit/core';
import { findComponent } from '@rakit/core';
import { useMemo, useState } from 'react';
import { useT } from '../i18n/LanguageProvider';
import { widgetDefinition } from '../widgets/registry';
import { Board } from './Board';
import { ConfigPanel } from './ConfigPanel';
import { addedWords, moveAnnouncements, moveInstructions } from './board-announcements';
import { announceOnBoard, BoardAnnouncer } from './BoardAnnouncer';
import { type DragSource, dropPosition } from './drop-target';
import { keyboardMoves } from './keyboard-moves';
import { Palette } from './Palette';
import classes from './EditorWorkspace.module.css';
import { editorStore, useEditor } from '../state/editor-store';
import { widgetName } from './widget-names';

/**
 * Sensor options live outside the component: new option objects would make new sensors, and
 * new sensors re-render every draggable row.
 */
// A few pixels of movement before a drag starts, so clicks on the handle stay clicks.
const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const readComponents = () => editorStore.getState().history.present;
const KEYBOARD_MOVES = keyboardMoves(readComponents);
const KEYBOARD_OPTIONS = { coordinateGetter: KEYBOARD_MOVES.coordinateGetter };
// The announcements read the active catalog as each is said; the instructions are rendered, in the catalog shown.
const ANNOUNCEMENTS = moveAnnouncements(readComponents);

function onDragEnd({ active, over }: DragEndEvent) {
  if (over === null) return;
  const source = active.data.current as DragSource | undefined;
  const store = editorStore.getState();
  const list = store.history.present;
  if (source?.kind === 'palette') {
    const at = dropPosition(list, null, over.id);
    const added = at === undefined ? null : store.addComponent(source.type, source.label, at);
    if (added !== null) announceOnBoard(addedWords(readComponents(), added));
    return;
  }
  const id = String(active.id);
  const at = dropPosition(list, id, over.id);
  if (at !== undefined) store.moveComponent(id, at);
}

/** Which panels the runtime edit mode shows over its page (the toggles of its toolbar). */
export interface PanelsOverPage {
  palette: boolean;
  config: boolean;
}

interface EditorWorkspaceProps {
  loading: boolean;
  error: Error | null;
  /**
   * The runtime edit mode (issue 41): the board is as wide as the page members see, with the
   * palette as a strip above it and the configuration panel over its edge, each shown as these
   * say. Without it, the page editor's palette, board and panel side by side.
   */
  panelsOverPage?: PanelsOverPage;
}

/** Palette, board and configuration panel, in one drag-and-drop context. */
export function EditorWorkspace({ loading, error, panelsOverPage }: EditorWorkspaceProps) {
  const preview = useEditor((state) => state.preview);
  const configuring = useEditor((state) => state.activeId !== null);
  const [dragging, setDragging] = useState<DragSource | null>(null);
  const t = useT();
  const accessibility = useMemo(() => ({ announcements: ANNOUNCEMENTS, screenReaderInstructions: moveInstructions(t) }), [t]);
  const sensors = useSensors(useSensor(PointerSensor, POINTER_OPTIONS), useSensor(KeyboardSensor, KEYBOARD_OPTIONS));

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={KEYBOARD_MOVES.collisionDetection}
      accessibility={accessibility}
      onDragStart={({ active }: DragStartEvent) => {
        KEYBOARD_MOVES.start();
        setDragging((active.data.current as DragSource | undefined) ?? null);
      }}
      onDragEnd={(event) => {
        setDragging(null);
        onDragEnd(event);
      }}
      onDragCancel={() => setDragging(null)}
    >
      <BoardAnnouncer />
      {panelsOverPage === undefined ? (
        <div className={classes.workspace}>
          {!preview && <div className={classes.palette}><Palette /></div>}
          <div className={classes.board}><Board loading={loading} error={error} /></div>
          {!preview && <div className={classes.config}><ConfigPanel /></div>}
        </div>
      ) : (
        <Stack gap="md">
          {!preview && panelsOverPage.palette && <Palette strip />}
          <div className={classes.pageArea} data-config-shown={(!preview && panelsOverPage.config && configuring) || undefined}>
            <Board loading={loading} error={error} asPage />
            {!preview && panelsOverPage.config && configuring && (
              <div className={classes.configOverPage}><div className={classes.configFloat}><ConfigPanel /></div></div>
            )}
          </div>
        </Stack>
      )}
      <DragOverlay dropAnimation={null}>{dragging === null ? null : <DragChip source={dragging} />}</DragOverlay>
    </DndContext>
  );
}

/** What follows the pointer while dragging: the widget's icon and the component's title. */
function DragChip({ source }: { source: DragSource }) {
  const t = useT();
  const component = source.kind === 'component' ? findComponent(editorStore.getState().history.present, source.id) : undefined;
  const type = source.kind === 'palette' ? source.type : component?.type;
  if (type === undefined) return null;
  const { icon: Icon } = widgetDefinition(type);
  const label = widgetName(type, t);
  return (
    <Paper shadow="md" withBorder radius="md" px="sm" py={6} w="fit-content" style={{ cursor: 'grabbing' }}>
      <Group gap={6} wrap="nowrap">
        <Icon size={16} />
        <Text size="sm" fw={500}>{component?.title ?? label}</Text>
      </Group>
    </Paper>
  );
}
