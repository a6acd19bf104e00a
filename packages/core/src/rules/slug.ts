import { MAIN_APP_SLUG, RESERVED_SLUGS, ROOT_APP_SLUG } from '../constants';

/** A URL-safe slug of a display name: lower case, words joined by hyphens. */
export function slugify(name: string): string {
  const slug = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60);
  return slug === '' ? 'app' : slug;
}

export const isReservedSlug = (slug: string): boolean => (RESERVED_SLUGS as readonly string[]).includes(slug);

/**
 * main and _root are the product's own: never deleted, never listed among a user's applications.
 * The server refuses their removal and the application list offers no trash icon for them.
 */
export const isBuiltInApp = (appSlug: string): boolean => appSlug === MAIN_APP_SLUG || appSlug === ROOT_APP_SLUG;
