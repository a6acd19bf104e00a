import { MAIN_APP_SLUG, ROOT_APP_SLUG } from '@rakit/core';

/** main and _root are the product's own: never deleted, never listed among a user's applications. */
export const isBuiltInApp = (appSlug: string) => appSlug === MAIN_APP_SLUG || appSlug === ROOT_APP_SLUG;
