import { Messages } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCHOOL_VERSION_CHECK_MS } from '../src/lookups/schools';
import { ADMIN_PASSWORD, anotherProcess, buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';

/** The address lookup of the address search widget (spec 3 §2, §5, §7; issue 14) on each store engine. */
const engines = await availableEngines();
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** What read answers once it equals expected, polling for up to 10 s (else its last answer, which fails the test). */
async function eventually<T>(read: () => Promise<T>, expected: T): Promise<T> {
  let answer = await read();
  for (const deadline = Date.now() + 10_000; Date.now() < deadline && JSON.stringify(answer) !== JSON.stringify(expected); answer = await read()) await sleep(50);
  return answer;
}

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

  it('ranks first the village whose names the words typed explain best', async () => {
    const firstOf = async (typed: string) => ((await lookUp(typed)).json().data as { location: string }[])[0]?.location;
    // A word of the village's own name, not of its province (Nusa Tenggara Timur).
    expect(await firstOf('tou timur kota baru')).toBe('Tou Timur, Kota Baru, Kabupaten Ende, Nusa Tenggara Timur');
    // No word of the name left unexplained (Alai Selatan is also in Lembak).
    expect(await firstOf('alai lembak')).toBe('Alai, Lembak, Kabupaten Muara Enim, Sumatera Selatan');
    // A word typed twice is the village's and its district's (not Cimahi of Cimahi Tengah).
    expect(await firstOf('cimahi cimahi')).toBe('Cimahi, Cimahi, Kabupaten Kuningan, Jawa Barat');
    // Split at punctuation as the names are.
    expect(await firstOf("fadoro hilimbowo gunungsitoli alo'oa")).toBe("Fadoro Hilimbowo, Gunungsitoli Alo'oa, Kota Gunungsitoli, Sumatera Utara");
    // The last word whole before it as a prefix (Bojongasih).
    expect(await firstOf('sindangsari bojong')).toBe('Sindangsari, Bojong, Kabupaten Purwakarta, Jawa Barat');
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

describe.each(engines)('the school directory and its lookups on a %s store', (engine) => {
  let server: TestServer;
  let appId: number;
  let member: string;
  let builder: string;
  let root: string;

  const post = (path: string, body: Record<string, unknown>, token = member) => server.call('POST', path, body, token);
  const row = (line: number, values: Record<string, string>) => ({ line, npsn: '', name: '', level: '', status: '', address: '', villageCode: '', ...values });

  beforeAll(async () => {
    server = await buildTestServer(engine);
    await server.register('081700000061', 'password-1');
    builder = await server.login('081700000061', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Sekolah', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    const admin = await server.login('081700000061', 'password-1', created.appSlug);
    await server.call('POST', '/auth/adduser', { data: { userId: '081700000063', password: 'password-1', confirm_password: 'password-1', appId } }, admin);
    member = await server.login('081700000063', 'password-1', created.appSlug);
    root = await server.login('admin', ADMIN_PASSWORD, '_root');
  });
  afterAll(async () => {
    await server.close();
  });

  it('starts with a few sample schools, marked as samples', async () => {
    const listed = await server.call('GET', '/get/listSchools?page=1', undefined, root);
    expect(listed.statusCode, listed.body).toBe(200);
    const { total, samples, rows } = listed.json().data;
    expect(total).toBe(4);
    expect(samples).toBe(4);
    expect(rows.every((r: { isSample: boolean; sekolahName: string }) => r.isSample && r.sekolahName.endsWith('(sample)'))).toBe(true);
    const found = await post('/get/getSchool', { appId, school: 'contoh sukamaju' });
    expect(found.json().data[0]).toMatchObject({ id: '99000001', sekolahName: 'SD Negeri Contoh 1 Sukamaju (sample)' });
  });

  it('imports rows, says which failed and why, and replaces by NPSN', async () => {
    const answer = await post('/save/importSchools', {
      rows: [
        row(2, { npsn: '20200001', name: 'SD Negeri Sukamaju 01', level: 'SD', status: 'Negeri', villageCode: '32.01.16.2013' }),
        row(3, { npsn: '2020', name: 'SD Pendek', level: 'SD' }),
        row(4, { npsn: '20200002', name: '', level: 'SMP' }),
        row(5, { npsn: '20200003', name: 'SMP Negeri 1 Cibungbulang', level: 'SMP', status: 'Negeri', address: 'Jl. Raya Cibungbulang No. 1' }),
        row(6, { npsn: '20200004', name: 'SMA Nusantara', level: 'SMA', villageCode: '99.99.99.9999' }),
      ],
    }, root);
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().data).toEqual({
      imported: 2,
      failed: [
        { line: 3, npsn: '2020', reason: "The NPSN '2020' is not 8 digits" },
        { line: 4, npsn: '20200002', reason: 'The school name is missing' },
        { line: 6, npsn: '20200004', reason: "The village code '99.99.99.9999' is not a village of idn-area-data" },
      ],
    });
    // The first real import took the samples away.
    const listed = (await server.call('GET', '/get/listSchools?page=1', undefined, root)).json().data;
    expect([listed.total, listed.samples]).toEqual([2, 0]);

    const again = await post('/save/importSchools', { rows: [row(2, { npsn: '20200001', name: 'SD Negeri Sukamaju 02', level: 'SD', status: 'Negeri' })] }, root);
    expect(again.json().data).toEqual({ imported: 1, failed: [] });
    const names = async (school: string) => ((await post('/get/getSchool', { appId, school })).json().data as { sekolahName: string }[]).map((s) => s.sekolahName);
    // The index built before the imports answers while the new one is built.
    expect(await names('sukamaju')).toEqual(['SD Negeri Contoh 1 Sukamaju (sample)']);
    expect(await eventually(() => names('sukamaju'), ['SD Negeri Sukamaju 02'])).toEqual(['SD Negeri Sukamaju 02']);
  });

  it('finds schools by a part of the name with a typo, and answers their address', async () => {
    const found = (await post('/get/getSchool', { appId, school: 'cibungbulan smp' })).json().data;
    expect(found[0]).toEqual({ id: '20200003', sekolahName: 'SMP Negeri 1 Cibungbulang', npsn: '20200003', level: 'SMP', status: 'Negeri' });
    expect((await post('/get/getSchoolAddress', { appId, schooladdress: '20200003' })).json().data).toEqual({ address: 'Jl. Raya Cibungbulang No. 1' });
    // Re-imported without a village code nor address: none is known.
    expect((await post('/get/getSchoolAddress', { appId, schooladdress: '20200001' })).json().data).toEqual({ address: null });
    expect((await post('/get/getSchoolAddress', { appId, schooladdress: '11111111' })).json().data).toEqual({ address: null });
    expect((await post('/get/getSchool', { appId, school: 'sd' })).statusCode).toBe(400);
  });

  it('answers the village as the address when only its code was imported', async () => {
    await post('/save/importSchools', { rows: [row(2, { npsn: '20200009', name: 'SD Desa', level: 'SD', villageCode: '32.01.16.2013' })] }, root);
    expect((await post('/get/getSchoolAddress', { appId, schooladdress: '20200009' })).json().data)
      .toEqual({ address: 'Sukamaju, Cibungbulang, Kabupaten Bogor, Jawa Barat' });
  });

  it('serves an import made in another server process on the store shortly after, from the old index meanwhile', async () => {
    const other = await anotherProcess(server);
    try {
      const lookUpThere = async (school: string) =>
        ((await other.call('POST', '/get/getSchool', { appId, school }, member)).json().data as { npsn: string }[]).map((s) => s.npsn);
      // The other process has built its index of the directory as it was.
      expect(await lookUpThere('cibungbulang')).toEqual(['20200003']);
      const imported = await post('/save/importSchools', { rows: [row(2, { npsn: '20200010', name: 'SMK Cibungbulang Mandiri', level: 'SMK' })] }, root);
      expect(imported.json().data).toEqual({ imported: 1, failed: [] });
      await sleep(SCHOOL_VERSION_CHECK_MS + 100);
      // It finds the directory changed and starts building, but answers from the index it has.
      expect(await lookUpThere('cibungbulang')).toEqual(['20200003']);
      const both = async () => (await lookUpThere('cibungbulang')).sort();
      expect(await eventually(both, ['20200003', '20200010'])).toEqual(['20200003', '20200010']);
      expect(await lookUpThere('mandiri cibung')).toEqual(['20200010']);
    } finally {
      await other.close();
    }
  });

  it('lets only the super administrator import and list', async () => {
    expect((await post('/save/importSchools', { rows: [row(2, { npsn: '20200005', name: 'X', level: 'SD' })] }, builder)).statusCode).toBe(403);
    expect((await server.call('GET', '/get/listSchools', undefined, member)).statusCode).toBe(403);
  });
});

describe('the lookups\' rate limit', () => {
  it('refuses a member past RAKIT_LOOKUP_RATE_LIMIT lookups of a kind a minute, with a message', async () => {
    const server = await buildTestServer('sqlite', { lookupRateLimit: 3 });
    try {
      await server.register('081700000071', 'password-1');
      const builder = await server.login('081700000071', 'password-1', 'main');
      const { appId, appSlug } = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Batas', appDescription: '' }, builder)).json().data;
      const admin = await server.login('081700000071', 'password-1', appSlug);
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) statuses.push((await server.call('POST', '/get/getSchool', { appId, school: 'contoh' }, admin)).statusCode);
      const refused = await server.call('POST', '/get/getSchool', { appId, school: 'contoh' }, admin);
      expect(statuses).toEqual([200, 200, 200]);
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ status: false, error: [Messages.tooManyRequests], code: 'tooManyRequests' });
    } finally {
      await server.close();
    }
  });
});
