import { type LocalText, PLAIN_EMAIL_ADDRESS } from '@rakit/core';
import { HttpError } from '../../errors/http-errors';
import { firstThirdPartyOfKind } from '../../store/repositories/third-parties';
import { type SmtpError, smtpFailureText, smtpSettingsOf, smtpTransport } from '../../third-parties/smtp';
import { type AddonExecutor, failureParts, StepFailure } from './executor';
import { requiredText, textParam } from './params';

/**
 * Send Email: a plain-text message through the SMTP server the operator configured in the root
 * application's Third Parties (the first one listed), from its sender address. The author's
 * texts become headers only as plain addresses and a one-line subject: a line break in them
 * (header injection) is refused, as are too many recipients and oversized texts. Every attempt
 * of a step sends the same Message-ID, by which a receiving system may tell a retry.
 */

export const MAX_EMAIL_RECIPIENTS = 20;
export const MAX_EMAIL_SUBJECT_LENGTH = 255;
export const MAX_EMAIL_BODY_BYTES = 256 * 1024;

const configuration = (text: LocalText) => new StepFailure(text, false);

/** A header text of the author's: one line, or refused. */
function oneLine(name: string, value: string): string {
  if (/[\r\n\u0085\u2028\u2029]/.test(value)) throw configuration({ key: 'workflow.failure.emailOneLine', values: { name } });
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (/[\u0000-\u001f\u007f]/.test(value)) throw configuration({ key: 'workflow.failure.emailControlCharacters', values: { name } });
  return value;
}

/** The plain addresses of a comma- or semicolon-separated list; a display name or anything else is refused, naming it. */
function addressList(name: string, value: string): string[] {
  const addresses = oneLine(name, value).split(/[,;]/).map((a) => a.trim()).filter((a) => a !== '');
  for (const address of addresses) {
    if (address.length > 254 || !PLAIN_EMAIL_ADDRESS.test(address)) throw configuration({ key: 'workflow.failure.emailAddress', values: { name, address: `'${address.slice(0, 100)}'` } });
  }
  return addresses;
}

/**
 * Whether a failure to send may pass: the server out of reach or slow, or a temporary SMTP
 * refusal (4xx) are tried again; a refused sign-in, recipient or message (5xx) is not.
 */
function sendFailure(error: unknown): StepFailure {
  const e = error as SmtpError;
  const temporary = typeof e.responseCode === 'number'
    ? e.responseCode >= 400 && e.responseCode < 500
    : e.code !== 'EAUTH' && e.code !== 'EENVELOPE' && e.code !== 'EMESSAGE' && e.code !== 'ETLS';
  return new StepFailure([smtpFailureText(error)], temporary);
}

export const emailExecutor: AddonExecutor = {
  // A message that reached the server but whose answer was lost would be sent again: one retry only.
  defaults: { timeoutMs: 60_000, retries: 1 },
  async run(context, params) {
    const to = addressList('to', requiredText(params, 'to'));
    const cc = addressList('cc', textParam(params, 'cc'));
    if (to.length === 0) throw configuration({ key: 'workflow.failure.emailNoRecipient' });
    if (to.length + cc.length > MAX_EMAIL_RECIPIENTS) throw configuration({ key: 'workflow.failure.emailTooManyRecipients', values: { max: String(MAX_EMAIL_RECIPIENTS) } });
    const subject = oneLine('subject', requiredText(params, 'subject'));
    if (subject.length > MAX_EMAIL_SUBJECT_LENGTH) throw configuration({ key: 'workflow.failure.emailSubjectTooLong', values: { max: String(MAX_EMAIL_SUBJECT_LENGTH) } });
    const body = textParam(params, 'body');
    if (Buffer.byteLength(body, 'utf8') > MAX_EMAIL_BODY_BYTES) throw configuration({ key: 'workflow.failure.emailBodyTooLarge', values: { max: String(MAX_EMAIL_BODY_BYTES / 1024) } });

    const service = await firstThirdPartyOfKind(context.services.store, 'smtp');
    if (service === undefined) throw configuration({ key: 'smtpNotConfigured' });
    context.signal.throwIfAborted();
    let transport;
    try {
      transport = await smtpTransport(context.services, smtpSettingsOf(context.services, service));
    } catch (error) {
      if (error instanceof HttpError) throw new StepFailure(failureParts(error), error.statusCode >= 500);
      throw error;
    }
    const messageId = `<${context.idempotencyKey.replace(/[^A-Za-z0-9.-]/g, '-')}@rakit.workflow>`;
    const { signal } = context;
    // nodemailer cannot cancel a message under way: the step stops waiting for it, and the
    // connection ends at the latest after SMTP_SOCKET_TIMEOUT_MS of silence.
    let onAbort = () => {};
    const aborted = new Promise<never>((_resolve, reject) => {
      onAbort = () => reject(signal.reason as Error);
      signal.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const sending = transport.sendMail({
        from: service.fromAddress, to, cc, subject, text: body, messageId,
        // The author's texts are never read as files or URLs to attach.
        disableFileAccess: true, disableUrlAccess: true,
      }) as Promise<{ messageId: string; accepted: unknown[]; rejected: unknown[] }>;
      sending.catch(() => undefined);
      const sent = await Promise.race([sending, aborted]);
      return { output: { messageId: sent.messageId, accepted: sent.accepted.map(String), rejected: sent.rejected.map(String) } };
    } catch (error) {
      signal.throwIfAborted();
      throw sendFailure(error);
    } finally {
      signal.removeEventListener('abort', onAbort);
      transport.close();
    }
  },
};
