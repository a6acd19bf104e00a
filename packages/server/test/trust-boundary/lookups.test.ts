import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addressIndexSettled } from '../../src/lookups/address-index';
import { buildTestServer, type TestServer } from '../support/build';
import { hostileBuilder, type HostileBuilder } from './hostile';

/**
 * The address and school lookups played by a hostile author (issue 14): he may look up in his own
 * application only, cannot touch the school directory, and his costliest texts (the longest
 * text, words matching most villages, repeated words) stay cheap for the server.
 */
describe('a hostile author and the lookups', () => {
  let server: TestServer;
  let hostile: HostileBuilder;
  let otherAppId: number;

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    hostile = await hostileBuilder(server);
    otherAppId = (await hostileBuilder(server, 'Victim app')).appId;
    await server.call('POST', '/get/getAddress', { appId: hostile.appId, address: 'sukamaju' }, hostile.token); // builds the index
    // Then saves it once for the next start, holding the event loop about a second: the costs
    // measured below are the lookups', not that one-time save's. (The index is the process's:
    // another file run in this worker may have built and saved it already.)
    await addressIndexSettled(server.app.services.config.dataDir);
  });
  afterAll(async () => {
    await server.close();
  });

  it('looks up in his own application only, and never writes the school directory', async () => {
    expect((await server.call('POST', '/get/getAddress', { appId: hostile.appId, address: 'sukamaju' }, hostile.token)).statusCode).toBe(200);
    expect((await server.call('POST', '/get/getAddress', { appId: otherAppId, address: 'sukamaju' }, hostile.token)).statusCode).toBe(403);
    expect((await server.call('POST', '/get/getSchool', { appId: otherAppId, school: 'contoh' }, hostile.token)).statusCode).toBe(403);
    const rows = [{ line: 2, npsn: '66600001', name: 'Fake', level: 'SD', status: '', address: '', villageCode: '' }];
    expect((await server.call('POST', '/save/importSchools', { rows }, hostile.token)).statusCode).toBe(403);
    expect((await server.call('GET', '/get/listSchools', undefined, hostile.token)).statusCode).toBe(403);
  });

  it('gets an answer to his costliest texts within a second each', async () => {
    const costly = [
      'kabupaten '.repeat(20).trim(),
      'jawa barat timur tengah utara selatan sumatera kalimantan sulawesi nusa tenggara',
      'kabupatan kotta jawwa baratt timurr tengahh utaraa selatann',
      'x'.repeat(200),
      'abcdefghi '.repeat(20).trim(),
    ];
    for (const address of costly) {
      const start = performance.now();
      const answer = await server.call('POST', '/get/getAddress', { appId: hostile.appId, address }, hostile.token);
      const took = performance.now() - start;
      expect(answer.statusCode, address).toBe(200);
      expect(took, address).toBeLessThan(1000);
    }
    expect((await server.call('POST', '/get/getAddress', { appId: hostile.appId, address: 'x'.repeat(201) }, hostile.token)).statusCode).toBe(400);
  });
});
