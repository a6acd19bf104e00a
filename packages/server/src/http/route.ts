import {
  type AnyCall, conflictEnvelopeOf, CREATED_OR_SAVED, type DataOf, type ExtraOf, FILE_ANSWER, type ServerInputOf, successEnvelopeOf,
} from '@rakit/core';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { z } from 'zod';
import { auditContextOf, recordCallIfUnrecorded } from './audit-calls';
import type { AuditContext } from '../audit/context';
import type { Principal } from '../auth/principal';
import { replayHooks } from './replay';

/** What a handler is given: the validated input, the caller, and the application the access check found. */
export interface RouteContext<C extends AnyCall> {
  input: ServerInputOf<C>;
  /** The signed-in caller; null only on public calls. */
  caller: C['access']['level'] extends 'public' ? Principal | null : Principal;
  /** The application the call names (member and appAdmin calls), already checked. */
  appId: C['access']['level'] extends 'member' | 'appAdmin' ? number : undefined;
  /** Who is making the call, for its audit entries (also on the caller: `caller.audit`). */
  audit: AuditContext;
  request: FastifyRequest;
  reply: FastifyReply;
}

/** A handler answers the call's `data` (with its extra fields, when the call has some); a file call answers through the reply. */
export type HandlerResult<C extends AnyCall> = C['data'] extends typeof FILE_ANSWER
  ? FastifyReply
  : ExtraOf<C> extends undefined ? DataOf<C> : { data: DataOf<C>; extra: ExtraOf<C> };

/**
 * How a file answer is documented: its bytes, whatever their type. A stream or a buffer is sent
 * as it is, so this schema never serialises anything.
 */
const FILE_RESPONSE = { description: 'The file\'s bytes, with its own Content-Type', content: { '*/*': { schema: z.file() } } };

const REPLAYABLE_NOTE = 'Send an Idempotency-Key header (8-100 of A-Z a-z 0-9 . _ : -) to make a sending safe to repeat: '
  + 'the same key from the same caller answers the first answer again (Idempotent-Replayed: true) and runs nothing.';

/** Route options beside what the contract says (a rate limit, a body limit). */
export type RouteOptions = Pick<RouteShorthandOptions, 'config' | 'bodyLimit'>;

/**
 * Registers a contract's route: Fastify validates its params, query and body with the
 * contract's schemas, the access hook (auth/call-access.ts) enforces its `access`, the handler
 * answers `data`, and the answer is serialised through the contract's schema, which also
 * documents it in the OpenAPI document.
 */
export function route<C extends AnyCall>(
  app: FastifyInstance, call: C, handler: (context: RouteContext<C>) => Promise<HandlerResult<C>>, options: RouteOptions = {},
): void {
  const successCode = call.successCode ?? 200;
  // A create-or-save call documents both codes; its handler sets 201 when it created something.
  const successCodes = successCode === CREATED_OR_SAVED ? [200, 201] : [successCode];
  const isPublic = call.access.level === 'public';
  const conflictEnvelope = conflictEnvelopeOf(call);
  const description = call.replayable === true
    ? [call.description, REPLAYABLE_NOTE].filter((part) => part !== undefined).join(' ')
    : call.description;
  app.route({
    method: call.method,
    url: call.path,
    schema: {
      tags: [call.tag],
      summary: call.summary,
      ...(description === undefined ? {} : { description }),
      ...(call.params === undefined ? {} : { params: call.params }),
      ...(call.query === undefined ? {} : { querystring: call.query }),
      ...(call.body === undefined ? {} : { body: call.body }),
      ...(call.headers === undefined ? {} : { headers: call.headers }),
      ...(call.multipart === true ? { consumes: ['multipart/form-data'] } : {}),
      response: {
        ...Object.fromEntries(successCodes.map((code) => [code, call.data === FILE_ANSWER ? FILE_RESPONSE : successEnvelopeOf(call)])),
        // A stale write's answer carries the stored object, serialised (and trimmed) by the call's schema.
        ...(conflictEnvelope === undefined ? {} : { 409: conflictEnvelope }),
      },
      ...(isPublic ? { security: [] } : {}),
    },
    ...(options.bodyLimit === undefined ? {} : { bodyLimit: options.bodyLimit }),
    config: { ...options.config, call, public: isPublic },
    ...(call.replayable === true ? replayHooks(app, call) : {}),
    handler: async (request, reply) => {
      // Who is calling, for the audit entries written while the call runs (audit/context.ts).
      const audit = auditContextOf(call, request);
      if (request.principal !== null) request.principal.audit = audit;
      const result = await handler({
        input: { params: request.params, query: request.query, body: request.body, headers: request.headers } as ServerInputOf<C>,
        caller: request.principal as RouteContext<C>['caller'],
        appId: request.callAppId as RouteContext<C>['appId'],
        audit,
        request,
        reply,
      });
      recordCallIfUnrecorded(app, call, request, audit);
      if (call.data === FILE_ANSWER) return result;
      if (successCode !== CREATED_OR_SAVED) reply.code(successCode);
      if (call.extra === undefined) return { status: true, data: result };
      const { data, extra } = result as { data: unknown; extra: Record<string, unknown> };
      return { status: true, data, ...extra };
    },
  });
}
