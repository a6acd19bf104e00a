import { MAIN_APP_SLUG, PRODUCT_NAME, ROOT_APP_SLUG } from '../constants';
import type { MessageKey } from '../i18n/catalog';
import type { PublicApplication } from '../schemas/entities';

/** The id of the data block holding the application in the page the server sends first (issue 42). */
export const FIRST_PAGE_APP_ID = 'rakit-app';

/** Title of the login screen and the top bar: the product's name for main and _root, else the app's. */
export const appTitle = (app: Pick<PublicApplication, 'appName' | 'appSlug'>): string =>
  app.appSlug === MAIN_APP_SLUG || app.appSlug === ROOT_APP_SLUG ? PRODUCT_NAME.toUpperCase() : app.appName;

const isIpAddress = (hostname: string): boolean => hostname.includes(':') || /^\d{1,3}(\.\d{1,3}){3}$/.test(hostname);

/**
 * The application named by the address's subdomain: the first label of a host name with
 * more than two labels that is neither an IP address nor localhost. Null when there is none,
 * in which case the application is the first path segment. (The browser's router and the
 * server's first page read the address alike.)
 */
export function appSlugFromHost(hostname: string): string | null {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host === 'localhost' || isIpAddress(host)) return null;
  const labels = host.split('.');
  return labels.length > 2 && labels[0] !== '' ? (labels[0] as string) : null;
}

/**
 * The words of the sign-in screen (spec 1 screen 1), as keys of the catalogs (shell.json), shared
 * by the screen and the page the server sends before the screen's code has arrived (issue 42),
 * so the two read alike in every language.
 */
export const SIGN_IN_TEXT = {
  subtitle: 'shell.signIn.subtitle',
  username: 'shell.signIn.username',
  /** In main, where builders sign in with their WhatsApp number. */
  mainUsername: 'shell.signIn.mainUsername',
  password: 'shell.signIn.password',
  submit: 'shell.signIn.submit',
} as const satisfies Record<string, MessageKey>;

/** The key of the username field's label in `appSlug`. */
export const signInUsernameLabel = (appSlug: string): MessageKey =>
  appSlug === MAIN_APP_SLUG ? SIGN_IN_TEXT.mainUsername : SIGN_IN_TEXT.username;
