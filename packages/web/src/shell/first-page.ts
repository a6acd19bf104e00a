import { FIRST_PAGE_APP_ID, type PublicApplication, PublicApplicationSchema } from '@rakit/core';
import type { ApiAnswer } from '../api/request';

let firstPageApp: PublicApplication | null | undefined;

/**
 * The application the server named in the page it sent (its public fields, as GET
 * /get/getApp/slug answers them), when it is `slug`'s: the first screen renders without
 * asking for it again (one round trip less on a slow phone, issue 42). Parsed by the contract's
 * schema like any answer; anything else is ignored and the app is asked for as before.
 */
export function firstPageAnswer(slug: string): ApiAnswer<PublicApplication> | undefined {
  if (firstPageApp === undefined) {
    firstPageApp = null;
    try {
      const text = document.getElementById(FIRST_PAGE_APP_ID)?.textContent;
      const parsed = text === undefined || text === null ? undefined : PublicApplicationSchema.safeParse((JSON.parse(text) as { data?: unknown }).data);
      if (parsed?.success === true) firstPageApp = parsed.data;
    } catch {
      // not JSON: ask the server as before
    }
  }
  return firstPageApp !== null && firstPageApp.appSlug === slug ? { status: true, data: firstPageApp, httpStatus: 200 } : undefined;
}
