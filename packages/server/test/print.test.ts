import { MAX_PRINT_ITEMS, Messages, type PrintTemplate } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';
import { buildDocx } from './support/docx';
import { availableEngines } from './support/engines';
import { sofficeInstalled } from './support/soffice';
import { pdfText } from './support/pdf-text';
import { specPrefix } from './support/texts';

const engines = await availableEngines();

const withSoffice = sofficeInstalled('print to PDF');

const INVOICE = buildDocx(['Invoice {number} for {customer}', '{#items}', '{item} qty {qty}', '{/items}', 'Total {total}']);

interface Answer<T> { status: boolean; data: T; error?: string[] }

describe.each(engines)('print templates on a %s store', (engine) => {
  let server: TestServer;
  let base: string;
  let appId: number;
  let otherAppId: number;
  let admin: string;
  let member: string;
  let outsider: string;

  beforeAll(async () => {
    server = await buildTestServer(engine);
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    await server.register('081900000001', 'password-1');
    await server.register('081900000002', 'password-1');
    await server.register('081900000003', 'password-1');
    const builder = await server.login('081900000001', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Cetak', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    admin = await server.login('081900000001', 'password-1', created.appSlug);
    const groups = (await server.call('GET', `/auth/listgroup/${appId}`, undefined, admin)).json().data as { groupId: number; groupSlug: string }[];
    const memberGroup = groups.find((g) => g.groupSlug === 'member')?.groupId as number;
    await server.addToGroup('081900000002', memberGroup);
    member = await server.login('081900000002', 'password-1', created.appSlug);
    const otherBuilder = await server.login('081900000003', 'password-1', 'main');
    otherAppId = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Lain', appDescription: '' }, otherBuilder)).json().data.appId;
    outsider = await server.login('081900000003', 'password-1', 'main');
  });
  afterAll(async () => { await server.close(); });

  const upload = async (content: Buffer, name: string, token?: string, app = appId) => {
    const form = new FormData();
    form.append('file', new Blob([content]), name);
    const response = await fetch(`${base}/print/uploadTemplate?appId=${app}`, {
      method: 'POST', body: form, headers: token === undefined ? {} : { authorization: `Bearer ${token}` },
    });
    return { status: response.status, body: (await response.json()) as Answer<PrintTemplate> };
  };
  const list = async (token: string | undefined, app = appId) => {
    const response = await server.call('GET', `/print/listTemplates?appId=${app}`, undefined, token);
    return { status: response.statusCode, body: response.json() as Answer<PrintTemplate[]> };
  };
  const stored = async () => (await server.app.services.files.list(appId, 'print-template')).map((file) => file.id);

  it('lets only the application\'s administrators upload, and reads the template\'s fields', async () => {
    expect((await upload(INVOICE, 'invoice.docx')).status).toBe(401);
    expect((await upload(INVOICE, 'invoice.docx', outsider)).status).toBe(403);
    expect((await upload(INVOICE, 'invoice.docx', member)).status).toBe(403);
    expect(await stored()).toEqual([]);

    const answer = await upload(INVOICE, 'invoice.docx', admin);
    expect(answer.status).toBe(201);
    expect(answer.body.data).toMatchObject({
      templateFilename: 'invoice.docx',
      identifier: { not_bulk: ['number', 'customer', 'total'], groups: { items: ['item', 'qty'] } },
      options: {},
      size: INVOICE.length,
    });
    expect(await stored()).toEqual([answer.body.data.templateId]);
  });

  it('refuses what is not a .docx template with 400 and stores nothing', async () => {
    const before = await stored();
    const cases: [Buffer, string, string][] = [
      [Buffer.from('%PDF-1.4\n%%EOF'), 'invoice.pdf', Messages.printTemplateNotDocx],
      [Buffer.from('just text'), 'fake.docx', Messages.printTemplateNotDocx],
      [INVOICE, 'invoice.txt', Messages.printTemplateNotDocx],
      [buildDocx(['Dear {name']), 'broken.docx', 'The template\'s tags are malformed'],
    ];
    for (const [content, name, message] of cases) {
      const answer = await upload(content, name, admin);
      expect(answer.status, name).toBe(400);
      expect(answer.body.error?.[0], name).toContain(message);
    }
    expect(await stored()).toEqual(before);
    expect((await list(admin)).body.data.map((t) => t.templateFilename)).toEqual(['invoice.docx']);
  });

  it('refuses a template name that is too long or holds control characters', async () => {
    const long = await upload(INVOICE, `${'x'.repeat(96)}.docx`, admin);
    expect(long.status).toBe(400);
    expect(long.body.error?.[0]).toContain(specPrefix('printTemplateNameRules'));
    expect((await list(admin)).body.data.map((t) => t.templateFilename)).toEqual(['invoice.docx']);
    const nul = await server.call('POST', `/print/blob/pdf/in%00voice.docx?appId=${appId}`, { data: {} }, member);
    expect(nul.statusCode).toBe(400);
    expect((await server.call('POST', `/print/blob/pdf/${'y'.repeat(101)}?appId=${appId}`, { data: {} }, member)).statusCode).toBeLessThan(500);
  });

  it('bounds prints: a body over 1 MB is refused, and a user gets 30 a minute', async () => {
    const heavy = await server.call('POST', `/print/blob/pdf/invoice.docx?appId=${appId}`, { data: { note: 'x'.repeat(1024 * 1024) } }, member);
    expect(heavy.statusCode).toBe(413);
    const many = await server.call('POST', `/print/blob/pdf/invoice.docx?appId=${appId}`, { data: { items: Array.from({ length: MAX_PRINT_ITEMS + 1 }, () => ({ item: 'x' })) } }, member);
    expect(many.statusCode).toBe(400);
    // A member of his own who has printed nothing yet; a missing template answers fast, and still counts.
    await server.register('081900000009', 'password-1');
    const groups = (await server.call('GET', `/auth/listgroup/${appId}`, undefined, admin)).json().data as { groupId: number; groupSlug: string }[];
    await server.addToGroup('081900000009', groups.find((g) => g.groupSlug === 'member')?.groupId as number);
    const slug = (await server.call('GET', `/get/listAppUser/081900000009`, undefined, admin)).json().data?.[0]?.appSlug as string | undefined;
    const busy = await server.login('081900000009', 'password-1', slug ?? 'main');
    const codes: number[] = [];
    for (let i = 0; i < 31; i++) codes.push((await server.call('POST', `/print/blob/pdf/absent.docx?appId=${appId}`, { data: {} }, busy)).statusCode);
    expect(codes.slice(0, 30).every((code) => code === 404)).toBe(true);
    expect(codes[30]).toBe(429);
    expect((await server.call('POST', `/print/blob/pdf/absent.docx?appId=${appId}`, { data: {} }, member)).statusCode).toBe(404);
  });

  it('refuses a template above the size limit with 413', async () => {
    const answer = await upload(Buffer.alloc(5 * 1024 * 1024 + 1, 1), 'huge.docx', admin);
    expect(answer.body.error).toEqual([Messages.printTemplateTooLarge]);
    expect(answer.status).toBe(413);
  });

  it('lists the templates to members only, the signed-in application by default', async () => {
    expect((await list(undefined)).status).toBe(401);
    expect((await list(outsider)).status).toBe(403);
    const seen = await list(member);
    expect(seen.status).toBe(200);
    expect(seen.body.data.map((t) => t.templateFilename)).toEqual(['invoice.docx']);
    const byToken = await server.call('GET', '/print/listTemplates', undefined, member);
    expect(byToken.json().data).toEqual(seen.body.data);
    expect((await list(outsider, otherAppId)).body.data).toEqual([]);
  });

  it('replaces a template uploaded again under the same name', async () => {
    const before = (await list(admin)).body.data[0] as PrintTemplate;
    const again = await upload(buildDocx(['Invoice {number}']), 'invoice.docx', admin);
    expect(again.status).toBe(200);
    const after = (await list(admin)).body.data;
    expect(after).toHaveLength(1);
    expect(after[0]?.identifier).toEqual({ not_bulk: ['number'], groups: {} });
    expect(await stored()).toEqual([after[0]?.templateId]);
    expect(await stored()).not.toContain(before.templateId);
    expect((await upload(INVOICE, 'invoice.docx', admin)).status).toBe(200);
  });

  it('prints only for members of the template\'s application', async () => {
    const print = (token: string | undefined, document = 'invoice.docx', app = appId) =>
      server.call('POST', `/print/blob/pdf/${encodeURIComponent(document)}?appId=${app}`, { data: { number: 'A-1' } }, token);
    expect((await print(undefined)).statusCode).toBe(401);
    expect((await print(outsider)).statusCode).toBe(403);
    expect((await print(outsider, 'invoice.docx', otherAppId)).statusCode).toBe(404);
    const missing = await print(member, 'nope.docx');
    expect(missing.statusCode).toBe(404);
    expect(missing.json().error).toEqual([Messages.printTemplateNotFound]);
    const bad = await server.call('POST', `/print/blob/pdf/invoice.docx?appId=${appId}`, { data: { number: { nested: true } } }, member);
    expect(bad.statusCode).toBe(400);
    if (!withSoffice) return;
    const printed = await print(member);
    expect(printed.statusCode).toBe(200);
    const data = printed.json().data as { buffer: string; mimetype: string; filename: string };
    expect(data.mimetype).toBe('application/pdf');
    expect(data.filename).toBe('invoice.pdf');
    expect(Buffer.from(data.buffer, 'base64').subarray(0, 5).toString()).toBe('%PDF-');
  }, 90_000);

  it('lets only administrators delete a template, with its file', async () => {
    const template = (await list(admin)).body.data[0] as PrintTemplate;
    const remove = (token: string | undefined) => server.call('DELETE', `/print/deleteTemplate/${template.templateId}`, undefined, token);
    expect((await remove(undefined)).statusCode).toBe(401);
    expect((await remove(outsider)).statusCode).toBe(403);
    expect((await remove(member)).statusCode).toBe(403);
    expect(await stored()).toEqual([template.templateId]);
    expect((await remove(admin)).statusCode).toBe(200);
    expect((await list(admin)).body.data).toEqual([]);
    expect(await stored()).toEqual([]);
    expect((await remove(admin)).statusCode).toBe(404);
  });
});

describe('printing to PDF', () => {
  let server: TestServer;
  let admin: string;
  let appId: number;

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    await server.register('081900000011', 'password-1');
    const builder = await server.login('081900000011', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Faktur', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    admin = await server.login('081900000011', 'password-1', created.appSlug);
    const form = new FormData();
    form.append('file', new Blob([INVOICE]), 'Faktur Jual.docx');
    const base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const uploaded = await fetch(`${base}/print/uploadTemplate?appId=${appId}`, { method: 'POST', body: form, headers: { authorization: `Bearer ${admin}` } });
    expect(uploaded.status).toBe(201);
  });
  afterAll(async () => { await server.close(); });

  it.skipIf(!withSoffice)('fills the fields and one line per item, and the PDF reads them', async () => {
    const answer = await server.call('POST', `/print/blob/pdf/${encodeURIComponent('Faktur Jual.docx')}?appId=${appId}`, {
      data: { number: 'INV-0042', customer: 'Toko Sinar', items: [{ item: 'Beras', qty: 3 }, { item: 'Gula', qty: 7 }] },
      options: { filename: 'faktur INV-0042' },
    }, admin);
    expect(answer.statusCode).toBe(200);
    const { buffer, filename } = answer.json().data as { buffer: string; filename: string };
    expect(filename).toBe('faktur INV-0042.pdf');
    const text = (await pdfText(Buffer.from(buffer, 'base64'))).replace(/\s+/g, ' ');
    expect(text).toContain('Invoice INV-0042 for Toko Sinar');
    expect(text).toContain('Beras qty 3');
    expect(text).toContain('Gula qty 7');
    // total was not given: empty, not 'undefined'.
    expect(text).toMatch(/Total\s*$/);
    expect(text).not.toContain('undefined');
  }, 90_000);

  it('answers 404 with a message, not a crash, when the template\'s file has gone from the store', async () => {
    const upload = new FormData();
    upload.append('file', new Blob([INVOICE]), 'gone.docx');
    const base = `http://127.0.0.1:${(server.app.server.address() as { port: number }).port}`;
    const stored = (await (await fetch(`${base}/print/uploadTemplate?appId=${appId}`, { method: 'POST', body: upload, headers: { authorization: `Bearer ${admin}` } })).json()) as Answer<PrintTemplate>;
    expect(await server.app.services.files.delete(appId, stored.data.templateId)).toBe(true);
    const answer = await server.call('POST', `/print/blob/pdf/gone.docx?appId=${appId}`, { data: {} }, admin);
    expect(answer.statusCode).toBe(404);
    expect(answer.json().error).toEqual([Messages.templateContentGone]);
  });

  it('answers 503 with a clear message when LibreOffice is missing', async () => {
    const without = await buildTestServer('sqlite', { soffice: '/nonexistent/soffice' });
    try {
      await without.register('081900000012', 'password-1');
      const builder = await without.login('081900000012', 'password-1', 'main');
      const created = (await without.call('POST', '/save/saveApp', { appId: null, appName: 'Tanpa', appDescription: '' }, builder)).json().data;
      const token = await without.login('081900000012', 'password-1', created.appSlug);
      const base = await without.app.listen({ port: 0, host: '127.0.0.1' });
      const form = new FormData();
      form.append('file', new Blob([INVOICE]), 'invoice.docx');
      await fetch(`${base}/print/uploadTemplate`, { method: 'POST', body: form, headers: { authorization: `Bearer ${token}` } });
      const answer = await without.call('POST', '/print/blob/pdf/invoice.docx', { data: {} }, token);
      expect(answer.statusCode).toBe(503);
      expect(answer.json()).toEqual({ status: false, error: [Messages.printEngineMissing], code: 'printEngineMissing' });
    } finally {
      await without.close();
    }
  });
});
