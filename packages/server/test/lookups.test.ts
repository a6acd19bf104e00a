import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';

/** The address lookup of the address search widget (spec 3 §2, §5, §7; issue 14) on each store engine. */
const engines = await availableEngines();

describe.each(engines)('address lookups on a %s store', (engine) => {
  let server: TestServer;
  let appId: number;
  let member: string;
  let outsider: string;

  const lookUp = (address: string, token = member, id = appId) => server.call('POST', '/get/getAddress', { appId: id, address }, token);

  beforeAll(async () => {
    server = await buildTestServer(engine);
    await server.register('081700000051', 'password-1');
    await server.register('081700000052', 'password-1');
    const builder = await server.login('081700000051', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Alamat', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    const admin = await server.login('081700000051', 'password-1', created.appSlug);
    await server.call('POST', '/auth/adduser', { data: { userId: '081700000053', password: 'password-1', confirm_password: 'password-1', appId } }, admin);
    member = await server.login('081700000053', 'password-1', created.appSlug);
    outsider = await server.login('081700000052', 'password-1', 'main');
  });
  afterAll(async () => {
    await server.close();
  });

  it('finds the village of the district first, with its area codes', async () => {
    const answer = await lookUp('sukamaju cibungbulang');
    expect(answer.statusCode, answer.body).toBe(200);
    const [first] = answer.json().data;
    expect(first).toEqual({
      location: 'Sukamaju, Cibungbulang, Kabupaten Bogor, Jawa Barat',
      village: 'Sukamaju', district: 'Cibungbulang', regency: 'Kabupaten Bogor', province: 'Jawa Barat',
      villageCode: expect.stringMatching(/^32\.01\.16\.\d{4}$/), districtCode: '32.01.16', regencyCode: '32.01', provinceCode: '32',
    });
  });

  it('forgives a typo and an unfinished word', async () => {
    const answer = await lookUp('sukamju cibungbul');
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data[0].location).toBe('Sukamaju, Cibungbulang, Kabupaten Bogor, Jawa Barat');
  });

  it('keeps a village whose name holds a comma whole, with its code', async () => {
    const answer = await lookUp('lambang sari');
    const option = (answer.json().data as { village: string; villageCode: string; location: string }[]).find((o) => o.village === 'Lambang Sari I, II, III');
    expect(option?.villageCode).toBe('14.02.09.2010');
    expect(option?.location.split(', ')).toHaveLength(6);
  });

  it('answers at most 20 options, and none for words no area holds', async () => {
    expect((await lookUp('sukamaju')).json().data.length).toBe(20);
    const none = await lookUp('qxzvwq jjjkkq');
    expect(none.statusCode).toBe(200);
    expect(none.json().data).toEqual([]);
  });

  it('refuses fewer than 6 characters with a message', async () => {
    const answer = await lookUp('  suka ');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().error.join(' ')).toContain('at least 6 characters');
  });

  it('refuses callers who are not members of the application', async () => {
    expect((await lookUp('sukamaju', outsider)).statusCode).toBe(403);
    expect((await server.call('POST', '/get/getAddress', { appId, address: 'sukamaju' })).statusCode).toBe(401);
    expect((await lookUp('sukamaju', member, 999999)).statusCode).toBe(403);
  });
});
