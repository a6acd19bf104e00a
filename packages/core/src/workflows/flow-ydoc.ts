import * as Y from 'yjs';
import { addonByName, type ConditionBranch, CONDITION_BRANCHES } from './addons';
import { findCycle } from './flow';
import { MAX_FLOW_EDGES, MAX_WORKFLOW_ACTIONS } from './schemas';

/**
 * A workflow's drawing as a Yjs document (issue 33, live co-editing of flows): its cards by key,
 * each a map of its fields and one entry per parameter (two builders editing different
 * parameters of one card both keep theirs), its edges by their two ends, and the card attached
 * as the trigger. A card drawn by a builder gets a key of its own (`n…`) until the server
 * creates its action and writes the action's id into it; an action the server already has is
 * keyed `a{actionId}`. Edges and the trigger name cards by key, so they hold from the moment a
 * card is drawn.
 */

export const FLOW_CARDS = 'cards';
export const FLOW_LINKS = 'links';
export const FLOW_SETTINGS = 'flow';
const TRIGGER = 'trigger';
const PARAM = 'param:';

export interface LiveCard {
  key: string;
  /** Null until the server created the card's action. */
  actionId: number | null;
  alias: string;
  addonName: string;
  params: Record<string, string>;
  x: number;
  y: number;
}

export interface LiveLink {
  from: string;
  to: string;
  /** The edge's branch when it leaves a Condition card; null otherwise. */
  branch: ConditionBranch | null;
}

export interface LiveFlow {
  cards: LiveCard[];
  links: LiveLink[];
  /** The key of the card attached as the trigger. */
  trigger: string | null;
}

export const actionCardKey = (actionId: number): string => `a${actionId}`;
const linkKey = (link: Pick<LiveLink, 'from' | 'to'>): string => `${link.from}>${link.to}`;

const cardsOf = (doc: Y.Doc) => doc.getMap<Y.Map<unknown>>(FLOW_CARDS);
const linksOf = (doc: Y.Doc) => doc.getMap<unknown>(FLOW_LINKS);
const settingsOf = (doc: Y.Doc) => doc.getMap<unknown>(FLOW_SETTINGS);

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const coordinate = (value: unknown): number => (typeof value === 'number' && Number.isFinite(value) ? value : 0);

/** The drawing the document holds: cards in the order of their actions (new ones last, by key); edges whose ends are both there. */
export function flowOfDoc(doc: Y.Doc): LiveFlow {
  const cards: LiveCard[] = [];
  for (const [key, entry] of cardsOf(doc).entries()) {
    const params: Record<string, string> = {};
    for (const [name, value] of entry.entries()) if (name.startsWith(PARAM) && typeof value === 'string') params[name.slice(PARAM.length)] = value;
    const actionId = entry.get('actionId');
    cards.push({
      key, actionId: typeof actionId === 'number' ? actionId : null, alias: text(entry.get('alias')), addonName: text(entry.get('addonName')),
      params, x: coordinate(entry.get('x')), y: coordinate(entry.get('y')),
    });
  }
  cards.sort((a, b) => (a.actionId ?? Infinity) - (b.actionId ?? Infinity) || (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const present = new Set(cards.map((card) => card.key));
  const links: LiveLink[] = [];
  for (const [key, value] of linksOf(doc).entries()) {
    const [from, to] = key.split('>');
    if (from === undefined || to === undefined || !present.has(from) || !present.has(to)) continue;
    links.push({ from, to, branch: (CONDITION_BRANCHES as readonly unknown[]).includes(value) ? value as ConditionBranch : null });
  }
  links.sort((a, b) => (linkKey(a) < linkKey(b) ? -1 : 1));
  const trigger = settingsOf(doc).get(TRIGGER);
  return { cards, links, trigger: typeof trigger === 'string' && present.has(trigger) ? trigger : null };
}

/** Makes the document hold `flow` with the fewest changes (only the fields, parameters and edges that differ), in one transaction. */
export function writeFlowToDoc(doc: Y.Doc, flow: LiveFlow, origin: unknown = null): void {
  const cards = cardsOf(doc);
  const links = linksOf(doc);
  const settings = settingsOf(doc);
  doc.transact(() => {
    const wanted = new Set(flow.cards.map((card) => card.key));
    for (const key of [...cards.keys()]) if (!wanted.has(key)) cards.delete(key);
    for (const card of flow.cards) {
      let entry = cards.get(card.key);
      if (entry === undefined) {
        entry = new Y.Map<unknown>();
        cards.set(card.key, entry);
      }
      const fields: Record<string, unknown> = { alias: card.alias, addonName: card.addonName, x: card.x, y: card.y };
      if (card.actionId !== null) fields.actionId = card.actionId;
      for (const [name, value] of Object.entries(card.params)) fields[PARAM + name] = value;
      for (const [name, value] of Object.entries(fields)) if (entry.get(name) !== value) entry.set(name, value);
      for (const name of [...entry.keys()]) if (!(name in fields) && name !== 'actionId') entry.delete(name);
    }
    const wantedLinks = new Map(flow.links.map((link) => [linkKey(link), link.branch]));
    for (const key of [...links.keys()]) if (!wantedLinks.has(key)) links.delete(key);
    for (const [key, branch] of wantedLinks) if (!links.has(key) || links.get(key) !== branch) links.set(key, branch);
    if ((settings.get(TRIGGER) ?? null) !== flow.trigger) settings.set(TRIGGER, flow.trigger);
  }, origin);
}

/** Sets the id of the action the server created for a drawn card (the server's own write). */
export function setCardAction(doc: Y.Doc, key: string, actionId: number, origin: unknown = null): void {
  doc.transact(() => cardsOf(doc).get(key)?.set('actionId', actionId), origin);
}

/** Limits of one card, as saveAction takes them (SaveWorkflowActionBodySchema). */
const MAX_ALIAS = 200;
const MAX_PARAMS_JSON = 200_000;
const MAX_COORDINATE = 1e6;
const CARD_KEY = /^(a[1-9]\d{0,9}|n[0-9a-zA-Z-]{1,64})$/;

/**
 * Why the drawing is not one the server could store, or null: what saveAction and saveFlow
 * refuse (unknown add-ons, empty or long aliases, too many cards or edges, a cycle, an edge out
 * of a Condition without its branch or one with a branch out of anything else, an edge into the
 * trigger, a card key or id of the wrong shape). References to the application's objects are
 * the server's to check.
 */
export function liveFlowProblem(flow: LiveFlow): string | null {
  if (flow.cards.length > MAX_WORKFLOW_ACTIONS) return `A workflow has at most ${MAX_WORKFLOW_ACTIONS} actions`;
  if (flow.links.length > MAX_FLOW_EDGES) return `A flow has at most ${MAX_FLOW_EDGES} edges`;
  const byKey = new Map(flow.cards.map((card) => [card.key, card]));
  const ids = new Set<number>();
  for (const card of flow.cards) {
    if (!CARD_KEY.test(card.key)) return `Unknown card ${card.key.slice(0, 80)}`;
    if (card.actionId !== null) {
      if (!Number.isInteger(card.actionId) || card.actionId <= 0 || ids.has(card.actionId)) return `Card ${card.key} names a wrong action`;
      ids.add(card.actionId);
    }
    if (card.alias.trim() === '' || card.alias.length > MAX_ALIAS) return `Card ${card.key}: actionAlias is empty or longer than ${MAX_ALIAS}`;
    if (addonByName(card.addonName) === undefined) return `Card ${card.key}: unknown add-on ${card.addonName.slice(0, 100)}`;
    if (JSON.stringify(card.params).length > MAX_PARAMS_JSON) return `Card ${card.key}: its parameters are too long`;
    if (Math.abs(card.x) > MAX_COORDINATE || Math.abs(card.y) > MAX_COORDINATE) return `Card ${card.key} is off the canvas`;
  }
  const index = new Map(flow.cards.map((card, position) => [card.key, position + 1]));
  for (const link of flow.links) {
    const from = byKey.get(link.from);
    if (from === undefined || !byKey.has(link.to)) continue;
    const fromCondition = from.addonName === 'condition';
    if (fromCondition && link.branch === null) return `An edge out of a Condition needs its branch: ${link.from} → ${link.to}`;
    if (!fromCondition && link.branch !== null) return `Only an edge out of a Condition has a branch: ${link.from} → ${link.to}`;
    if (link.to === flow.trigger) return 'The trigger action comes first: no edge may lead to it';
  }
  const cycle = findCycle(flow.links.map((link) => [index.get(link.from) ?? 0, index.get(link.to) ?? 0] as const));
  if (cycle !== null) return 'The flow has a cycle';
  return null;
}

/** A document holding `flow` (a workflow as stored, when a builder first opens it). */
export function docOfFlow(flow: LiveFlow): Y.Doc {
  const doc = new Y.Doc();
  writeFlowToDoc(doc, flow);
  return doc;
}
