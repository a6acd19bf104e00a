import { brotliCompressSync, constants } from 'node:zlib';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type Language, type MessageCode, type MessageValues, Messages, passwordTooShortMessage } from '@rakit/core';
import { translate, translateText } from '@rakit/core/translate';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { DataSourceError } from '../datasources/types';
import { HttpError } from '../errors/http-errors';
import { latestActorOf } from '../store/repositories/audit-log';
import { StaleRevision } from '../store/revisions';
import { isUniqueViolation } from '../store/unique-violation';
import { requestLanguage } from './language';
import type { ValidationItemParams } from './validation';


// Messages is the JSON's namespace: its texts, and the whole object as `default` beside them.
const specMessages = new Set<string>([...Object.values(Messages).filter((text): text is string => typeof text === 'string'), passwordTooShortMessage()]);

/**
 * Readable texts of a zod validation failure: a message of the spec as it is ("Please fill
 * all fields"), any other with the field it is about ("data.password: Too small: …"), in
 * Indonesian for a caller reading it (http/validation.ts parsed it in both).
 */
function validationTexts(error: FastifyError, language: Language): string[] {
  if (hasZodFastifySchemaValidationErrors(error)) {
    return error.validation.map((issue) => {
      if (issue.message !== undefined && specMessages.has(issue.message)) return issue.message;
      const where = issue.instancePath.replace(/^\//, '').replaceAll('/', '.');
      const prefix = where === '' ? error.validationContext ?? 'body' : where;
      const indonesian = (issue.params as ValidationItemParams).messageIn?.id;
      return `${prefix}: ${language === 'id' && indonesian !== undefined ? indonesian : issue.message}`;
    });
  }
  return [error.message];
}

/** A validation failure: its texts translated one by one, joined into the one error shown. */
function sendValidationFailure(request: FastifyRequest, reply: FastifyReply, error: FastifyError): FastifyReply {
  const language = requestLanguage(request);
  const parts = validationTexts(error, language).map((text) => translateText(language, text));
  const code = parts[0]?.code;
  return reply.code(400).send({ status: false, error: [parts.map((part) => part.text).join('; ')], ...(code === undefined ? {} : { code }) });
}

/**
 * The web app's page for a navigation to `url` on `hostname`, drawn in the language the request's
 * Accept-Language asks for where the application leaves it to the browser (http/first-page.ts);
 * undefined: the built index.html.
 */
export type FirstPage = (hostname: string, url: string, acceptLanguage?: string) => Promise<string | undefined>;

/**
 * Every failure answers `{ status: false, error: [text] }`: 4xx with a clear text for the
 * caller's mistakes, 500 with a generic text (details only in the log) for ours.
 */
export function installErrorHandler(app: FastifyInstance, options: { firstPage: FirstPage | undefined }): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof StaleRevision) return sendStaleRevision(error, request, reply);
    const fail = (statusCode: number, texts: string[]) => sendFailure(request, reply, statusCode, texts);
    if (error instanceof HttpError) {
      if (error.local !== undefined) return sendCoded(request, reply, error.statusCode, error.local.key as MessageCode, error.local.values, error.details);
      return fail(error.statusCode, [error.message, ...error.details]);
    }
    if (hasZodFastifySchemaValidationErrors(error) || error.validation !== undefined) return sendValidationFailure(request, reply, error);
    if (error instanceof DataSourceError) {
      // The application's own database failed: say so, keep running. Unreachable, busy or
      // damaged is 503 with a text that tells nothing of the network (the cause is logged).
      if (error.failure === 'unavailable') {
        request.log.warn({ err: error.cause }, 'application database unavailable');
        return fail(503, [error.message]);
      }
      // The database's own words as they are; one of ours ("Send one statement at a time") translated.
      return sendCoded(request, reply, 502, 'databaseError', { detail: translateText(requestLanguage(request), error.message).text });
    }
    if (isUniqueViolation(error)) return sendCoded(request, reply, 409, 'duplicateRow');
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 400 && statusCode < 500) return fail(statusCode, [error.message]);
    request.log.error({ err: error }, 'request failed');
    return sendCoded(request, reply, 500, 'internalError');
  });

  // Any other GET a browser navigates to loads the single-page app (client routes like
  // /main/auth/login); everything else is an unknown API route.
  app.setNotFoundHandler((request, reply) => {
    const wantsPage = request.method === 'GET' && (request.headers.accept ?? '').includes('text/html');
    if (options.firstPage !== undefined && wantsPage) return sendFirstPage(request, reply, options.firstPage);
    return sendCoded(request, reply, 404, 'routeNotFound', { method: request.method, path: request.url.split('?')[0] ?? '' });
  });
}

/**
 * A failure's answer in the caller's language: each text of the specification's messages (with
 * what follows it) translated, the first one's key as `code`; other texts (a database's, an
 * author's) as they are.
 */
export function sendFailure(request: FastifyRequest, reply: FastifyReply, statusCode: number, texts: string[], extra: Record<string, unknown> = {}): FastifyReply {
  const language = requestLanguage(request);
  const translated = texts.map((text) => translateText(language, text));
  const code = translated[0]?.code;
  return reply.code(statusCode).send({ status: false, error: translated.map((each) => each.text), ...(code === undefined ? {} : { code }), ...extra });
}

/** A failure of one of our own texts, by its code, its placeholders filled. */
function sendCoded(request: FastifyRequest, reply: FastifyReply, statusCode: number, code: MessageCode, values?: MessageValues, details: string[] = []): FastifyReply {
  const language = requestLanguage(request);
  const texts = [translate(language, code, values), ...details.map((detail) => translateText(language, detail).text)];
  return reply.code(statusCode).send({ status: false, error: texts, code });
}

/** 409 with the object as it is stored now (read after the write's transaction rolled back). */
async function sendStaleRevision(error: StaleRevision, request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> {
  const store = request.server.services.store;
  const [current, savedBy] = await Promise.all([
    error.current(store),
    error.entity === undefined ? undefined : latestActorOf(store, error.entity.type, error.entity.id),
  ]).catch((cause: unknown) => {
    request.log.warn({ err: cause }, 'the stored object of a stale write could not be read');
    return [undefined, undefined];
  });
  return sendFailure(request, reply, 409, [error.message], { ...(current === undefined ? {} : { data: current }), ...(savedBy === undefined ? {} : { savedBy }) });
}

/**
 * Sends the web app's page, checked again by the browser on each visit (a rebuilt app is new):
 * the build's own file (precompressed), or the page made for this address, compressed here
 * (a few KB, quickly) for a browser that takes brotli.
 */
export async function sendFirstPage(request: FastifyRequest, reply: FastifyReply, firstPage: FirstPage): Promise<FastifyReply> {
  reply.header('cache-control', 'no-cache');
  const page = await firstPage(request.hostname, request.url, request.headers['accept-language']);
  if (page === undefined) return reply.sendFile('index.html');
  reply.header('vary', 'accept-encoding, accept-language').type('text/html; charset=utf-8');
  if (!/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) return reply.send(page);
  return reply.header('content-encoding', 'br').send(brotliCompressSync(page, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }));
}
