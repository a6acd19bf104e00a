import { Messages } from '@rakit/core';
import { HttpError } from '../errors/http-errors';

/*
 * Each application's calls of its APIs, bounded: a few under way at once, a few more waiting
 * their turn, the rest answered 503 at once. One application's slow API cannot take every
 * outbound connection of the server, nor can a page opened by many members flood an API.
 */

export const API_CALLS_AT_ONCE = 6;
export const API_CALLS_WAITING = 24;

interface Slots {
  running: number;
  waiting: (() => void)[];
}

const slotsByApp = new Map<number, Slots>();

export async function withAppSlot<T>(appId: number, work: () => Promise<T>): Promise<T> {
  let slots = slotsByApp.get(appId);
  if (slots === undefined) {
    slots = { running: 0, waiting: [] };
    slotsByApp.set(appId, slots);
  }
  if (slots.running >= API_CALLS_AT_ONCE) {
    if (slots.waiting.length >= API_CALLS_WAITING) throw new HttpError(503, Messages.apiBusy);
    await new Promise<void>((resolve) => slots.waiting.push(resolve));
  } else {
    slots.running++;
  }
  try {
    return await work();
  } finally {
    const next = slots.waiting.shift();
    // The slot passes to the next waiting call; the last one out leaves no entry behind.
    if (next !== undefined) next();
    else if (--slots.running === 0) slotsByApp.delete(appId);
  }
}
