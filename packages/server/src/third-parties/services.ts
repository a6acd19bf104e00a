import { Messages, type SaveThirdPartyBody, type ThirdParty, type SmtpSecurity } from '@rakit/core';
import { HttpError, notFound } from '../errors/http-errors';
import type { AuditContext } from '../audit/context';
import { withAudit, type AuditFact } from '../audit/record';
import { answeredAs, claimRevision } from '../store/revisions';
import {
  deleteThirdParty, findThirdParty, insertThirdParty, listThirdPartyRows, type ThirdPartyRow, updateThirdParty,
} from '../store/repositories/third-parties';
import { smtpFailureText, smtpSettingsOf, smtpTransport, vettedSmtpAddress } from './smtp';
import type { Services } from '../services';

/*
 * The root application's Third Parties (spec 1 screen 4): outbound services the operator lets
 * the server use for every application. Only the super administrator reaches these calls (their
 * contracts say so); a password is sealed at rest and never answered.
 */

const toThirdParty = (row: ThirdPartyRow): ThirdParty => ({
  serviceId: row.serviceId,
  kind: 'smtp',
  name: row.serviceName,
  host: row.host,
  port: row.port,
  security: row.security as SmtpSecurity,
  username: row.username,
  fromAddress: row.fromAddress,
  hasPassword: row.passwordEnc !== '',
  revision: row.revision,
});

export async function listThirdParties(services: Services): Promise<ThirdParty[]> {
  return (await listThirdPartyRows(services.store)).map(toThirdParty);
}

async function storedThirdParty(services: Services, serviceId: number): Promise<ThirdPartyRow> {
  const row = await findThirdParty(services.store, serviceId);
  if (row === undefined) throw notFound(Messages.thirdPartyNotFound);
  return row;
}

/**
 * Creates (serviceId null) or edits a service after checking its host is one the server may
 * reach; an empty password keeps the stored one. With body.revision, an edit is written only
 * while the service is still at it (issue 33).
 */
export async function saveThirdParty(
  services: Services, audit: AuditContext, body: SaveThirdPartyBody,
): Promise<{ serviceId: number; revision: number; created: boolean }> {
  await vettedSmtpAddress(services, body.host);
  const existing = body.serviceId === null ? undefined : await storedThirdParty(services, body.serviceId);
  const passwordEnc = body.password === '' ? existing?.passwordEnc ?? '' : services.secretBox.seal(body.password);
  const values = {
    serviceKind: body.kind, serviceName: body.name, host: body.host, port: body.port, security: body.security,
    username: body.username, passwordEnc, fromAddress: body.fromAddress,
  };
  // The Third Parties belong to no application: their entries are the super administrator's. The password is redacted by its field name.
  const fact = (saved: { serviceId: number }): AuditFact => ({ appId: null, entityType: 'thirdParty', entityId: saved.serviceId, summary: { key: 'audit.serviceSaved', values: { service: body.name } } });
  return withAudit(services.store, audit, fact, async (trx) => {
    if (existing === undefined) return { serviceId: await insertThirdParty(trx, values), revision: 1, created: true };
    const { serviceId } = existing;
    const revision = await claimRevision(trx, 'thirdParties', serviceId, body.revision, answeredAs((store) => findThirdParty(store, serviceId), toThirdParty));
    await updateThirdParty(trx, serviceId, values);
    return { serviceId, revision, created: false };
  });
}

export async function removeThirdParty(services: Services, audit: AuditContext, serviceId: number): Promise<{ serviceId: number }> {
  const row = await storedThirdParty(services, serviceId);
  await withAudit(services.store, audit, { appId: null, entityType: 'thirdParty', entityId: row.serviceId, summary: { key: 'audit.serviceDeleted', values: { service: row.serviceName } } }, (trx) => deleteThirdParty(trx, row.serviceId));
  return { serviceId: row.serviceId };
}

/** Connects to the stored SMTP server and signs in (nothing is sent): 502 with the reason when it cannot. */
export async function testThirdParty(services: Services, serviceId: number): Promise<{ serviceId: number; message: string }> {
  const row = await storedThirdParty(services, serviceId);
  const transport = await smtpTransport(services, smtpSettingsOf(services, row));
  try {
    await transport.verify();
  } catch (error) {
    throw new HttpError(502, smtpFailureText(error));
  } finally {
    transport.close();
  }
  return { serviceId, message: `Connected to ${row.host}:${row.port}${row.username === '' ? '' : ` as ${row.username}`}` };
}
