import { MAX_PDF_EXTRACT_BYTES, PDF_TOO_LARGE_MESSAGE } from '@rakit/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from './support/build';
import { availableEngines } from './support/engines';
import { SAMPLE, samplePdf } from './support/pdf-sample';

/** The PDF extractor's templates and extraction over HTTP, on each metadata store engine (issue 14). */
const engines = await availableEngines();

describe.each(engines)('PDF extraction templates on a %s store', (engine) => {
  let server: TestServer;
  let base: string;
  let appId: number;
  let admin: string;
  let member: string;

  beforeAll(async () => {
    server = await buildTestServer(engine);
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    await server.register('081400000001', 'password-1');
    const builder = await server.login('081400000001', 'password-1', 'main');
    const created = (await server.call('POST', '/save/saveApp', { appId: null, appName: 'Faktur', appDescription: '' }, builder)).json().data;
    appId = created.appId;
    admin = await server.login('081400000001', 'password-1', created.appSlug);
    await server.call('POST', '/auth/adduser', { data: { userId: '081400000002', password: 'password-1', confirm_password: 'password-1', appId } }, admin);
    member = await server.login('081400000002', 'password-1', created.appSlug);
  });
  afterAll(async () => { await server.close(); });

  const send = async (url: string, content: Buffer, token: string, name = 'file.pdf') => {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'application/pdf' }), name);
    const response = await fetch(`${base}${url}`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
    return { status: response.status, json: await response.json() as { status: boolean; data: never; error?: string[] } };
  };

  async function newTemplate(): Promise<number> {
    const made = await send(`/file/template?appId=${appId}`, await samplePdf(), admin, 'Faktur pajak.pdf');
    expect(made.status, JSON.stringify(made.json)).toBe(201);
    return (made.json.data as { templateId: number }).templateId;
  }

  it('makes a template from a sample: its name, page sizes and form fields read from it', async () => {
    const made = await send(`/file/template?appId=${appId}`, await samplePdf(), admin, 'Faktur pajak.pdf');
    expect(made.status).toBe(201);
    const template = made.json.data as { templateId: number; templateName: string; pages: unknown; formFields: string[]; fields: unknown[] };
    expect(template).toMatchObject({ templateName: 'Faktur pajak', pages: [{ width: 595, height: 842 }], formFields: ['customer.name'], fields: [] });
    expect((await server.app.services.files.list(appId, 'pdf-sample')).map((file) => file.name)).toContain('Faktur pajak.pdf');
    const sample = await fetch(`${base}/file/templateSample/${template.templateId}`, { headers: { authorization: `Bearer ${admin}` } });
    expect(sample.status).toBe(200);
    expect(Buffer.from(await sample.arrayBuffer()).subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('extracts a form field, a pattern and a boxed text; lists and describes templates to members', async () => {
    const templateId = await newTemplate();
    const fields = [
      { name: 'customer', source: 'form', formField: 'customer.name' },
      { name: 'invoice', source: 'pattern', pattern: 'Invoice number:\\s*(\\S+)' },
      { name: 'total', source: 'box', ...SAMPLE.totalBox },
      { name: 'absent', source: 'form', formField: 'no.such.field' },
    ];
    const saved = await server.call('PUT', `/file/template/${templateId}`, { templateName: 'Faktur', fields }, admin);
    expect(saved.statusCode, saved.body).toBe(200);

    const list = await server.call('GET', `/file/getTemplateList?appId=${appId}`, undefined, member);
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toContainEqual(expect.objectContaining({ templateId, templateName: 'Faktur', fieldCount: 4, pageCount: 1 }));
    const described = await server.call('GET', `/file/getTemplateField/${templateId}`, undefined, member);
    expect(described.json().data.fields).toEqual(fields);

    const filled = await samplePdf({ customer: 'Siti Aminah', invoice: 'INV-7', total: 'Rp 99.000' });
    const extracted = await send(`/file/extractTemplate/${templateId}`, filled, member);
    expect(extracted.status, JSON.stringify(extracted.json)).toBe(200);
    expect(extracted.json).toEqual({
      status: true,
      data: { customer: 'Siti Aminah', invoice: 'INV-7', total: 'Rp 99.000', absent: '' },
      error: ['absent: the PDF has no form field named no.such.field'],
    });
  });

  it('refuses bad fields, files that are not PDFs and files of 1,024,000 bytes or more', async () => {
    const templateId = await newTemplate();
    const badPattern = await server.call('PUT', `/file/template/${templateId}`, { templateName: 'X', fields: [{ name: 'a', source: 'pattern', pattern: '(' }] }, admin);
    expect(badPattern.statusCode).toBe(400);
    const twice = await server.call('PUT', `/file/template/${templateId}`, {
      templateName: 'X', fields: [{ name: 'a', source: 'form', formField: 'x' }, { name: 'a', source: 'form', formField: 'y' }],
    }, admin);
    expect(twice.statusCode).toBe(400);

    const notPdf = await send(`/file/extractTemplate/${templateId}`, Buffer.from('just text, no PDF'), member);
    expect(notPdf.status).toBe(422);
    expect(notPdf.json).toEqual({ status: false, error: ['The file is not a PDF that can be read'] });

    const big = await send(`/file/extractTemplate/${templateId}`, Buffer.alloc(MAX_PDF_EXTRACT_BYTES, 32), member);
    expect(big.status).toBe(413);
    expect(big.json.error).toEqual([PDF_TOO_LARGE_MESSAGE]);
    const badSample = await send(`/file/template?appId=${appId}`, Buffer.from('%PDF-1.4 broken'), admin);
    expect(badSample.status).toBe(422);
  });

  it('lets only administrators make, save and delete templates; deleting removes the sample', async () => {
    const templateId = await newTemplate();
    const { sampleFileId } = await server.store.selectFrom('pdfTemplates').select('sampleFileId').where('templateId', '=', templateId).executeTakeFirstOrThrow();
    expect(await server.app.services.files.exists(appId, sampleFileId as string)).toBe(true);
    const byMember = await server.call('PUT', `/file/template/${templateId}`, { templateName: 'X', fields: [] }, member);
    expect(byMember.statusCode).toBe(403);
    expect((await send(`/file/template?appId=${appId}`, await samplePdf(), member)).status).toBe(403);
    expect((await server.call('DELETE', `/file/template/${templateId}`, undefined, member)).statusCode).toBe(403);
    expect((await server.call('DELETE', `/file/template/${templateId}`, undefined, admin)).statusCode).toBe(200);
    expect(await server.app.services.files.exists(appId, sampleFileId as string)).toBe(false);
    expect((await server.call('GET', `/file/getTemplateField/${templateId}`, undefined, admin)).statusCode).toBe(404);
  });
});
