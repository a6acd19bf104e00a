import { VARIABLE_VALUE } from '../schemas/actions';

/**
 * The names of the environment's variables a structure's value sources name (issue 39), each once,
 * sorted: a page's components, a bundle's pages. Any object `{ source: '--variable--', custom }`
 * is one, wherever an action keeps its mappings, so a new kind of action is covered as it comes.
 */
export function variableNamesIn(structure: unknown): string[] {
  const names = new Set<string>();
  const visit = (value: unknown, depth: number): void => {
    if (depth > 64 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) visit(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    if (record.source === VARIABLE_VALUE && typeof record.custom === 'string' && record.custom !== '') names.add(record.custom);
    for (const item of Object.values(record)) visit(item, depth + 1);
  };
  visit(structure, 0);
  return [...names].sort();
}
