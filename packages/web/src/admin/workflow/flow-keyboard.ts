import type { ConditionBranch, LocalText } from '@rakit/core';
import { CONDITION_ADDON, connect, type FlowDrawing, type FlowLink } from './flow-drawing';

/**
 * The flow editor by keyboard (issue 34): React Flow's handles join cards by pointer only, so each
 * card lists what it may be joined to and what it is joined to, and the editor says what changed.
 */

/** A connection a card's menu offers: to a card, from one branch of a Condition. */
export interface ConnectionChoice {
  to: number;
  alias: string;
  branch: ConditionBranch | null;
}

/** A card's outgoing connection, with the alias of the card it leads to. */
export interface OutgoingLink extends FlowLink {
  alias: string;
}

const aliasOf = (drawing: FlowDrawing, actionId: number): string => drawing.cards.find((c) => c.actionId === actionId)?.alias ?? `#${actionId}`;

/** The connections out of `from` that `connect` would accept now (no joined pair again, no cycle), for each branch of a Condition. */
export function connectionChoices(drawing: FlowDrawing, from: number): ConnectionChoice[] {
  const source = drawing.cards.find((c) => c.actionId === from);
  if (source === undefined) return [];
  const branches: (ConditionBranch | null)[] = source.addonName === CONDITION_ADDON ? ['true', 'false'] : [null];
  return drawing.cards
    .filter((card) => card.actionId !== from)
    .flatMap((card) => branches.map((branch) => ({ to: card.actionId, alias: card.alias, branch })))
    .filter((choice) => connect(drawing, from, choice.to, choice.branch).ok);
}

export const outgoingLinks = (drawing: FlowDrawing, from: number): OutgoingLink[] =>
  drawing.links.filter((link) => link.from === from).map((link) => ({ ...link, alias: aliasOf(drawing, link.to) }));

/**
 * 'Check (true) to Tell': a connection's parts as the catalogs' texts name them (`branch` is
 * 'none' when the edge leaves a card that is no Condition).
 */
export function connectionValues(drawing: FlowDrawing, link: FlowLink): { from: string; branch: string; to: string } {
  return { from: aliasOf(drawing, link.from), branch: link.branch ?? 'none', to: aliasOf(drawing, link.to) };
}

/** What the polite live region says of a change on the canvas. */
export const announcements = {
  added: (alias: string): LocalText => ({ key: 'workflow.keyboard.added', values: { alias } }),
  removed: (alias: string): LocalText => ({ key: 'workflow.keyboard.removed', values: { alias } }),
  connected: (drawing: FlowDrawing, link: FlowLink): LocalText => ({ key: 'workflow.keyboard.connected', values: connectionValues(drawing, link) }),
  disconnected: (drawing: FlowDrawing, link: FlowLink): LocalText => ({ key: 'workflow.keyboard.disconnected', values: connectionValues(drawing, link) }),
};
