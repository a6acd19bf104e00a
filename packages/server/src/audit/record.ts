import type { Store } from '../store/db';
import { insertAuditEntries, insertAuditEntry, type NewAuditEntry } from '../store/repositories/audit-log';
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
/** Details longer than this (an imported bundle) are left out, their size said: the log says what was done, the change keeps what. */
const MAX_DETAILS = 64 * 1024;

function detailsText(details: unknown): string {
  const text = JSON.stringify(redacted(details));
  return text.length > MAX_DETAILS ? JSON.stringify({ leftOut: `${text.length} characters of details` }) : text;
}

let recording = true;

/**
 * Turns the audit log off in this process: only bench/audit.ts does, to measure what recording
 * costs a member's row edit against the same edit unrecorded. No setting of the operator's
 * reaches it.
 */
export function setAuditRecording(on: boolean): void {
  recording = on;
}

export const isAuditRecording = (): boolean => recording;

/** The entry of a fact, with who, from where and when read from the current call (marked as recorded). */
function entryOf(fact: AuditFact): NewAuditEntry {
  const context = currentAuditContext();
  const action = fact.action ?? context?.action;
  if (action === undefined) throw new Error('recordAudit outside a call needs an action');
  if (context !== undefined && action === context.action) context.recorded = true;
  return {
    at: new Date().toISOString(),
    actorId: fact.actorId === undefined ? context?.actorId ?? null : fact.actorId,
    appId: fact.appId === undefined ? context?.appId ?? null : fact.appId,
    action,
    entityType: fact.entityType,
    entityId: fact.entityId === undefined || fact.entityId === null ? null : String(fact.entityId).slice(0, 200),
    summary: fact.summary.slice(0, MAX_SUMMARY),
    details: detailsText(fact.details ?? (action === context?.action ? context.input : {})),
    sourceAddress: context?.sourceAddress ?? null,
  };
}

/**
 * Appends an audit entry. Pass the transaction of the change it records, so both are kept or
 * neither is. A change outside the metadata store goes through recordAfterCommit.
 */
export async function recordAudit(db: Store, fact: AuditFact): Promise<void> {
  if (!recording) return;
  await insertAuditEntry(db, entryOf(fact));
}

/** Entries waiting to be appended, per store. */
interface Pending {
  entries: NewAuditEntry[];
  timer: NodeJS.Timeout | undefined;
  writing: Promise<void>;
  /** Where entries that could not be appended go (the server's log), so none is lost silently. */
  onError?: (error: unknown, entries: NewAuditEntry[]) => void;
}
const pending = new WeakMap<Store, Pending>();
/** How long an entry of recordAfterCommit waits for others to be appended with, at most. */
export const AUDIT_FLUSH_MS = 25;
const FLUSH_AT = 200;

/**
 * Records a change made outside the metadata store, right after it committed there (a member's
 * row edit in the application's own database, which cannot share a transaction with the store).
 * Who, from where and when are taken now; the entry is appended with the others of the next
 * AUDIT_FLUSH_MS in one statement, so a member's edit does not wait for the store: at worst a
 * crash in those milliseconds loses entries, as a crash between the two commits would. Reading
 * the log, and closing the server, append what waits first (flushAudit).
 */
export function recordAfterCommit(store: Store, fact: AuditFact, onError: (error: unknown, entries: NewAuditEntry[]) => void): void {
  if (!recording) return;
  let queue = pending.get(store);
  if (queue === undefined) {
    queue = { entries: [], timer: undefined, writing: Promise.resolve() };
    pending.set(store, queue);
  }
  queue.entries.push(entryOf(fact));
  const flush = () => { void flushAudit(store).catch(() => undefined); };
  if (queue.entries.length >= FLUSH_AT) flush();
  else if (queue.timer === undefined) {
    queue.timer = setTimeout(flush, AUDIT_FLUSH_MS);
    queue.timer.unref();
  }
  queue.onError = onError;
}

/** Appends the entries recordAfterCommit keeps waiting, and waits for those already being appended. */
export async function flushAudit(store: Store): Promise<void> {
  const queue = pending.get(store);
  if (queue === undefined) return;
  if (queue.timer !== undefined) clearTimeout(queue.timer);
  queue.timer = undefined;
  const entries = queue.entries.splice(0);
  const previous = queue.writing;
  queue.writing = (async () => {
    await previous;
    if (entries.length === 0) return;
    try {
      await insertAuditEntries(store, entries);
    } catch (error) {
      queue.onError?.(error, entries);
    }
  })();
  await queue.writing;
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
