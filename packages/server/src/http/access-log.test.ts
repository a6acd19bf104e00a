import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OneLinePerRequest } from './access-log';

interface Line { msg: string; level: number; reqId?: string; req?: { method: string; url: string; remoteAddress?: string }; res?: { statusCode: number }; responseTime?: number; err?: { message: string } }

describe('the access log', () => {
  const lines: Line[] = [];
  const app = Fastify({
    logger: { level: 'info', stream: { write: (line: string) => { lines.push(JSON.parse(line) as Line); } } },
    logController: new OneLinePerRequest(),
  });
  app.get('/ok', async () => ({ ok: true }));
  app.get('/fails', async () => { throw new Error('broken on purpose'); });
  beforeAll(() => app.ready());
  afterAll(() => app.close());

  const linesOf = (reqId: string | undefined) => lines.filter((l) => l.reqId === reqId);

  it('writes one line per answered request, with what the request and its answer were', async () => {
    lines.length = 0;
    const answer = await app.inject({ method: 'GET', url: '/ok?page=2', remoteAddress: '10.1.2.3' });
    expect(answer.statusCode).toBe(200);
    const [only, ...more] = linesOf(lines[0]?.reqId);
    expect(more).toEqual([]);
    expect(only).toMatchObject({ msg: 'request completed', level: 30, req: { method: 'GET', url: '/ok?page=2', remoteAddress: '10.1.2.3' }, res: { statusCode: 200 } });
    expect(only?.responseTime).toBeGreaterThanOrEqual(0);
  });

  it('still tells a failed request with its error, and a route not found', async () => {
    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/fails' })).statusCode).toBe(500);
    const failed = linesOf(lines[0]?.reqId);
    // The error's own line (Fastify's) and the answer's: no "incoming request" before them.
    expect(failed.map((l) => l.msg)).toEqual(['broken on purpose', 'request completed']);
    expect(failed[0]).toMatchObject({ level: 50, req: { method: 'GET', url: '/fails' }, err: { message: 'broken on purpose' } });
    expect(failed[1]).toMatchObject({ res: { statusCode: 500 } });

    lines.length = 0;
    expect((await app.inject({ method: 'GET', url: '/nowhere' })).statusCode).toBe(404);
    expect(linesOf(lines[0]?.reqId).map((l) => l.msg)).toEqual(['Route GET:/nowhere not found', 'request completed']);
  });
});
