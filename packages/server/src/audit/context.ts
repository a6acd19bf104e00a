/**
 * Who is making a call, for the audit entries written while it runs: the route layer
 * (http/route.ts) makes one per call and hands it on: to the handler, and on the caller's
 * Principal, so a domain module that has the caller records an entry with
 * `withAudit(store, caller.audit, …)`. Outside a call (a workflow run a trigger started by the
 * queue) there is none: the actor is the system.
 *
 * Passed by hand rather than held in an AsyncLocalStorage: on Node 20 one in use puts a hook on
 * every promise of the process, which cost each call 20–50 µs (issue 19).
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

/**
 * Names the application the call turned out to act in, once a domain module has checked the
 * caller's reach of it (a signed-in call names its application in its input, e.g. a page):
 * the call's entries belong to it. Never the input's word alone.
 */
export function auditAppIs(context: AuditContext | undefined, appId: number): void {
  if (context !== undefined) context.appId = appId;
}
