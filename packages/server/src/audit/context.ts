import { AsyncLocalStorage } from 'node:async_hooks';

/**
 * Who is making the current call, for the audit entries written while it runs: the route layer
 * (http/route.ts) opens one per call, so the domain modules record an entry with one
 * `recordAudit(trx, …)` and need no request. Outside a call (a workflow run a trigger started
 * by the queue) there is none: the actor is the system.
 */
export interface AuditContext {
  /** The call's name in core's `calls`: the action of its entries by default. */
  action: string;
  actorId: string | null;
  sourceAddress: string | null;
  /** The application the call's access check found (member and appAdmin calls). */
  appId: number | null;
  /** The call's input (params, query, body; not an upload's bytes): the details of its entries unless they say otherwise. */
  input: Record<string, unknown>;
  /** Whether an entry of the call's own action was recorded (then the route layer adds none). */
  recorded: boolean;
}

const storage = new AsyncLocalStorage<AuditContext>();

export function runInAuditContext<T>(context: AuditContext, work: () => Promise<T>): Promise<T> {
  return storage.run(context, work);
}

export function currentAuditContext(): AuditContext | undefined {
  return storage.getStore();
}

/**
 * Names the application the current call turned out to act in, once a domain module has checked
 * the caller's reach of it (a signed-in call names its application in its input, e.g. a page):
 * the call's entries belong to it. Never the input's word alone.
 */
export function auditAppIs(appId: number): void {
  const context = storage.getStore();
  if (context !== undefined) context.appId = appId;
}
