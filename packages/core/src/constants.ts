/** Business constants of spec 1 §9. */
export const MAIN_APP_SLUG = 'main';
export const ROOT_APP_SLUG = '_root';
export const MAIN_APP_ID = 1;
/** The largest row id the stores keep (PostgreSQL's and MariaDB's signed integer): larger ids are refused with 400. */
export const MAX_ROW_ID = 2_147_483_647;
export const SUPER_ADMIN_MARKER = 'Super Admin';
export const ADMIN_GROUP_SLUG = 'admin';
export const DEFAULT_GROUP_FLAG = '1';
export const PASSWORD_MIN_LENGTH = 8;
export const PHONE_PREFIX = '08';
export const NOTICE_SUCCESS_MS = 3000;
export const NOTICE_FAILURE_MS = 1500;
/** At most this many notices stack at the top; later ones wait their turn (issue 15). */
export const NOTICE_LIMIT = 3;
export const ADMIN_PAGER_PAGES = 7;
export const GROUP_PAGE_SIZE = 10;
export const GROUP_MEMBER_PAGE_SIZE = 20;
export const USER_PAGE_SIZES = [10, 25, 50, 100] as const;
export const PRODUCT_NAME = 'Rakit';
export const WHATSAPP_ADMIN_NUMBER = '6281234567890';

/**
 * First path segments the server answers itself and a browser may navigate to (its API calls'
 * segments, single sign-on's redirects, files, the co-editing socket, health, documents), never
 * an application's page: a service worker leaves such navigations to the network, and no
 * application may take one as its slug. core's tests hold it to every call's path.
 */
export const SERVER_PATH_SEGMENTS = [
  'auth', 'get', 'save', 'delete', 'forgot_password', 'action', 'function', 'file', 'print', 'addon',
  'page', 'hook', 'task', 'audit', 'collab', 'health', 'healthz', 'readyz', 'docs', 'assets', 'api',
] as const;

/**
 * First path segments the server answers itself; they can never be an application,
 * group or page slug, so a browser address and an API call are never confused.
 */
export const RESERVED_SLUGS = [
  ...SERVER_PATH_SEGMENTS, 'openapi.json', '404', 'home', 'preview', MAIN_APP_SLUG, ROOT_APP_SLUG,
] as const;

/**
 * Writes sent again (issue 38): the header naming a write once, what a key may be made of, and
 * how long the server keeps the first answer of each (a phone may stay offline for days).
 */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
export const IDEMPOTENCY_KEY_PATTERN = /^[A-Za-z0-9._:-]{8,100}$/;
export const REQUEST_KEYS_KEPT_DAYS = 30;
