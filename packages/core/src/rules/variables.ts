import { VARIABLE_VALUE } from '../schemas/actions';

/** Visits every object and array of a structure, depth first, up to a sane depth. */
function visitObjects(structure: unknown, visit: (record: Record<string, unknown>) => void): void {
  const walk = (value: unknown, depth: number): void => {
    if (depth > 64 || typeof value !== 'object' || value === null) return;
    if (Array.isArray(value)) {
      for (const item of value) walk(item, depth + 1);
      return;
    }
    const record = value as Record<string, unknown>;
    visit(record);
    for (const item of Object.values(record)) walk(item, depth + 1);
  };
  walk(structure, 0);
}

/** The variable a mapping names: `{ source: '--variable--', custom }`, or a REQUEST row's `{ value: '--variable--', customValue }`. */
function variableOf(record: Record<string, unknown>): string | undefined {
  if (record.source === VARIABLE_VALUE && typeof record.custom === 'string' && record.custom !== '') return record.custom;
  if (record.value === VARIABLE_VALUE && typeof record.customValue === 'string' && record.customValue !== '') return record.customValue;
  return undefined;
}

/**
 * The names of the environment's variables a structure's value sources name (issue 39), each once,
 * sorted: a page's components, a bundle's pages. Any mapping that names one counts, wherever an
 * action keeps its mappings, so a new kind of action is covered as it comes.
 */
export function variableNamesIn(structure: unknown): string[] {
  const names = new Set<string>();
  visitObjects(structure, (record) => {
    const name = variableOf(record);
    if (name !== undefined) names.add(name);
  });
  return [...names].sort();
}

/** The variables the REQUEST actions of a page's components name: those the member's browser sends itself. */
export function requestVariableNamesIn(components: unknown): string[] {
  const requests: unknown[] = [];
  visitObjects(components, (record) => {
    if (record.action === 'REQUEST') requests.push(record.raw);
  });
  return variableNamesIn(requests);
}
