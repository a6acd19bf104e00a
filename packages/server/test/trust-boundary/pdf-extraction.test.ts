import { PDFDocument, PDFName, PDFString } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestServer, type TestServer } from '../support/build';
import { claimingPdf, rawPdf, SAMPLE, samplePdf } from '../support/pdf-sample';
import { type HostileBuilder, hostileBuilder } from './hostile';

/**
 * The PDF extractor reads PDFs that members upload with templates that authors write (issue
 * 14): both are untrusted. Each hostile PDF or pattern must end in a clear 4xx within the
 * reader's limits (never a 500, never a crash), a PDF's JavaScript must never run, and the
 * server must keep answering others meanwhile.
 */
describe('PDF extraction: hostile PDFs and templates', () => {
  let server: TestServer;
  let base: string;
  let hostile: HostileBuilder;
  let templateId: number;

  const send = async (url: string, content: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([content], { type: 'application/pdf' }), 'hostile.pdf');
    const response = await fetch(`${base}${url}`, { method: 'POST', headers: { authorization: `Bearer ${hostile.token}` }, body: form });
    return { status: response.status, json: await response.json() as { status: boolean; data: Record<string, string>; error: string[] } };
  };
  const saveFields = async (fields: unknown[]) => {
    const saved = await server.call('PUT', `/file/template/${templateId}`, { templateName: 'Hostile', fields }, hostile.token);
    expect(saved.statusCode, saved.body).toBe(200);
  };

  beforeAll(async () => {
    server = await buildTestServer('sqlite');
    base = await server.app.listen({ port: 0, host: '127.0.0.1' });
    hostile = await hostileBuilder(server);
    templateId = (await send(`/file/template?appId=${hostile.appId}`, await samplePdf())).json.data.templateId as unknown as number;
  });
  afterAll(async () => { await server.close(); });

  it('never runs the JavaScript of a PDF (open action, field calculation)', async () => {
    await saveFields([{ name: 'customer', source: 'form', formField: 'customer.name' }]);
    const doc = await PDFDocument.load(await samplePdf());
    const js = 'this.getField("customer.name").value = "pwned"; app.alert("pwned");';
    doc.catalog.set(PDFName.of('OpenAction'), doc.context.obj({ S: 'JavaScript', JS: PDFString.of(js) }));
    const field = doc.getForm().getTextField('customer.name');
    field.acroField.dict.set(PDFName.of('AA'), doc.context.obj({ C: { S: 'JavaScript', JS: PDFString.of(js) }, K: { S: 'JavaScript', JS: PDFString.of(js) } }));
    const answer = await send(`/file/extractTemplate/${templateId}`, Buffer.from(await doc.save()));
    expect(answer.status).toBe(200);
    expect(answer.json.data).toEqual({ customer: SAMPLE.customer });
  });

  it('refuses a PDF of more pages than it reads, and one that claims a billion', async () => {
    await saveFields([{ name: 'customer', source: 'form', formField: 'customer.name' }]);
    const doc = await PDFDocument.create();
    for (let n = 0; n < 101; n++) doc.addPage([100, 100]);
    const many = await send(`/file/extractTemplate/${templateId}`, Buffer.from(await doc.save()));
    expect(many.status).toBe(422);
    expect(many.json.error[0]).toMatch(/101 pages: at most 100/);

    const started = Date.now();
    const billion = await send(`/file/extractTemplate/${templateId}`, claimingPdf(1_000_000_000));
    expect(billion.status).toBe(422);
    expect(billion.json.error[0]).toBe('The PDF claims 1000000000 pages: at most 100 are read');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('answers 4xx to deeply nested objects and a page tree that loops', async () => {
    await saveFields([{ name: 'text', source: 'box', page: 1, x: 0, y: 0, width: 100, height: 100 }]);
    const depth = 200_000;
    const nested = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Deep ${'['.repeat(depth)}${']'.repeat(depth)} /Dict ${'<< /A '.repeat(20_000)}1${' >>'.repeat(20_000)} >>`,
    ]);
    const deep = await send(`/file/extractTemplate/${templateId}`, nested);
    expect([200, 422]).toContain(deep.status);

    const looping = rawPdf([
      '<< /Type /Catalog /Pages 2 0 R >>',
      '<< /Type /Pages /Kids [2 0 R 3 0 R] /Count 2 >>',
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R >>',
      '<< /Length 4 0 R >>\nstream\nBT ET\nendstream',
    ]);
    const loop = await send(`/file/extractTemplate/${templateId}`, looping);
    expect([200, 422]).toContain(loop.status);
    expect(loop.status).not.toBe(500);
  });

  it('ends a catastrophic pattern at the time limit while the server keeps answering', { timeout: 30_000 }, async () => {
    await saveFields([{ name: 'slow', source: 'pattern', pattern: '^(a|aa)+$' }]);
    const doc = await PDFDocument.create();
    doc.addPage([595, 842]).drawText(`${'a'.repeat(60)}!`, { x: 10, y: 800, size: 6 });
    const started = Date.now();
    const pending = send(`/file/extractTemplate/${templateId}`, Buffer.from(await doc.save()));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const during = Date.now();
    const list = await server.call('GET', `/file/getTemplateList?appId=${hostile.appId}`, undefined, hostile.token);
    expect(list.statusCode).toBe(200);
    expect(Date.now() - during).toBeLessThan(1_000);
    const slow = await pending;
    expect(slow.status).toBe(422);
    expect(slow.json.error[0]).toMatch(/took longer than 10 s/);
    expect(Date.now() - started).toBeLessThan(15_000);
  });

  it('reads another application\'s template for no one', async () => {
    const other = await hostileBuilder(server);
    const form = new FormData();
    form.append('file', new Blob([await samplePdf()], { type: 'application/pdf' }), 'x.pdf');
    const response = await fetch(`${base}/file/extractTemplate/${templateId}`, { method: 'POST', headers: { authorization: `Bearer ${other.token}` }, body: form });
    expect(response.status).toBe(403);
    expect((await server.call('GET', `/file/templateSample/${templateId}`, undefined, other.token)).statusCode).toBe(403);
  });
});
