import '@xyflow/react/dist/style.css';
import { type Addon, CONDITION_BRANCHES, type ConditionBranch, type LocalText } from '@rakit/core';
import {
  applyNodeChanges, Background, type Connection, Controls, type Edge, MarkerType, MiniMap, type NodeChange, ReactFlow,
  ReactFlowProvider, useReactFlow,
} from '@xyflow/react';
import { type DragEvent, type KeyboardEvent, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { notifyFailure } from '../../components/notify';
import { type Translate, useT } from '../../i18n/LanguageProvider';
import { addonLabel } from './addon-texts';
import { ActionCardNode, type ActionCardNodeType } from './ActionCardNode';
import { durationText } from './run-view';
import { type CardTemplate, cardTemplateOfDrag } from './WorkflowPalette';
import { CONDITION_ADDON, connect, disconnect, type FlowDrawing, type FlowLink, moveCard, stepNumbers, successorOf } from './flow-drawing';
import { announcements, type ConnectionChoice, connectionChoices, connectionValues, outgoingLinks } from './flow-keyboard';
import { selectDrawing, useWorkflowEditor, workflowStore } from './workflow-store';
import classes from './WorkflowEditor.module.css';

const nodeTypes = { action: ActionCardNode };

interface FlowCanvasProps {
  addons: readonly Addon[];
  /** What the last build found, by action id. */
  problems: ReadonlyMap<number, string>;
  /** Each step's time limit and attempts, by action id, as the latest run recorded them. */
  limits: ReadonlyMap<number, { timeoutMs: number; maxAttempts: number }>;
  onDropCard: (template: CardTemplate, at: { x: number; y: number }) => void;
  onConfigure: (actionId: number) => void;
  /** Delete on a selected card: asks first. */
  onRequestRemove: (actionId: number) => void;
  /** Says a change in the editor's polite live region. */
  onAnnounce: (text: LocalText) => void;
}

/** What React Flow says to keyboard and screen reader users, in the editor's words. */
const ariaLabelsOf = (t: Translate) => ({
  'node.a11yDescription.default': t('workflow.canvas.cardHelp'),
  'node.a11yDescription.keyboardDisabled': t('workflow.canvas.cardHelpNoKeyboard'),
  'node.a11yDescription.ariaLiveMessage': ({ direction, x, y }: { direction: string; x: number; y: number }) => t('workflow.canvas.cardMoved', { direction, x, y }),
  'edge.a11yDescription.default': t('workflow.canvas.edgeHelp'),
  'controls.ariaLabel': t('workflow.canvas.controls'),
  'controls.zoomIn.ariaLabel': t('workflow.canvas.zoomIn'),
  'controls.zoomOut.ariaLabel': t('workflow.canvas.zoomOut'),
  'controls.fitView.ariaLabel': t('workflow.canvas.fitView'),
  'minimap.ariaLabel': t('workflow.canvas.minimap'),
});

const isBranch = (handle: string | null | undefined): handle is ConditionBranch =>
  handle !== null && handle !== undefined && (CONDITION_BRANCHES as readonly string[]).includes(handle);

/** '15 s · 4 attempts': what the engine allows a step, shown on its card. */
function limitText(t: Translate, limit: { timeoutMs: number; maxAttempts: number } | undefined): string | null {
  if (limit === undefined) return null;
  return t('workflow.canvas.limits', { duration: durationText(limit.timeoutMs), count: limit.maxAttempts });
}

export const edgeIdOf = (from: number, to: number): string => `${from}->${to}`;

function edgesOf(t: Translate, drawing: FlowDrawing): Edge[] {
  return drawing.links.map((link) => ({
    id: edgeIdOf(link.from, link.to),
    source: String(link.from),
    target: String(link.to),
    ...(link.branch === null ? {} : { sourceHandle: link.branch, label: link.branch }),
    markerEnd: { type: MarkerType.ArrowClosed },
    className: link.branch === 'false' ? classes.edgeFalse : link.branch === 'true' ? classes.edgeTrue : undefined,
    ariaLabel: t('workflow.canvas.edge', connectionValues(drawing, link)),
  }));
}

/** Where the keyboard's focus is on a card: the card, or its control of that name. */
interface CardFocus {
  actionId: number;
  control: string | null;
}

function cardFocusOf(target: EventTarget | null): CardFocus | null {
  if (!(target instanceof HTMLElement)) return null;
  const node = target.closest<HTMLElement>('.react-flow__node');
  const actionId = Number(node?.dataset.id);
  if (node === null || !Number.isFinite(actionId)) return null;
  return { actionId, control: target === node ? null : target.getAttribute('aria-label') };
}

/**
 * A card the server gives its id (a stand-in id, a re-created action) is drawn anew under it, and
 * the focus on it would fall to the page's start: it moves to the same place on the new card.
 */
function useFocusFollowsNewIds(drawing: FlowDrawing) {
  const focus = useRef<CardFocus | null>(null);
  const previous = useRef(drawing.cards);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => { focus.current = cardFocusOf(event.target); };
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
  useEffect(() => {
    const was = focus.current;
    const earlier = previous.current;
    previous.current = drawing.cards;
    const renamed = was === null ? undefined : successorOf(earlier, drawing.cards, was.actionId);
    if (was === null || renamed === undefined) return undefined;
    // The new card is shown once React Flow has measured it: a few frames at most.
    let frame = 0;
    let tries = 0;
    const refocus = () => {
      if (document.activeElement !== null && document.activeElement !== document.body) return;
      const node = document.querySelector<HTMLElement>(`.react-flow__node[data-id="${renamed.actionId}"]`);
      const target = was.control === null ? node : node?.querySelector<HTMLElement>(`[aria-label="${CSS.escape(was.control)}"]`);
      target?.focus();
      if (document.activeElement !== target && ++tries < 20) frame = requestAnimationFrame(refocus);
    };
    frame = requestAnimationFrame(refocus);
    return () => cancelAnimationFrame(frame);
  }, [drawing.cards]);
}

/** The flow canvas (@xyflow/react): pan, zoom, cards dragged, joined by their handles, moved with the arrow keys. */
export function FlowCanvas(props: FlowCanvasProps) {
  return (
    <ReactFlowProvider>
      <Canvas {...props} />
    </ReactFlowProvider>
  );
}

function Canvas({ addons, problems, limits, onDropCard, onConfigure, onRequestRemove, onAnnounce }: FlowCanvasProps) {
  const t = useT();
  const drawing = useWorkflowEditor(selectDrawing);
  const flow = useReactFlow();
  // What React Flow keeps of each card besides the drawing: its measured size, selection, a drag under way.
  const [local, setLocal] = useState<ActionCardNodeType[]>([]);
  const [selectedEdge, setSelectedEdge] = useState<string | null>(null);
  // A flow opened with cards is fitted into view once; an empty one keeps its place, so the first
  // card dropped does not make the canvas jump.
  const [fitOnOpen] = useState(() => drawing.cards.length > 0);
  const labels = useMemo(() => new Map(addons.map((a) => [a.name, addonLabel(t, a)])), [addons, t]);
  const ariaLabels = useMemo(() => ariaLabelsOf(t), [t]);

  /** Joins two cards (a handle dragged, a Connections menu item), or says why not. */
  const join = useCallback((from: number, to: number, branch: FlowLink['branch']) => {
    const present = workflowStore.getState().history.present;
    const result = connect(present, from, to, branch);
    if (!result.ok) {
      notifyFailure(t(result.message.key, result.message.values));
      return;
    }
    workflowStore.getState().change(result.drawing);
    onAnnounce(announcements.connected(result.drawing, { from, to, branch }));
  }, [onAnnounce, t]);

  /** Removes a connection; the focus goes to the card it left from, not to the page's start. */
  const unjoin = useCallback((link: FlowLink) => {
    const present = workflowStore.getState().history.present;
    workflowStore.getState().change(disconnect(present, link.from, link.to));
    onAnnounce(announcements.disconnected(present, link));
    setSelectedEdge(null);
    requestAnimationFrame(() => document.querySelector<HTMLElement>(`.react-flow__node[data-id="${link.from}"]`)?.focus());
  }, [onAnnounce]);
  const connectChosen = useCallback((from: number, choice: ConnectionChoice) => join(from, choice.to, choice.branch), [join]);

  const nodes = useMemo(() => {
    const steps = stepNumbers(drawing);
    const before = new Map(local.map((n) => [n.id, n]));
    return drawing.cards.map((card): ActionCardNodeType => {
      const id = String(card.actionId);
      const was = before.get(id);
      return {
        id,
        type: 'action',
        position: was?.dragging === true ? was.position : { x: card.x, y: card.y },
        ...(was?.measured === undefined ? {} : { measured: was.measured }),
        ...(was?.dragging === true ? { dragging: true } : {}),
        selected: was?.selected ?? false,
        data: {
          actionId: card.actionId, alias: card.alias, addonLabel: labels.get(card.addonName) ?? card.addonName,
          isCondition: card.addonName === CONDITION_ADDON, step: steps.get(card.actionId) ?? null,
          isTrigger: drawing.triggerActionId === card.actionId, problem: problems.get(card.actionId) ?? null, onConfigure,
          limits: limitText(t, limits.get(card.actionId)),
          connectable: connectionChoices(drawing, card.actionId), outgoing: outgoingLinks(drawing, card.actionId),
          onConnect: connectChosen, onDisconnect: unjoin,
        },
        ariaLabel: `${card.alias} (${labels.get(card.addonName) ?? card.addonName})`,
      };
    });
  }, [drawing, local, labels, problems, limits, onConfigure, connectChosen, unjoin, t]);

  // The others see which card this builder has selected (issue 33).
  const selectedCard = nodes.find((node) => node.selected)?.data.actionId ?? null;
  useEffect(() => workflowStore.getState().setActive(selectedCard), [selectedCard]);

  // A card added (a drop, a tap on the palette) is brought into view when it lands outside it.
  const shownCount = useRef(drawing.cards.length);
  useEffect(() => {
    const grew = drawing.cards.length > shownCount.current;
    shownCount.current = drawing.cards.length;
    const newest = drawing.cards.at(-1);
    if (!grew || newest === undefined) return undefined;
    const frame = requestAnimationFrame(() => {
      const { x, y, zoom } = flow.getViewport();
      const pane = document.querySelector('[data-testid="flow-canvas"]')?.getBoundingClientRect();
      if (pane === undefined) return;
      const left = newest.x * zoom + x;
      const top = newest.y * zoom + y;
      const outside = left < 0 || top < 0 || left + 200 * zoom > pane.width || top + 100 * zoom > pane.height;
      if (outside) void flow.setCenter(newest.x + 100, newest.y + 50, { zoom, duration: 200 });
    });
    return () => cancelAnimationFrame(frame);
  }, [drawing.cards, flow]);

  useFocusFollowsNewIds(drawing);

  const edges = useMemo(() => edgesOf(t, drawing).map((e) => ({ ...e, selected: e.id === selectedEdge })), [t, drawing, selectedEdge]);

  const onNodesChange = useCallback((changes: NodeChange<ActionCardNodeType>[]) => {
    setLocal(applyNodeChanges(changes, nodes));
    // A move ends (the end of a drag, an arrow key): one undo step per card.
    let next = workflowStore.getState().history.present;
    const moved: string[] = [];
    for (const change of changes) {
      if (change.type === 'position' && change.dragging === false && change.position !== undefined) {
        next = moveCard(next, Number(change.id), change.position.x, change.position.y);
        moved.push(change.id);
      }
    }
    // Arrow presses on the same cards in quick succession are one step.
    if (moved.length > 0) workflowStore.getState().change(next, `move:${moved.join(',')}`);
  }, [nodes]);

  const onConnect = useCallback((connection: Connection) => {
    join(Number(connection.source), Number(connection.target), isBranch(connection.sourceHandle) ? connection.sourceHandle : null);
  }, [join]);

  function onDrop(event: DragEvent) {
    const template = cardTemplateOfDrag(event);
    if (template === null) return;
    event.preventDefault();
    onDropCard(template, flow.screenToFlowPosition({ x: event.clientX, y: event.clientY }));
  }

  function onKeyDown(event: KeyboardEvent) {
    if (event.key !== 'Delete' && event.key !== 'Backspace') return;
    if (!(event.target instanceof Element) || event.target.closest('input, textarea, select') !== null) return;
    // A connection with the focus is removed at once: its description says so.
    const focusedEdge = event.target.closest('.react-flow__edge')?.getAttribute('data-id') ?? selectedEdge;
    const edge = drawing.links.find((l) => edgeIdOf(l.from, l.to) === focusedEdge);
    if (edge !== undefined) {
      event.preventDefault();
      unjoin(edge);
      return;
    }
    const card = nodes.find((n) => n.selected);
    if (card !== undefined) {
      event.preventDefault();
      onRequestRemove(Number(card.id));
    }
  }

  return (
    <div className={classes.canvas} onKeyDown={onKeyDown} data-testid="flow-canvas">
      <ReactFlow<ActionCardNodeType>
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        onNodesChange={onNodesChange}
        onConnect={onConnect}
        onEdgeClick={(_, edge) => setSelectedEdge(edge.id)}
        onPaneClick={() => setSelectedEdge(null)}
        onDragOver={(event) => {
          event.preventDefault();
          event.dataTransfer.dropEffect = 'copy';
        }}
        onDrop={onDrop}
        deleteKeyCode={null}
        fitView={fitOnOpen}
        fitViewOptions={{ maxZoom: 1 }}
        minZoom={0.2}
        maxZoom={2}
        ariaLabelConfig={ariaLabels}
      >
        <Background gap={20} />
        <Controls showInteractive={false} />
        <MiniMap pannable zoomable className={classes.minimap} />
      </ReactFlow>
    </div>
  );
}
