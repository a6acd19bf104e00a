import type { Store } from '../store/db';
import { insertAuditEntry } from '../store/repositories/audit-log';
import { currentAuditContext } from './context';
import { redacted } from './redact';

/** What a domain module says of a change it makes; who, from where and when come from the call. */
export interface AuditFact {
  /** Defaults to the current call's name. */
  action?: string;
  /** Defaults to the caller (a sign-in names who signed in). */
  actorId?: string | null;
  /** Defaults to the application the call's access check found. */
  appId?: number | null;
  entityType: string;
  entityId?: string | number | null;
  summary: string;
  /** Redacted by field name (see redact.ts) before it is written; by default the call's input when the entry is the call's own. */
  details?: Record<string, unknown>;
}

const MAX_SUMMARY = 500;

/**
 * Appends an audit entry. Pass the transaction of the change it records, so both are kept or
 * neither is; a change outside the metadata store (a member's row edit in the application's
 * own database) is recorded right after it commits, through the store itself.
 */
export async function recordAudit(db: Store, fact: AuditFact): Promise<void> {
  const context = currentAuditContext();
  const action = fact.action ?? context?.action;
  if (action === undefined) throw new Error('recordAudit outside a call needs an action');
  await insertAuditEntry(db, {
    at: new Date().toISOString(),
    actorId: fact.actorId === undefined ? context?.actorId ?? null : fact.actorId,
    appId: fact.appId === undefined ? context?.appId ?? null : fact.appId,
    action,
    entityType: fact.entityType,
    entityId: fact.entityId === undefined || fact.entityId === null ? null : String(fact.entityId).slice(0, 200),
    summary: fact.summary.slice(0, MAX_SUMMARY),
    details: JSON.stringify(redacted(fact.details ?? (action === context?.action ? context.input : {}))),
    sourceAddress: context?.sourceAddress ?? null,
  });
  if (context !== undefined && action === context.action) context.recorded = true;
}

/**
 * Makes a change and records it in one store transaction: both are kept or neither is. The
 * fact may be read from the change's result (the id of what it created).
 */
export function withAudit<T>(store: Store, fact: AuditFact | ((result: T) => AuditFact), change: (trx: Store) => Promise<T>): Promise<T> {
  return store.transaction().execute(async (trx) => {
    const result = await change(trx);
    await recordAudit(trx, typeof fact === 'function' ? fact(result) : fact);
    return result;
  });
}
