import { type AnyCall, calls } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CallOwners } from '../src/security/call-owners';
import { buildTestServer, type TestServer } from './support/build';

/**
 * One contract per call (issue 11): every API route is made from a contract of core's, and
 * every contract has its route, so no route can exist without a declared access rule.
 */
describe('the API\'s contracts', () => {
  let server: TestServer;
  beforeAll(async () => { server = await buildTestServer('sqlite'); });
  afterAll(async () => { await server.close(); });

  it('leave no API route without a contract', () => {
    expect(server.app.routesWithoutContract).toEqual([]);
  });

  it('each have their route', () => {
    const missing = Object.entries(calls as Record<string, AnyCall>)
      .filter(([, call]) => !server.app.hasRoute({ method: call.method, url: call.path }))
      .map(([name]) => name);
    expect(missing).toEqual([]);
  });

  it('name only entities whose owner a route module declares, each declared once', () => {
    // The running application started: every entity a call names has its lookup.
    expect(() => server.app.callOwners.assertEveryCallHasOwner()).not.toThrow();
    const owners = new CallOwners();
    expect(() => owners.assertEveryCallHasOwner()).toThrow(/listGroup \(app\).*removeGroupAccess \(group\)/);
    const group = { find: async () => 1, missing: 'no such group' };
    owners.declare({ group }, 'routes/groups.ts');
    expect(owners.of('group')).toBe(group);
    expect(() => owners.declare({ group }, 'routes/other.ts')).toThrow('routes/other.ts declares the owner of group, which routes/groups.ts declared already');
    expect(() => owners.of('menu')).toThrow('No route module declares the owner of menu');
  });

  it('refuse an anonymous caller every call that is not public, before reading its input', async () => {
    for (const [name, call] of Object.entries(calls as Record<string, AnyCall>)) {
      if (call.access.level === 'public') continue;
      const url = call.path.replace(/:\w+/g, '1');
      const answer = await server.call(call.method, url, call.method === 'GET' ? undefined : {});
      expect({ name, status: answer.statusCode }).toEqual({ name, status: 401 });
    }
  });

  it('document every answer in the OpenAPI document', async () => {
    const doc = (await server.call('GET', '/openapi.json')).json() as { paths: Record<string, Record<string, { responses: Record<string, { content?: unknown }> }>> };
    const undocumented = Object.entries(doc.paths).flatMap(([path, operations]) => Object.entries(operations)
      .filter(([, operation]) => Object.values(operation.responses).every((response) => response.content === undefined))
      .map(([method]) => `${method.toUpperCase()} ${path}`));
    expect(undocumented).toEqual([]);
  });
});
