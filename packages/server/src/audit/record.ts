import type { LocalText, TextParts } from '@rakit/core';
import type { Store } from '../store/db';
import { storedPartsColumns } from '../store/stored-parts';
import { insertAuditEntries, insertAuditEntry, type NewAuditEntry } from '../store/repositories/audit-log';
import type { AuditContext } from './context';
import { redacted } from './redact';

/** What a domain module says of a change it makes; who, from where and when come from the call. */
export interface AuditFact {
  /** Defaults to the call's name. */
  action?: string;
  /** Defaults to the caller (a sign-in names who signed in). */
  actorId?: string | null;
  /** Defaults to the application the call's access check found. */
  appId?: number | null;
  entityType: string;
  entityId?: string | number | null;
  /**
   * What was done, in catalog texts (core's audit.json) with the names of what changed as their
   * values: each reader of the log reads it in his language (issue 35).
   */
  summary: LocalText | TextParts;
  /**
   * Redacted by field name (see redact.ts) before it is written; by default the call's input when
   * the entry is the call's own. A function is called when the entry is written: recordAfterCommit
   * builds it off the call's path.
   */
  details?: Record<string, unknown> | (() => Record<string, unknown>);
}

const MAX_SUMMARY = 500;
/** A summary whose pieces are longer than this as JSON keeps only its specification's wording: the details say the rest. */
const MAX_SUMMARY_PARTS = 4000;
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

/** Who made a change, from where, in which application and call: read from the call when it is recorded. */
interface Origin {
  action: string;
  actorId: string | null;
  appId: number | null;
  sourceAddress: string | null;
  /** The call's input, the details of its own entry unless the fact says otherwise. */
  input: Record<string, unknown> | undefined;
  /** When (ms since the epoch). */
  at: number;
}

/**
 * The origin of a fact, read from the call that makes it (marked as recorded when the entry is
 * its own); undefined for the system's own work.
 */
function originOf(context: AuditContext | undefined, fact: AuditFact): Origin {
  const action = fact.action ?? context?.action;
  if (action === undefined) throw new Error('recordAudit outside a call needs an action');
  const own = context !== undefined && action === context.action;
  if (own) context.recorded = true;
  return {
    action,
    actorId: fact.actorId === undefined ? context?.actorId ?? null : fact.actorId,
    appId: fact.appId === undefined ? context?.appId ?? null : fact.appId,
    sourceAddress: context?.sourceAddress ?? null,
    input: own ? context.input : undefined,
    at: Date.now(),
  };
}

/** The stored entry of a fact and its origin: details redacted and written as JSON. */
function entryOf(fact: AuditFact, origin: Origin): NewAuditEntry {
  const details = typeof fact.details === 'function' ? fact.details() : fact.details;
  const summary = storedPartsColumns('key' in fact.summary ? [fact.summary] : fact.summary);
  return {
    at: new Date(origin.at).toISOString(),
    actorId: origin.actorId,
    appId: origin.appId,
    action: origin.action,
    entityType: fact.entityType,
    entityId: fact.entityId === undefined || fact.entityId === null ? null : String(fact.entityId).slice(0, 200),
    summary: summary.text.slice(0, MAX_SUMMARY),
    summaryText: summary.parts.length > MAX_SUMMARY_PARTS ? null : summary.parts,
    details: detailsText(details ?? origin.input ?? {}),
    sourceAddress: origin.sourceAddress,
  };
}

/**
 * Appends an audit entry. Pass the transaction of the change it records, so both are kept or
 * neither is. A change outside the metadata store goes through recordAfterCommit.
 */
export async function recordAudit(db: Store, context: AuditContext | undefined, fact: AuditFact): Promise<void> {
  if (!recording) return;
  await insertAuditEntry(db, entryOf(fact, originOf(context, fact)));
}

/** Entries waiting to be appended, per store. */
interface Pending {
  /** Facts with their origin, made into entries (redaction, JSON) when they are appended. */
  facts: { fact: AuditFact; origin: Origin }[];
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
 * Who, from where and when are taken now; the details are redacted and written as JSON when the
 * entry is appended (so they must not change after), with the others of the next
 * AUDIT_FLUSH_MS in one statement, so a member's edit does not wait for the store: at worst a
 * crash in those milliseconds loses entries, as a crash between the two commits would. Reading
 * the log, and closing the server, append what waits first (flushAudit).
 */
export function recordAfterCommit(
  store: Store, context: AuditContext | undefined, fact: AuditFact, onError: (error: unknown, entries: NewAuditEntry[]) => void,
): void {
  if (!recording) return;
  let queue = pending.get(store);
  if (queue === undefined) {
    queue = { facts: [], timer: undefined, writing: Promise.resolve() };
    pending.set(store, queue);
  }
  queue.facts.push({ fact, origin: originOf(context, fact) });
  // No closure made per call: only when a flush is due.
  if (queue.facts.length >= FLUSH_AT) flushInBackground(store);
  else if (queue.timer === undefined) {
    queue.timer = setTimeout(flushInBackground, AUDIT_FLUSH_MS, store);
    queue.timer.unref();
  }
  queue.onError = onError;
}

/** Errors are the queue's onError's to report. */
function flushInBackground(store: Store): void {
  void flushAudit(store).catch(() => undefined);
}

/** Appends the entries recordAfterCommit keeps waiting, and waits for those already being appended. */
export async function flushAudit(store: Store): Promise<void> {
  const queue = pending.get(store);
  if (queue === undefined) return;
  if (queue.timer !== undefined) clearTimeout(queue.timer);
  queue.timer = undefined;
  const facts = queue.facts.splice(0);
  const previous = queue.writing;
  queue.writing = (async () => {
    await previous;
    if (facts.length === 0) return;
    let entries: NewAuditEntry[] = [];
    try {
      entries = facts.map(({ fact, origin }) => entryOf(fact, origin));
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
export function withAudit<T>(
  store: Store, context: AuditContext | undefined, fact: AuditFact | ((result: T) => AuditFact), change: (trx: Store) => Promise<T>,
): Promise<T> {
  return store.transaction().execute(async (trx) => {
    const result = await change(trx);
    await recordAudit(trx, context, typeof fact === 'function' ? fact(result) : fact);
    return result;
  });
}
