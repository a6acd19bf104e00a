import { clampWidth, type Component, GRID_COLUMNS, layoutWidth, widthAfterDrag, widthLabel } from '@rakit/core';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconArrowDown, IconArrowUp, IconCornerDownLeft, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { type ComponentType, type KeyboardEvent, memo, type MouseEvent, type PointerEvent, useMemo } from 'react';
import { layoutCellProps } from '../components/LayoutGrid';
import { useT } from '../i18n/LanguageProvider';
import { widgetDefinition } from '../widgets/registry';
import { useShownComponent } from '../widgets/shown-component';
import { AccessibilityMarker } from './AccessibilityWarnings';
import { componentName, movedWords, widthWords } from './board-announcements';
import { announceOnBoard } from './BoardAnnouncer';
import { useBoardFace } from './board-faces';
import { widgetName } from './widget-names';
import classes from './ComponentRow.module.css';
import type { DragSource } from './drop-target';
import { editorStore, useEditor } from '../state/editor-store';
import { useNearViewport } from '../components/use-near-viewport';
import { PeerFrame } from '../live/PeerFrame';

/** The list of a card's components (ComponentList, handed down so that the two modules need not import each other). */
export type NestedList = ComponentType<{ parentId: string | null; items: readonly Component[]; preview: boolean }>;

interface RowProps {
  component: Component;
  List: NestedList;
  first: boolean;
  last: boolean;
  preview: boolean;
}

/**
 * One component on the board: sortable by its handle, with move and delete controls, showing
 * its widget's live face (in design mode; in preview mode as the viewer would). Rows are
 * memoised by the component object: an edit elsewhere on the page does not render them again.
 */
export const ComponentRow = memo(function ComponentRow({ component, List, first, last, preview }: RowProps) {
  const source = useMemo<DragSource>(() => ({ kind: 'component', id: component.id }), [component.id]);
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id: component.id, data: source, disabled: preview });
  const active = useEditor((state) => state.activeId === component.id);
  // While its handle is dragged the row already takes the width it would get.
  const resizing = useEditor((state) => (state.resizing?.id === component.id ? state.resizing.width : null));
  const cell = layoutCellProps(component, resizing ?? undefined);
  return (
    <div
      ref={setNodeRef}
      {...cell}
      style={{ ...cell.style, transform: CSS.Translate.toString(transform), transition }}
      // Marked, not faded: a faded row's text would fall under AA while a keyboard user moves it.
      data-moving={isDragging || undefined}
      data-testid="editor-component"
      data-component-id={component.id}
      data-type={component.type}
      data-title={component.title}
    >
      <RowBody
        component={component}
        List={List}
        active={active}
        first={first}
        last={last}
        preview={preview}
        handleRef={setActivatorNodeRef}
        handleAttributes={attributes}
        handleListeners={listeners}
      />
    </div>
  );
});

/** The drag handle's parts come one by one: each is stable across renders, so the memo holds. */
interface BodyProps extends RowProps {
  active: boolean;
  handleRef: (element: HTMLElement | null) => void;
  handleAttributes: DraggableAttributes;
  handleListeners: DraggableSyntheticListeners;
}

const RowBody = memo(function RowBody({ component, List, active, first, last, preview, handleRef, handleAttributes, handleListeners }: BodyProps) {
  const t = useT();
  if (preview) return <Face component={component} List={List} preview />;
  const { icon: Icon } = widgetDefinition(component.type);
  const label = widgetName(component.type, t);
  const name = componentName(component, t);
  const store = editorStore.getState();
  const control = (run: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    run();
  };
  const select = control(() => store.setActive(component.id));
  return (
    // A group named by the component: its controls are read as this component's.
    <div className={classes.card} data-active={active || undefined} onClick={select} role="group" aria-label={name}>
      <div className={classes.header}>
        <button
          type="button"
          ref={handleRef}
          className={classes.handle}
          {...handleAttributes}
          {...handleListeners}
          aria-label={t('editor.row.drag')}
          data-drag-handle
          onClick={(event) => event.stopPropagation()}
        >
          <IconGripVertical size={14} aria-hidden />
        </button>
        <Icon size={14} aria-hidden />
        {/* The type's name selects the component (its configuration panel and width): the keyboard's way to what a click on the row does. */}
        <span className={classes.label}>
          <button type="button" className={classes.select} aria-pressed={active} title={t('editor.row.configure', { name })} onClick={select}>{label}</button>
        </span>
        <AccessibilityMarker component={component} />
        {active && <WidthBadge component={component} />}
        {/* Marked disabled at the ends rather than disabled: a disabled button would drop the keyboard's focus. */}
        <button type="button" className={classes.control} aria-label={t('editor.row.moveUp')} title={t('editor.row.moveUp')} aria-disabled={first} onClick={control(() => shiftAndSay(component.id, -1))}>
          <IconArrowUp size={14} aria-hidden />
        </button>
        <button type="button" className={classes.control} aria-label={t('editor.row.moveDown')} title={t('editor.row.moveDown')} aria-disabled={last} onClick={control(() => shiftAndSay(component.id, 1))}>
          <IconArrowDown size={14} aria-hidden />
        </button>
        <button
          type="button"
          className={classes.control}
          aria-label={t('editor.row.newRow')}
          title={t('editor.row.newRow')}
          aria-pressed={component.rowBreak === true}
          data-on={component.rowBreak === true || undefined}
          onClick={control(() => store.toggleRowBreak(component.id))}
        >
          <IconCornerDownLeft size={14} aria-hidden />
        </button>
        <button type="button" className={classes.remove} aria-label={t('editor.row.delete')} title={t('editor.row.delete')} onClick={control(() => store.removeComponent(component.id))}>
          <IconTrash size={14} aria-hidden />
        </button>
      </div>
      <Face component={component} List={List} preview={false} />
      {active && <ResizeHandle component={component} />}
      <PeerSelection id={component.id} />
    </div>
  );
});

/** Move up or down: one place in its list, said; at either end nothing moves. */
function shiftAndSay(id: string, delta: -1 | 1) {
  const before = editorStore.getState().history.present;
  editorStore.getState().shiftComponent(id, delta);
  const after = editorStore.getState().history.present;
  if (after !== before) announceOnBoard(movedWords(after, id));
}

/** Another builder has this component selected (issue 33, presence). */
function PeerSelection({ id }: { id: string }) {
  const peer = useEditor((state) => state.live?.peers.find((candidate) => candidate.activeId === id) ?? null);
  return <PeerFrame peer={peer} />;
}

/**
 * The columns a row spans: the width being dragged to while its handle moves. Seen only: the
 * width slider beside it says the same in words ("6 of 12 columns", not "6 slash 12").
 */
function WidthBadge({ component }: { component: Component }) {
  const resizing = useEditor((state) => (state.resizing?.id === component.id ? state.resizing.width : null));
  return <span className={classes.width} aria-hidden data-testid="component-width" data-resizing={resizing !== null || undefined}>{widthLabel(resizing ?? layoutWidth(component))}</span>;
}

/** The inner width and column gap of the grid a row sits on, in pixels. */
function gridMetrics(row: Element): { width: number; gap: number } | undefined {
  const grid = row.closest('[data-layout-grid]');
  if (!(grid instanceof HTMLElement)) return undefined;
  const style = getComputedStyle(grid);
  const gap = Number.parseFloat(style.columnGap);
  return { width: grid.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight), gap: Number.isFinite(gap) ? gap : 0 };
}

/** A slider's keys (WAI-ARIA's slider pattern): ←/↓ a column narrower, →/↑ wider, Home and End the narrowest and the widest. */
function widthAfterKey(key: string, width: number): number | undefined {
  switch (key) {
    case 'ArrowLeft':
    case 'ArrowDown': return clampWidth(width - 1);
    case 'ArrowRight':
    case 'ArrowUp': return clampWidth(width + 1);
    case 'Home': return 1;
    case 'End': return GRID_COLUMNS;
    default: return undefined;
  }
}

/**
 * The selected row's right edge: dragged, it snaps the row to whole columns of its grid, showing
 * the width as it goes, and the whole drag is one undo step; focused, it is a slider (presses in
 * quick succession are one undo step too), its width read out as it changes.
 */
function ResizeHandle({ component }: { component: Component }) {
  const t = useT();
  const { id } = component;
  const width = layoutWidth(component);
  const store = editorStore.getState();
  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    event.preventDefault();
    event.stopPropagation();
    const handle = event.currentTarget;
    const grid = gridMetrics(handle);
    if (grid === undefined) return;
    const startX = event.clientX;
    let next = width;
    handle.setPointerCapture(event.pointerId);
    store.setResizing({ id, width });
    const move = (moved: globalThis.PointerEvent) => {
      next = widthAfterDrag(width, moved.clientX - startX, grid.width, grid.gap);
      if (editorStore.getState().resizing?.width !== next) store.setResizing({ id, width: next });
    };
    const end = (ended: globalThis.PointerEvent) => {
      handle.removeEventListener('pointermove', move);
      handle.removeEventListener('pointerup', end);
      handle.removeEventListener('pointercancel', end);
      store.setResizing(null);
      if (ended.type === 'pointerup') store.resizeComponent(id, next);
    };
    handle.addEventListener('pointermove', move);
    handle.addEventListener('pointerup', end);
    handle.addEventListener('pointercancel', end);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const next = widthAfterKey(event.key, width);
    if (next === undefined) return;
    event.preventDefault();
    event.stopPropagation();
    store.resizeComponent(id, next, { fold: true });
  };
  return (
    <div
      className={classes.resize}
      role="slider"
      tabIndex={0}
      aria-label={t('editor.row.widthOf', { name: componentName(component, t) })}
      aria-orientation="horizontal"
      aria-valuemin={1}
      aria-valuemax={GRID_COLUMNS}
      aria-valuenow={width}
      aria-valuetext={widthWords(width, t)}
      data-testid="resize-handle"
      onPointerDown={onPointerDown}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
    />
  );
}

/**
 * The widget's live face, with a card's nested components as its children. Faces far from the
 * screen wait until it comes near: a long page opens at once and fills in as it is scrolled.
 */
function Face({ component, List, preview }: { component: Component; List: NestedList; preview: boolean }) {
  const [nearRef, near] = useNearViewport();
  const face = useBoardFace(component, preview);
  const shown = useShownComponent(component);
  if (!near) return <div ref={nearRef} className={classes.pending} data-pending-face />;
  const { Live } = widgetDefinition(component.type);
  const nested = component.children === undefined ? undefined : <List parentId={component.id} items={component.children} preview={preview} />;
  const live = <Live component={shown} mode={face.mode}>{nested}</Live>;
  return face.inert ? <div inert data-face-mode={face.mode}>{live}</div> : live;
}
