import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

const LiveSchema = z.object({ status: z.literal(true), data: z.object({ live: z.literal(true) }) });
const ReadySchema = z.object({ status: z.literal(true), data: z.object({ ready: z.literal(true) }) });
const NotReadySchema = z.object({
  status: z.literal(false),
  data: z.object({ ready: z.literal(false), reason: z.enum(['draining', 'store-unreachable', 'migrations-pending']) }),
  error: z.array(z.string()),
});

/**
 * What a balancer or orchestrator polls. Not contracts of core's `calls`: no browser calls them,
 * they take no input and no application, are open to anyone without a token (they say nothing
 * but whether the process serves), and /readyz's 503 is an answer, not a failure. They keep the
 * `{ status, data, error }` shape and are documented in OpenAPI all the same.
 */
export default async function healthRoutes(fastify: FastifyInstance): Promise<void> {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const config = { public: true, infrastructure: true } as const;

  app.get('/healthz', {
    config,
    schema: { tags: ['health'], summary: 'The process lives (answers without touching the store)', security: [], response: { 200: LiveSchema } },
  }, async () => ({ status: true as const, data: { live: true as const } }));

  app.get('/readyz', {
    config,
    schema: {
      tags: ['health'],
      security: [],
      summary: 'Whether to send this replica requests: its store answers, has this version\'s migrations, and it is not draining',
      response: { 200: ReadySchema, 503: NotReadySchema },
    },
  }, async (_request, reply) => {
    const answer = await fastify.services.readiness.check();
    if (answer.ready) return { status: true as const, data: { ready: true as const } };
    return reply.code(503).send({ status: false as const, data: { ready: false as const, reason: answer.reason }, error: [answer.message] });
  });
}
