import type { Insertable, Selectable } from 'kysely';
import type { Store } from '../db';
import { insertReturningId } from '../insert';
import type { IdentityProvidersTable } from '../schema';

/** Applications' OpenID Connect providers, their subjects' accounts and the sign-ins under way (issue 36). */

export type IdentityProviderRow = Selectable<IdentityProvidersTable>;
export type IdentityProviderValues = Omit<Insertable<IdentityProvidersTable>, 'appId' | 'createdAt'>;

export const providersOfApp = (db: Store, appId: number) =>
  db.selectFrom('identityProviders').selectAll().where('appId', '=', appId).orderBy('providerId').execute();

export const findIdentityProvider = (db: Store, providerId: number) =>
  db.selectFrom('identityProviders').selectAll().where('providerId', '=', providerId).executeTakeFirst();

export const insertIdentityProvider = (db: Store, appId: number, values: IdentityProviderValues) =>
  insertReturningId(db, 'identityProviders', { ...values, appId, createdAt: new Date().toISOString() }, 'providerId');

export async function updateIdentityProvider(db: Store, providerId: number, values: IdentityProviderValues): Promise<void> {
  await db.updateTable('identityProviders').set(values).where('providerId', '=', providerId).execute();
}

export async function deleteIdentityProvider(db: Store, providerId: number): Promise<void> {
  await db.deleteFrom('identityProviders').where('providerId', '=', providerId).execute();
}

export async function setPasswordSignIn(db: Store, appId: number, on: boolean): Promise<void> {
  await db.updateTable('apps').set({ appPasswordSignIn: on ? 1 : 0 }).where('appId', '=', appId).execute();
}

/** The account a provider's subject signs in as. */
export async function accountOfSubject(db: Store, providerId: number, subject: string): Promise<string | undefined> {
  const row = await db.selectFrom('userIdentities').select('userId').where('providerId', '=', providerId).where('subject', '=', subject).executeTakeFirst();
  return row?.userId;
}

export async function linkSubject(db: Store, providerId: number, subject: string, userId: string): Promise<void> {
  await db.insertInto('userIdentities').values({ providerId, subject, userId, createdAt: new Date().toISOString() }).execute();
}

/** A sign-in leaving for the provider: its state, PKCE verifier and nonce. */
export async function insertSignInState(db: Store, values: { state: string; providerId: number; codeVerifier: string; nonce: string }): Promise<void> {
  await db.insertInto('ssoSignIns').values({ ...values, createdAt: new Date().toISOString(), ticketHash: null, userId: null }).execute();
}

/**
 * Takes a sign-in back from the provider by its state, once: the row's state is spent (no ticket
 * yet, and made after `since`) and it is claimed by deleting it, so a replayed answer finds none.
 */
export async function takeSignInState(db: Store, state: string, since: string) {
  const row = await db.selectFrom('ssoSignIns').selectAll().where('state', '=', state).where('ticketHash', 'is', null).executeTakeFirst();
  if (row === undefined) return undefined;
  const taken = await db.deleteFrom('ssoSignIns').where('state', '=', state).where('ticketHash', 'is', null).executeTakeFirst();
  return Number(taken.numDeletedRows) === 1 && row.createdAt >= since ? row : undefined;
}

/** Keeps an accepted sign-in as a one-time ticket (its hash) for the account. */
export async function insertTicket(db: Store, values: { state: string; providerId: number; ticketHash: string; userId: string }): Promise<void> {
  await db.insertInto('ssoSignIns').values({ ...values, codeVerifier: '', nonce: '', createdAt: new Date().toISOString() }).execute();
}

/** Trades a ticket, once: its account and provider, if it was made after `since`. */
export async function takeTicket(db: Store, ticketHash: string, since: string) {
  const row = await db.selectFrom('ssoSignIns').selectAll().where('ticketHash', '=', ticketHash).executeTakeFirst();
  if (row === undefined || row.userId === null) return undefined;
  const taken = await db.deleteFrom('ssoSignIns').where('ticketHash', '=', ticketHash).executeTakeFirst();
  return Number(taken.numDeletedRows) === 1 && row.createdAt >= since ? { userId: row.userId, providerId: row.providerId } : undefined;
}

/** Forgets sign-ins abandoned before `before` (a browser that never came back). */
export async function pruneSignIns(db: Store, before: string): Promise<void> {
  await db.deleteFrom('ssoSignIns').where('createdAt', '<', before).execute();
}
