import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { DEFAULT_PDF_READ_LIMITS, PdfReader, PdfReadError } from '../src/pdf-templates/extract';
import { claimingPdf, SAMPLE, samplePdf } from './support/pdf-sample';

/** A PDF whose text makes `^(a|aa)+$` backtrack for a very long time. */
async function slowText(): Promise<Buffer> {
  const doc = await PDFDocument.create();
  doc.addPage([595, 842]).drawText(`${'a'.repeat(60)}!`, { x: 10, y: 800, size: 6 });
  return Buffer.from(await doc.save());
}
const slowField = [{ name: 'slow', source: 'pattern' as const, pattern: '^(a|aa)+$' }];

/** The bounded PDF reader on its own (issue 14): limits as configured, a fresh thread each time. */
describe('the PDF reader', () => {
  it('reads the fields of a PDF in reading order', async () => {
    const reader = new PdfReader();
    const { values, notes } = await reader.extract(await samplePdf(), [
      { name: 'customer', source: 'form', formField: 'customer.name' },
      { name: 'line', source: 'pattern', pattern: 'Total\\s+(Rp [\\d.]+)' },
      { name: 'total', source: 'box', ...SAMPLE.totalBox },
    ]);
    expect(values).toEqual({ customer: SAMPLE.customer, line: SAMPLE.total, total: SAMPLE.total });
    expect(notes).toEqual([]);
  });

  it('ends a read at its time limit', async () => {
    const reader = new PdfReader({ ...DEFAULT_PDF_READ_LIMITS, timeoutMs: 1_000 });
    const started = Date.now();
    await expect(reader.extract(await slowText(), slowField)).rejects.toThrow('Reading the PDF took longer than 1 s');
    expect(Date.now() - started).toBeLessThan(4_000);
  });

  it('is busy past its reads at once and its line, and serves again once they end', async () => {
    const reader = new PdfReader({ ...DEFAULT_PDF_READ_LIMITS, timeoutMs: 1_500, concurrent: 1, queue: 1 });
    const slow = await slowText();
    const first = reader.extract(slow, slowField).catch((error: unknown) => error);
    const second = reader.extract(slow, slowField).catch((error: unknown) => error);
    const third = await reader.extract(slow, slowField).catch((error: unknown) => error);
    expect(third).toBeInstanceOf(PdfReadError);
    expect((third as PdfReadError).busy).toBe(true);
    expect(await first).toBeInstanceOf(PdfReadError);
    expect(await second).toBeInstanceOf(PdfReadError);
    expect((await reader.extract(await samplePdf(), [{ name: 'customer', source: 'form', formField: 'customer.name' }])).values).toEqual({ customer: SAMPLE.customer });
  });

  it('refuses more pages than its limit', async () => {
    const reader = new PdfReader({ ...DEFAULT_PDF_READ_LIMITS, maxPages: 2 });
    const doc = await PDFDocument.create();
    for (let n = 0; n < 3; n++) doc.addPage([100, 100]);
    await expect(reader.inspect(Buffer.from(await doc.save()))).rejects.toThrow('The PDF has 3 pages: at most 2 are read');
  });

  it('refuses a PDF claiming more pages than its limit, though fewer are there, before reading any', async () => {
    const reader = new PdfReader({ ...DEFAULT_PDF_READ_LIMITS, maxPages: 2 });
    const customer = [{ name: 'customer', source: 'form' as const, formField: 'customer.name' }];
    await expect(reader.extract(claimingPdf(1_000_000_000), customer)).rejects.toThrow('The PDF claims 1000000000 pages: at most 2 are read');
    await expect(reader.inspect(claimingPdf(3))).rejects.toThrow('The PDF claims 3 pages: at most 2 are read');
    // A count within the limit that does not hold is read by the pages there are.
    expect((await reader.inspect(claimingPdf(2))).pages).toEqual([{ width: 100, height: 100 }]);
  });
});
