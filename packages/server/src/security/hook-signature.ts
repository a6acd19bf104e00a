import { createHmac } from 'node:crypto';

/**
 * The signature of a webhook (issue 37): `sha256=<hex>` of HMAC-SHA256 over `<timestamp>.<raw
 * body>` with the secret. Incoming hooks check it; Send Webhook steps make it, so one Rakit's
 * step is checked by another's hook.
 */
export const hookSignature = (secret: string, timestamp: string, body: Buffer | string): string =>
  `sha256=${createHmac('sha256', secret).update(`${timestamp}.`).update(body).digest('hex')}`;
