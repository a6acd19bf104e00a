import { HOOK_SIGNATURE_HEADER, HOOK_TIMESTAMP_HEADER } from '@rakit/core';
import { hookSignature } from '../../security/hook-signature';
import { findStepSecret } from '../../store/repositories/step-secrets';
import { type AddonExecutor, type StepContext, StepFailure } from './executor';
import { sendStepRequest, stepUrl } from './http';
import { jsonParam } from './params';

/**
 * Send Webhook (issue 37): POSTs the step's JSON body signed as Rakit's incoming hooks check it
 * (HMAC-SHA256 over `<timestamp>.<body>` with the step's secret), through the same guard, limits
 * and Idempotency-Key as the HTTP Request. Each attempt signs anew with its own time, so a
 * retry hours later is not refused as stale; the receiver tells a retry by the key.
 */

/** The step's secret, if it has one of its own application's (never another's, whatever the action id). */
async function signingSecretOf(context: StepContext): Promise<string | null> {
  const row = await findStepSecret(context.services.store, context.actionId);
  return row === undefined || row.appId !== context.appId ? null : context.services.secretBox.open(row.secretEnc);
}

export const webhookExecutor: AddonExecutor = {
  defaults: { timeoutMs: 15_000, retries: 5 },
  async run(context, params) {
    const url = stepUrl(params);
    const body = JSON.stringify(jsonParam(params, 'body') ?? {});
    const secret = await signingSecretOf(context);
    if (secret === null) throw new StepFailure({ key: 'workflow.failure.webhookNoSecret' }, false);
    const timestamp = String(Math.floor(Date.now() / 1000));
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Rakit-Webhook',
      [HOOK_TIMESTAMP_HEADER]: timestamp,
      [HOOK_SIGNATURE_HEADER]: hookSignature(secret, timestamp, body),
    };
    return { output: await sendStepRequest(context, { method: 'POST', url, headers, body }) };
  },
};
