import { type ApiAnswer, ApiUnreachableError, firstError } from '../api/client';
import { notifyFailure, notifySuccess } from '../components/notify';
import { t } from '../i18n/i18n';

/** The answer of a call, or null when the server gave none (only logged: spec 1 §8). */
export async function settle<T>(request: Promise<ApiAnswer<T>>): Promise<ApiAnswer<T> | null> {
  try {
    return await request;
  } catch (error) {
    if (!(error instanceof ApiUnreachableError)) throw error;
    console.error(error);
    return null;
  }
}

/** The data of a successful answer for a query; a failed one becomes the query's error. `what` is shown, in the reader's language. */
export function dataOf<T>(answer: ApiAnswer<T>, what: string): T {
  if (!answer.status || answer.data === undefined) throw new Error(firstError(answer, t('admin.loadFailed', { what })));
  return answer.data;
}

/**
 * What a refused change shows: the server's first error text, nothing (the group screen,
 * spec 1 §8), or a text chosen from the answer.
 */
export type FailureNotice = 'server' | 'nothing' | ((answer: ApiAnswer<unknown>) => string);

/**
 * Runs a change and tells the person how it went: the green notice on success, the
 * failure notice the screen's rule asks for otherwise. True when it succeeded.
 */
export async function runChange(request: Promise<ApiAnswer<unknown>>, success: string, failure: FailureNotice = 'server'): Promise<boolean> {
  const answer = await settle(request);
  if (answer === null) return false;
  if (answer.status) {
    notifySuccess(success);
    return true;
  }
  if (failure === 'server') notifyFailure(firstError(answer, t('admin.changeRefused')));
  else if (failure !== 'nothing') notifyFailure(failure(answer));
  return false;
}
