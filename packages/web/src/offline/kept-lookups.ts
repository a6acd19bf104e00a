import type { QueryClient } from '@tanstack/react-query';
import { ApiUnreachableError } from '../api/request';
import { OFFLINE_KEPT } from './offline-cache';

/** One entry a lookup offers (an address, a school). */
export interface KeptChoice { value: string; label: string }

/** What a lookup answered: from the server, or from what was looked up before (no network). */
export interface LookupAnswer { choices: KeptChoice[]; fromDevice: boolean }

/** A lookup's answer is good for this long before it is asked again. */
const LOOKUP_FRESH_MS = 10 * 60 * 1000;

/**
 * A lookup (address, school) whose answers stay on the device (issue 38): online it asks the
 * server and keeps the answer; without a network it answers from what was looked up before,
 * the kept answers of what was typed (or of the start of it) that still match, and says so.
 * `lookup` names the lookup and its application: ['lookup', appId, 'address'].
 */
export async function lookUpKept(
  queryClient: QueryClient, lookup: readonly unknown[], typed: string, ask: () => Promise<KeptChoice[] | null>,
): Promise<LookupAnswer> {
  const text = typed.trim().toLowerCase();
  try {
    const choices = await queryClient.fetchQuery({
      queryKey: [...lookup, text],
      queryFn: async () => {
        const answer = await ask();
        // A refusal is not kept: it is asked again next time.
        if (answer === null) throw new Error('the lookup was refused');
        return answer;
      },
      staleTime: LOOKUP_FRESH_MS,
      retry: false,
      // Tried even offline: a failed try is what turns to the kept answers (a paused one would wait).
      networkMode: 'always',
      ...OFFLINE_KEPT,
    });
    return { choices, fromDevice: false };
  } catch (error) {
    if (!(error instanceof ApiUnreachableError)) return { choices: [], fromDevice: false };
  }
  // The server's search forgives typos; the device's is plainer: the answer kept for this very
  // text, and the kept entries that hold every word typed.
  const words = text.split(/[\s,]+/).filter((word) => word !== '');
  const kept = new Map<string, KeptChoice>();
  for (const [key, answer] of queryClient.getQueriesData<KeptChoice[]>({ queryKey: lookup })) {
    if (answer === undefined) continue;
    const sameText = key.at(-1) === text;
    for (const choice of answer) {
      const label = choice.label.toLowerCase();
      if (sameText || words.every((word) => label.includes(word))) kept.set(choice.value, choice);
    }
  }
  return { choices: [...kept.values()], fromDevice: true };
}

/**
 * One answer kept on the device under `queryKey` (a school's address): online it asks and keeps
 * it; without a network it answers the kept one, undefined when there is none.
 */
export async function fetchKept<T>(queryClient: QueryClient, queryKey: readonly unknown[], ask: () => Promise<T>): Promise<T | undefined> {
  try {
    return await queryClient.fetchQuery({ queryKey, queryFn: ask, staleTime: LOOKUP_FRESH_MS, retry: false, networkMode: 'always', ...OFFLINE_KEPT });
  } catch (error) {
    if (error instanceof ApiUnreachableError) return queryClient.getQueryData<T>(queryKey);
    throw error;
  }
}
