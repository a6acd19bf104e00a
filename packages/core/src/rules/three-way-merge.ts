import type { Component } from '../widgets/registry';
import { type DiffComponent, describeComponent, type Placed, placedById, sameJson } from './page-diff';

/**
 * Three-way merges of what two administrators saved from the same version (issue 33): `base`
 * is what both loaded, `mine` what this one is saving, `theirs` what another saved meanwhile.
 * A change only one side made is kept; the same change on both sides is one change; different
 * changes to the same setting are a conflict, settled by `choices` (by conflict key; mine when
 * no choice is given), so a screen can show the conflicts and merge again with the answers.
 */

/** Which side a conflict is settled for. */
export type MergeSide = 'mine' | 'theirs';
export type MergeChoices = Readonly<Record<string, MergeSide>>;

/** How a builder settles a stale write's clashes: both sides' changes (each clash as `choices` say), only his, or only theirs. */
export type MergeSettlement = { keep: 'both'; choices: MergeChoices } | { keep: 'mine' } | { keep: 'theirs' };

export interface FieldConflict {
  /** The conflict's key in `choices`: the field's name. */
  key: string;
  base: unknown;
  mine: unknown;
  theirs: unknown;
}

export interface RecordMerge<T> {
  merged: T;
  conflicts: FieldConflict[];
}

/** A field both sides changed, or undefined when the two sides agree on a value for it. */
function mergeValue(base: unknown, mine: unknown, theirs: unknown): { value: unknown } | 'conflict' {
  if (sameJson(mine, theirs)) return { value: mine };
  if (sameJson(mine, base)) return { value: theirs };
  if (sameJson(theirs, base)) return { value: mine };
  return 'conflict';
}

/** Merges the fields of a flat object (a menu, a function, a connection's form…). */
export function mergeRecords<T extends Record<string, unknown>>(base: T, mine: T, theirs: T, choices: MergeChoices = {}): RecordMerge<T> {
  const merged: Record<string, unknown> = {};
  const conflicts: FieldConflict[] = [];
  for (const key of new Set([...Object.keys(theirs), ...Object.keys(mine)])) {
    const outcome = mergeValue(base[key], mine[key], theirs[key]);
    if (outcome !== 'conflict') {
      if (outcome.value !== undefined) merged[key] = outcome.value;
      continue;
    }
    conflicts.push({ key, base: base[key], mine: mine[key], theirs: theirs[key] });
    merged[key] = (choices[key] ?? 'mine') === 'mine' ? mine[key] : theirs[key];
  }
  return { merged: merged as T, conflicts };
}

/** What a page merge could not decide alone. */
export type PageConflict =
  /** Both changed one setting of a component differently (CARD_SETTING: the card it sits in). */
  | { key: string; kind: 'setting'; component: DiffComponent; setting: string; mine: unknown; theirs: unknown }
  /** One side removed a component the other changed (`removedBy` says who removed it). */
  | { key: string; kind: 'removed'; component: DiffComponent; removedBy: MergeSide }
  /** Both reordered the components of one card (or of the page: `parent` null) differently. */
  | { key: string; kind: 'order'; parent: DiffComponent | null };

export interface PageMerge {
  components: Component[];
  conflicts: PageConflict[];
}

/** The position of a component as a setting: the card it sits in. */
export const CARD_SETTING = '@card';

/** A component's own settings: every field but its children. */
function settingsOf(component: Component): Record<string, unknown> {
  const { children: _children, ...settings } = component;
  return settings;
}

function unchanged(before: Placed, after: Placed): boolean {
  return before.parentId === after.parentId && sameJson(settingsOf(before.component), settingsOf(after.component));
}

interface MergedNode {
  settings: Record<string, unknown>;
  parentId: string | null;
  holds: boolean;
  /** The removed card it sat in (the outermost one), when it had to move out of it. */
  removedCard?: string;
}

/**
 * Merges two versions of a page's components saved from the same `base`, per component and
 * per setting: components only one side added, removed or changed are kept as that side left
 * them; the order of a card's components follows the side that reordered them, with the other
 * side's new components placed after the same neighbours.
 */
export function mergePageComponents(
  base: readonly Component[], mine: readonly Component[], theirs: readonly Component[], choices: MergeChoices = {},
): PageMerge {
  const was = placedById(base);
  const ours = placedById(mine);
  const other = placedById(theirs);
  const conflicts: PageConflict[] = [];
  const nodes = new Map<string, MergedNode>();
  const chosen = (key: string): MergeSide => choices[key] ?? 'mine';
  const take = (placed: Placed) =>
    nodes.set(placed.component.id, { settings: settingsOf(placed.component), parentId: placed.parentId, holds: Array.isArray(placed.component.children) });

  for (const id of new Set([...ours.keys(), ...other.keys()])) {
    const b = was.get(id);
    const m = ours.get(id);
    const t = other.get(id);
    if (m !== undefined && t !== undefined) {
      nodes.set(id, mergeBoth(id, b, m, t, conflicts, chosen));
    } else if (b === undefined) {
      take((m ?? t)!);
    } else {
      // Present on one side only: the other removed it. Unchanged here, the removal stands.
      const kept = (m ?? t)!;
      if (unchanged(b, kept)) continue;
      const key = `${id}:removed`;
      const removedBy: MergeSide = m === undefined ? 'mine' : 'theirs';
      conflicts.push({ key, kind: 'removed', component: describeComponent(kept.component), removedBy });
      if (chosen(key) !== removedBy) take(kept);
    }
  }

  // A component whose card is gone stays where the card was.
  for (const node of nodes.values()) {
    while (node.parentId !== null && !nodes.has(node.parentId)) {
      node.removedCard = node.parentId;
      node.parentId = (ours.get(node.parentId) ?? other.get(node.parentId) ?? was.get(node.parentId))?.parentId ?? null;
    }
  }

  const order = childOrders(nodes, { was, ours, other }, conflicts, chosen);
  const build = (parentId: string | null): Component[] => (order.get(parentId) ?? []).map((id) => {
    const node = nodes.get(id)!;
    return (node.holds ? { ...node.settings, children: build(id) } : { ...node.settings }) as Component;
  });
  return { components: build(null), conflicts };
}

function mergeBoth(
  id: string, b: Placed | undefined, m: Placed, t: Placed, conflicts: PageConflict[], chosen: (key: string) => MergeSide,
): MergedNode {
  const baseSettings = b === undefined ? {} : settingsOf(b.component);
  const mineSettings = settingsOf(m.component);
  const theirSettings = settingsOf(t.component);
  const fields = { ...baseSettings, [CARD_SETTING]: b?.parentId };
  const merged = mergeRecords(
    fields, { ...mineSettings, [CARD_SETTING]: m.parentId }, { ...theirSettings, [CARD_SETTING]: t.parentId },
    Object.fromEntries(Object.keys({ ...mineSettings, ...theirSettings, [CARD_SETTING]: null }).map((key) => [key, chosen(`${id}:${key}`)])),
  );
  for (const conflict of merged.conflicts) {
    conflicts.push({
      key: `${id}:${conflict.key}`, kind: 'setting', component: describeComponent(m.component), setting: conflict.key, mine: conflict.mine, theirs: conflict.theirs,
    });
  }
  const { [CARD_SETTING]: parentId, ...settings } = merged.merged;
  return { settings, parentId: (parentId ?? null) as string | null, holds: Array.isArray(m.component.children) || Array.isArray(t.component.children) };
}

/** The ids of the components under `parentId` in one version, in order. */
function childIds(byId: Map<string, Placed>, parentId: string | null): string[] {
  return [...byId.values()].filter((p) => p.parentId === parentId).sort((x, y) => x.index - y.index).map((p) => p.component.id);
}

/** Whether a side changed the order of the components it kept from the base under one parent. */
function reordered(baseIds: string[], sideIds: string[]): boolean {
  const kept = new Set(sideIds);
  const before = baseIds.filter((id) => kept.has(id));
  const inBase = new Set(baseIds);
  const after = sideIds.filter((id) => inBase.has(id));
  return !sameJson(before, after);
}

/** Places `extra` ids into `skeleton` after the neighbour each follows in `source`. */
function insertAfterNeighbours(skeleton: string[], extra: string[], source: string[]): string[] {
  const result = [...skeleton];
  for (const id of extra) {
    const at = source.indexOf(id);
    let after = -1;
    for (let i = at - 1; i >= 0 && after === -1; i--) after = result.indexOf(source[i]!);
    result.splice(at === -1 ? result.length : after + 1, 0, id);
  }
  return result;
}

function childOrders(
  nodes: Map<string, MergedNode>, versions: { was: Map<string, Placed>; ours: Map<string, Placed>; other: Map<string, Placed> },
  conflicts: PageConflict[], chosen: (key: string) => MergeSide,
): Map<string | null, string[]> {
  const parents = new Set<string | null>([null, ...[...nodes.values()].map((node) => node.parentId)]);
  const orders = new Map<string | null, string[]>();
  for (const parentId of parents) {
    const here = (id: string) => nodes.get(id)?.parentId === parentId;
    const baseIds = childIds(versions.was, parentId);
    const mineIds = childIds(versions.ours, parentId);
    const theirIds = childIds(versions.other, parentId);
    const mineMoved = reordered(baseIds, mineIds);
    const theirsMoved = reordered(baseIds, theirIds);
    let lead: MergeSide = theirsMoved && !mineMoved ? 'theirs' : 'mine';
    if (mineMoved && theirsMoved && !sameJson(mineIds.filter((id) => theirIds.includes(id)), theirIds.filter((id) => mineIds.includes(id)))) {
      const key = `order:${parentId ?? ''}`;
      const card = parentId === null ? undefined : nodes.get(parentId);
      conflicts.push({ key, kind: 'order', parent: card === undefined ? null : describeComponent(card.settings as Component) });
      lead = chosen(key);
    }
    const [leadIds, otherIds] = lead === 'mine' ? [mineIds, theirIds] : [theirIds, mineIds];
    const skeleton = leadIds.filter(here);
    const placed = new Set(skeleton);
    // The components of a removed card stand in its place.
    const source = otherIds.flatMap((id) => (nodes.has(id) ? [id] : [...nodes].filter(([, node]) => node.removedCard === id).map(([orphan]) => orphan)));
    const rest = [...source, ...nodes.keys()].filter((id, i, all) => here(id) && !placed.has(id) && all.indexOf(id) === i);
    orders.set(parentId, insertAfterNeighbours(skeleton, rest, source));
  }
  return orders;
}
