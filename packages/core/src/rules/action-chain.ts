import { Messages } from '../messages';
import { requiredFieldMessage } from './form-fields';

/**
 * How a button's actions run (spec 2 §4 "Button run"): the top-level actions (cause '') in
 * their order; after an action succeeds, every action whose cause is its name runs, depth
 * first, each chain in list order. A failure stops the whole run: nothing after it runs,
 * neither its siblings nor the other top-level actions — an insert that failed must not be
 * followed by the redirect meant for its success.
 */

/** What the chain needs of an action. */
export interface ChainLink {
  name: string;
  cause?: string | undefined;
}

export interface ChainRun<A> {
  /** The actions that succeeded, in the order they ran. */
  done: A[];
  /** The action that failed and what it threw; the run stopped there. */
  failed?: { action: A; error: unknown };
}

/** Positions of the actions that run when `cause` has finished ('' for the top-level ones). */
export function followersOf(actions: readonly ChainLink[], cause: string): number[] {
  return actions.flatMap((action, index) => ((action.cause ?? '') === cause ? [index] : []));
}

/**
 * Runs the actions as described above. `run` throws to report a failure. Each action runs at
 * most once per run, so a cycle of causes (A after B after A) ends, and an action without a
 * name starts no chain (its followers would be the top-level ones).
 */
export async function runActionChain<A extends ChainLink>(actions: readonly A[], run: (action: A) => Promise<void>): Promise<ChainRun<A>> {
  const started = new Set<number>();
  const done: A[] = [];
  const runAll = async (indices: readonly number[]): Promise<ChainRun<A>['failed']> => {
    for (const index of indices) {
      if (started.has(index)) continue;
      started.add(index);
      const action = actions[index] as A;
      try {
        await run(action);
      } catch (error) {
        return { action, error };
      }
      done.push(action);
      if (action.name === '') continue;
      const failed = await runAll(followersOf(actions, action.name));
      if (failed !== undefined) return failed;
    }
    return undefined;
  };
  const failed = await runAll(followersOf(actions, ''));
  return failed === undefined ? { done } : { done, failed };
}

/**
 * The actions a run of `actions` may reach, in the order they would run when all succeed: the
 * top-level ones and, transitively, the actions they cause (as runActionChain walks them).
 */
export function reachableActions<A extends ChainLink>(actions: readonly A[]): A[] {
  const reached = new Set<number>();
  const walk = (indices: readonly number[]): void => {
    for (const index of indices) {
      if (reached.has(index)) continue;
      reached.add(index);
      const action = actions[index] as A;
      if (action.name !== '') walk(followersOf(actions, action.name));
    }
  };
  walk(followersOf(actions, ''));
  return [...reached].map((index) => actions[index] as A);
}

/** The failure notice when required fields are empty (the first one named), or null. */
export const requiredFieldsFailure = (emptyFieldNames: readonly string[]): string | null =>
  emptyFieldNames.length === 0 ? null : requiredFieldMessage(emptyFieldNames[0] as string);

/**
 * What follows 'Failed to perform the operation.' for a failed call answering an error list
 * (spec 1 §8): 'Duplicate Entry For File' alone for a unique-key violation, 'Query Error' with
 * the database's detail for other query errors, else the first error text.
 */
export function actionFailureDetail(errors: readonly string[] | undefined, fallback = '', code?: string): string {
  const [first, detail] = errors ?? [];
  if (first === undefined || first === '') return fallback;
  // By the answer's code: its text is in the reader's language (issue 35), the code in none.
  if ((code ?? codeOfSpecText(first)) === 'duplicateEntry') return first;
  if ((code ?? codeOfSpecText(first)) === 'queryError') return detail === undefined || detail === '' ? first : `${first}: ${detail}`;
  return first;
}

/** The code of a text in the specification's wording, for answers that carry none. */
const codeOfSpecText = (text: string): string | undefined =>
  text === Messages.duplicateEntry ? 'duplicateEntry' : text === Messages.queryError ? 'queryError' : undefined;

/** 'Failed to perform the operation. {detail}' */
export const actionFailureMessage = (detail: string): string => Messages.actionFailed.replace('{detail}', detail).trim();
