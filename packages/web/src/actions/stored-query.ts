import type { CustomAction, ValueSource } from '@rakit/core';

/** The stored part of a QUERY or DELETE action as the dialogs edit it (spec 2 §3 "stored"). */
export interface StoredQueryDraft {
  query: string;
  params: ValueSource[];
  /** The main table the query reads (QUERY) or deletes from (DELETE). */
  table: string;
  /** The columns the query answers with. */
  columns: string[];
  /** The main table's columns. */
  availableColumn: string[];
  /** Its id in the stored queries (saveQuery), once stored. */
  id: number | null;
}

const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The action's stored query, whatever state the draft is in. */
export function storedQueryOf(action: CustomAction): StoredQueryDraft {
  const stored = (action.stored ?? {}) as Record<string, unknown>;
  return {
    query: typeof stored.query === 'string' ? stored.query : '',
    params: Array.isArray(stored.params) ? (stored.params as ValueSource[]) : [],
    table: typeof stored.table === 'string' ? stored.table : '',
    columns: strings(stored.columns),
    availableColumn: strings(stored.availableColumn),
    id: typeof stored.id === 'number' ? stored.id : null,
  };
}
