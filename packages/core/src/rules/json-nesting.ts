/**
 * How deep lists and objects may nest in JSON an author or his server hands us (a page's
 * components, an answer to a request): far past any real page or answer, far short of the
 * depth where a recursive walk (JSON.stringify, a schema, a tree walk) overflows the stack.
 */
export const MAX_JSON_NESTING = 64;

/**
 * True when `value` holds lists or objects nested more than `limit` deep (the value itself is
 * level 1). Walks with its own stack, so any depth is measured without recursing.
 */
export function nestsDeeperThan(value: unknown, limit: number): boolean {
  const pending: [unknown, number][] = [[value, 1]];
  for (let next = pending.pop(); next !== undefined; next = pending.pop()) {
    const [current, level] = next;
    if (typeof current !== 'object' || current === null) continue;
    if (level > limit) return true;
    for (const child of Object.values(current)) pending.push([child, level + 1]);
  }
  return false;
}

