/**
 * The drawn flow of a workflow (spec 1 §3 "Flow"): edges [from, to] between its actions. Pure
 * graph rules the server applies when a flow is saved and built.
 */

export type FlowEdge = readonly [number, number];

function successorsOf(edges: readonly FlowEdge[]): Map<number, number[]> {
  const next = new Map<number, number[]>();
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
  return next;
}

/**
 * A cycle of the flow as the ids along it, first id repeated at the end ([3, 5, 3]), or null.
 * Depth-first with colours, iterative so that a long chain cannot overflow the stack.
 */
export function findCycle(edges: readonly FlowEdge[]): number[] | null {
  const next = successorsOf(edges);
  const state = new Map<number, 'open' | 'done'>();
  const nodes = [...new Set(edges.flat())];
  for (const start of nodes) {
    if (state.has(start)) continue;
    const path: number[] = [];
    const stack: { node: number; index: number }[] = [{ node: start, index: 0 }];
    state.set(start, 'open');
    path.push(start);
    while (stack.length > 0) {
      const top = stack[stack.length - 1] as { node: number; index: number };
      const children = next.get(top.node) ?? [];
      if (top.index >= children.length) {
        state.set(top.node, 'done');
        stack.pop();
        path.pop();
        continue;
      }
      const child = children[top.index] as number;
      top.index += 1;
      const seen = state.get(child);
      if (seen === 'open') return [...path.slice(path.indexOf(child)), child];
      if (seen === undefined) {
        state.set(child, 'open');
        path.push(child);
        stack.push({ node: child, index: 0 });
      }
    }
  }
  return null;
}

/** The ids reachable from `starts` along the edges, the starts included. */
export function reachableFrom(starts: readonly number[], edges: readonly FlowEdge[]): Set<number> {
  const next = successorsOf(edges);
  const seen = new Set<number>(starts);
  const queue = [...starts];
  while (queue.length > 0) {
    const node = queue.shift() as number;
    for (const child of next.get(node) ?? []) {
      if (!seen.has(child)) {
        seen.add(child);
        queue.push(child);
      }
    }
  }
  return seen;
}

/** The actions no edge leads to, in the order given. */
export const rootsOf = (actionIds: readonly number[], edges: readonly FlowEdge[]): number[] => {
  const targets = new Set(edges.map(([, to]) => to));
  return actionIds.filter((id) => !targets.has(id));
};

/** An order in which every action comes after those leading to it (Kahn's); null when the flow has a cycle. */
export function topologicalOrder(actionIds: readonly number[], edges: readonly FlowEdge[]): number[] | null {
  const incoming = new Map<number, number>(actionIds.map((id) => [id, 0]));
  for (const [, to] of edges) incoming.set(to, (incoming.get(to) ?? 0) + 1);
  const next = successorsOf(edges);
  const queue = actionIds.filter((id) => incoming.get(id) === 0);
  const order: number[] = [];
  while (queue.length > 0) {
    const node = queue.shift() as number;
    order.push(node);
    for (const child of next.get(node) ?? []) {
      const left = (incoming.get(child) ?? 0) - 1;
      incoming.set(child, left);
      if (left === 0) queue.push(child);
    }
  }
  return order.length === incoming.size ? order : null;
}
