import type { Component } from '@rakit/core';
import type { DraggableAttributes, DraggableSyntheticListeners } from '@dnd-kit/core';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconTrash } from '@tabler/icons-react';
import { memo, type MouseEvent, useMemo } from 'react';
import { widgetDefinition } from '../widgets/registry';
import { useBoardFace } from './board-faces';
import classes from './ComponentRow.module.css';
import { ComponentList } from './ComponentList';
import type { DragSource } from './drop-target';
import { editorStore, useEditor } from './store';
import { useNearViewport } from '../components/use-near-viewport';

interface RowProps {
  component: Component;
  first: boolean;
  last: boolean;
  preview: boolean;
}

/**
 * One component on the board: sortable by its handle, with move and delete controls, showing
 * its widget's live face (in design mode; in preview mode as the viewer would). Rows are
 * memoised by the component object: an edit elsewhere on the page does not render them again.
 */
export const ComponentRow = memo(function ComponentRow({ component, first, last, preview }: RowProps) {
  const source = useMemo<DragSource>(() => ({ kind: 'component', id: component.id }), [component.id]);
  const { setNodeRef, setActivatorNodeRef, attributes, listeners, transform, transition, isDragging } = useSortable({ id: component.id, data: source, disabled: preview });
  const active = useEditor((state) => state.activeId === component.id);
  return (
    <div
      ref={setNodeRef}
      style={{ transform: CSS.Translate.toString(transform), transition, opacity: isDragging ? 0.35 : 1 }}
      data-testid="editor-component"
      data-component-id={component.id}
      data-type={component.type}
      data-title={component.title}
    >
      <RowBody
        component={component}
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

const RowBody = memo(function RowBody({ component, active, first, last, preview, handleRef, handleAttributes, handleListeners }: BodyProps) {
  if (preview) return <Face component={component} preview />;
  const { label, icon: Icon } = widgetDefinition(component.type);
  const store = editorStore.getState();
  const control = (run: () => void) => (event: MouseEvent) => {
    event.stopPropagation();
    run();
  };
  return (
    <div className={classes.card} data-active={active || undefined} onClick={control(() => store.setActive(component.id))}>
      <div className={classes.header}>
        <button
          type="button"
          ref={handleRef}
          className={classes.handle}
          {...handleAttributes}
          {...handleListeners}
          aria-label="Drag component"
          onClick={(event) => event.stopPropagation()}
        >
          <IconGripVertical size={14} />
        </button>
        <Icon size={14} />
        <span className={classes.label}>{label}</span>
        <button type="button" className={classes.control} aria-label="Move up" title="Move up" disabled={first} onClick={control(() => store.shiftComponent(component.id, -1))}>
          <IconArrowUp size={14} />
        </button>
        <button type="button" className={classes.control} aria-label="Move down" title="Move down" disabled={last} onClick={control(() => store.shiftComponent(component.id, 1))}>
          <IconArrowDown size={14} />
        </button>
        <button type="button" className={classes.remove} aria-label="Delete component" title="Delete component" onClick={control(() => store.removeComponent(component.id))}>
          <IconTrash size={14} />
        </button>
      </div>
      <Face component={component} preview={false} />
    </div>
  );
});

/**
 * The widget's live face, with a card's nested components as its children. Faces far from the
 * screen wait until it comes near: a long page opens at once and fills in as it is scrolled.
 */
function Face({ component, preview }: { component: Component; preview: boolean }) {
  const [nearRef, near] = useNearViewport();
  const face = useBoardFace(component, preview);
  if (!near) return <div ref={nearRef} className={classes.pending} data-pending-face />;
  const { Live } = widgetDefinition(component.type);
  const nested = component.children === undefined ? undefined : <ComponentList parentId={component.id} items={component.children} preview={preview} />;
  const live = <Live component={component} mode={face.mode}>{nested}</Live>;
  return face.inert ? <div inert data-face-mode={face.mode}>{live}</div> : live;
}
