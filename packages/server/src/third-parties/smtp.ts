import { Messages, type SmtpSecurity } from '@rakit/core';
import nodemailer, { type Transporter } from 'nodemailer';
import { HttpError } from '../errors/http-errors';
import { addressesOf, isPublicAddress } from '../outbound/addresses';
import type { ThirdPartyRow } from '../store/repositories/third-parties';
import type { Services } from '../services';

/** How long the SMTP server may take to accept the connection, greet, and answer each command. */
export const SMTP_CONNECT_TIMEOUT_MS = 10_000;
export const SMTP_SOCKET_TIMEOUT_MS = 20_000;

/** Whether the operator lets the SMTP server be on a private address. */
const privateAllowed = (services: Services) => services.config.allowPrivateSmtp || services.config.allowPrivateUrls;

/**
 * The address to connect to for the SMTP host: every address it resolves to must be public,
 * unless the operator allows private ones (RAKIT_ALLOW_PRIVATE_SMTP, or RAKIT_ALLOW_PRIVATE_URLS).
 * The connection is then made to this checked address (no second DNS answer can lead it
 * elsewhere) while TLS still verifies the host's name. A refusal names the host only.
 */
export async function vettedSmtpAddress(services: Services, host: string): Promise<string> {
  const { host: bare, addresses } = await addressesOf(host);
  if (!privateAllowed(services) && !addresses.every((a) => isPublicAddress(a.address))) throw new HttpError(400, Messages.smtpHostRefused, [bare]);
  // addressesOf answers at least one address; the first is IPv4 when there is one.
  return addresses[0]?.address ?? bare;
}

export interface SmtpSettings {
  host: string;
  port: number;
  security: SmtpSecurity;
  username: string;
  password: string;
}

export const smtpSettingsOf = (services: Services, row: ThirdPartyRow): SmtpSettings => ({
  host: row.host,
  port: row.port,
  security: row.security as SmtpSecurity,
  username: row.username,
  password: row.passwordEnc === '' ? '' : services.secretBox.open(row.passwordEnc),
});

/** A one-connection transport to the SMTP server at its vetted address; the caller closes it. */
export async function smtpTransport(services: Services, settings: SmtpSettings): Promise<Transporter> {
  const address = await vettedSmtpAddress(services, settings.host);
  const bare = settings.host.replace(/^\[(.*)\]$/, '$1');
  return nodemailer.createTransport({
    host: address,
    port: settings.port,
    // The certificate is checked against the name the operator typed, not the address.
    ...(bare === address ? {} : { servername: bare }),
    secure: settings.security === 'tls',
    requireTLS: settings.security === 'starttls',
    ignoreTLS: settings.security === 'none',
    ...(settings.username === '' ? {} : { auth: { user: settings.username, pass: settings.password } }),
    connectionTimeout: SMTP_CONNECT_TIMEOUT_MS,
    greetingTimeout: SMTP_CONNECT_TIMEOUT_MS,
    socketTimeout: SMTP_SOCKET_TIMEOUT_MS,
    dnsTimeout: SMTP_CONNECT_TIMEOUT_MS,
    disableFileAccess: true,
    disableUrlAccess: true,
  });
}

/** nodemailer's failure: its code (ECONNECTION, EAUTH…) and the SMTP reply code when the server answered. */
export interface SmtpError {
  code?: string;
  responseCode?: number;
  message?: string;
}

/** Texts of failures to reach the server read the same, whatever the network said (they would tell open ports). */
export function smtpFailureText(error: unknown): string {
  const e = error as SmtpError;
  if (e.code === 'EAUTH') return 'The SMTP server refused the user name or password';
  if (typeof e.responseCode === 'number') return `The SMTP server answered ${e.responseCode}: ${(e.message ?? '').replace(/\s+/g, ' ').slice(0, 300)}`;
  if (e.code === 'ETLS') return 'The SMTP server\'s TLS could not be established or verified';
  return 'The SMTP server could not be reached';
}
