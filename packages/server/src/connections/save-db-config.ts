import { Messages, type SaveDbConfigBody } from '@rakit/core';
import type { Principal } from '../auth/principal';
import { reachableSettings } from '../datasources/reach';
import { testConnection } from '../datasources/registry';
import type { ConnectionSettings } from '../datasources/types';
import { HttpError } from '../errors/http-errors';
import { insertDbConfig, storedDbConfigOf, updateDbConfig } from '../store/repositories/db-configs';
import { withAudit, type AuditFact } from '../audit/record';
import { claimRevision } from '../store/revisions';
import { dbConfigForAdmin, settingsOf, timeLimitMs } from './data-source-of';
import { isEmbedded } from '../datasources/dialects';
import type { Services } from '../services';

/** 'Incorrect Config' first, then what went wrong; the dialog stays open (spec 1 §8). */
const incorrectConfig = (detail: string) => new HttpError(400, Messages.incorrectConfig, [detail]);

/**
 * Every value a connection of this type needs is given (spec 1 §5 "Database save").
 * The password may be empty: servers do allow password-less accounts.
 */
function blankField(body: SaveDbConfigBody): string | undefined {
  if (body.dbDatabase === '') return 'dbDatabase';
  if (isEmbedded(body.dbType)) return undefined;
  if (body.dbHost === '') return 'dbHost';
  if (body.dbPort === 0) return 'dbPort';
  if (body.dbUser === '') return 'dbUser';
  return undefined;
}

/**
 * Creates (dbId null) or edits a connection of an application the caller administers, once a
 * test connection succeeds. An edited connection must be one of an application he administers
 * too; with body.revision, only while the connection is still at it (issue 33).
 */
export async function saveDbConfig(services: Services, caller: Principal, body: SaveDbConfigBody): Promise<{ dbId: number; revision: number }> {
  const existing = body.dbId === null ? undefined : await dbConfigForAdmin(services, caller, body.dbId);
  const blank = blankField(body);
  if (blank !== undefined) throw incorrectConfig(`${blank} must not be blank`);

  // An edit that leaves the password empty keeps the stored one, but only for the same
  // server and account: a stored password is never sent to a newly typed host.
  const sameAccount = existing !== undefined && existing.dbType === body.dbType
    && existing.dbHost === body.dbHost && existing.dbPort === body.dbPort && existing.dbUser === body.dbUser;
  const keepPassword = sameAccount && body.dbPassword === '';
  const password = keepPassword ? settingsOf(services, existing).dbPassword : body.dbPassword;
  // The super administrator vouches for the connection he saves (it may reach a private
  // address, ARCHITECTURE.md §2); an application administrator's save keeps that only when it
  // changes nothing of it: not even the password, or saves would guess the operator's passwords.
  const vouched = caller.isSuperAdmin
    || (keepPassword && existing.dbVouched === 1 && existing.dbAppId === body.dbAppId && existing.dbDatabase === body.dbDatabase);
  const settings: ConnectionSettings = { ...body, dbPassword: password, timeLimitMs: timeLimitMs(body.dbTimeLimit) };
  try {
    await testConnection(await reachableSettings(settings, services.config, vouched), services.config.dataDir);
  } catch (error) {
    throw incorrectConfig((error as Error).message);
  }
  const values = {
    dbAppId: body.dbAppId, dbType: body.dbType, dbHost: body.dbHost, dbPort: body.dbPort, dbUser: body.dbUser,
    dbPasswordEnc: password === '' ? '' : services.secretBox.seal(password), dbDatabase: body.dbDatabase, dbVouched: vouched ? 1 : 0,
    dbTimeLimit: body.dbTimeLimit,
  };
  // The body's password is redacted by its field name (audit/redact.ts).
  const fact = (dbId: number): AuditFact => ({ appId: body.dbAppId, entityType: 'db', entityId: dbId, summary: { key: 'audit.connectionSaved', values: { type: body.dbType, database: body.dbDatabase } } });
  if (existing === undefined) return { dbId: await withAudit(services.store, caller.audit, fact, (trx) => insertDbConfig(trx, values)), revision: 1 };
  const { dbId } = existing;
  const revision = await withAudit(services.store, caller.audit, fact(dbId), async (trx) => {
    const claimed = await claimRevision(trx, 'dbConfigs', dbId, body.revision, (store) => storedDbConfigOf(store, dbId));
    await updateDbConfig(trx, dbId, values);
    return claimed;
  });
  await services.dataSources.invalidate(dbId);
  return { dbId, revision };
}
