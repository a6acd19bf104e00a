import type { ConditionBranch, LocalText, TaskField, TaskKind, TextParts } from '@rakit/core';
import { localiseParts, partsOfText } from '@rakit/core/translate';
import type { Services } from '../../services';

/**
 * The seam between the workflow engine and its add-ons (issue 12): the engine resolves a step's
 * templates, records it, enforces its timeout and retries; an executor only does the add-on's
 * work with the resolved parameters. An executor runs the author's configuration, so it reaches
 * only what his application reaches: connections of `appId` (checked again here, at run time,
 * since the build), the SSRF-guarded outbound HTTP, the sandboxed functions.
 */
export interface StepContext {
  services: Services;
  /** The application whose workflow runs: the only one whose connections a step may use. */
  appId: number;
  runId: number;
  actionId: number;
  /**
   * The same for every attempt of this step of this run, and different for any other: an
   * executor that writes outside passes it where the other side can deduplicate (the HTTP
   * add-on sends it as the `Idempotency-Key` header).
   */
  idempotencyKey: string;
  /** Aborted when the step's time is up or its run is cancelled: stop work and throw. */
  signal: AbortSignal;
}

/** A task a step gives (issue 37): the engine records it and the run waits for its answer. */
export interface TaskRequest {
  kind: TaskKind;
  /** A group of the application, or one account of it (one of the two). */
  assigneeGroupId: number | null;
  assigneeUser: string | null;
  /** As the step names it: `group:<name>` or the user id. */
  assigneeLabel: string;
  message: string;
  fields: TaskField[];
  deadlineAt: string | null;
}

/**
 * What a step produced: its output (`$N` of later templates) and, for a condition, the edge
 * taken; or a task to wait for, whose answer becomes the output.
 */
export interface StepOutcome {
  output: unknown;
  branch?: ConditionBranch;
  wait?: TaskRequest;
}

/**
 * A step's failure the engine records as the step's error. `retryable` false (bad
 * configuration, a refused address, a constraint violated) fails the step at once; true (a
 * timeout, a dropped connection, a 5xx) lets the engine try again with backoff.
 */
export class StepFailure extends Error {
  /** What the run records: each reader gets it in his language (its message is the specification's wording). */
  readonly text: TextParts;

  /** A string is a text from outside (a database's, a mail server's): kept as it is. */
  constructor(text: string | LocalText | TextParts, readonly retryable: boolean) {
    const parts: TextParts = Array.isArray(text) ? text : [text as string | LocalText];
    super(localiseParts('spec', parts));
    this.text = parts;
    this.name = 'StepFailure';
  }
}

/**
 * Another module's error as a failure's text: its own LocalText, or a text of messages.json
 * found by its wording (a data source's, an SSRF guard's), or, from outside (a database's, a
 * mail server's words), the text as it is; then its details.
 */
export function failureParts(error: Error & { local?: LocalText | undefined; details?: readonly string[] }): TextParts {
  const details = (error.details ?? []).map((detail) => `: ${detail}`);
  return [...(error.local === undefined ? partsOfText(error.message) : [error.local]), ...details];
}

export interface StepDefaults {
  /** How long one attempt may take. */
  timeoutMs: number;
  /** How many more attempts after a retryable failure. */
  retries: number;
}

export interface AddonExecutor {
  /** Shown in the editor's card and used when the action sets none. */
  defaults: StepDefaults;
  /** The resolved parameters: each value is what its template resolved to (a whole-reference keeps its type). */
  run(context: StepContext, params: Readonly<Record<string, unknown>>): Promise<StepOutcome>;
}
