import { PDFDocument, StandardFonts } from 'pdf-lib';

/** What the sample form PDF holds, to compare extractions with. */
export const SAMPLE = {
  customer: 'Budi Santoso',
  invoice: 'INV-2026-0042',
  total: 'Rp 1.250.000',
  /** The box around the total on page 1, in points from the top-left corner (A4: 595 × 842). */
  totalBox: { page: 1, x: 290, y: 320, width: 220, height: 40 },
} as const;

/**
 * A one-page A4 PDF made with pdf-lib: an AcroForm text field 'customer.name', the line
 * 'Invoice number: …' near the top and the total drawn at (300, 500) from the bottom.
 */
export async function samplePdf(values: { customer?: string; invoice?: string; total?: string } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([595, 842]);
  const font = await doc.embedFont(StandardFonts.Helvetica);
  page.drawText(`Invoice number: ${values.invoice ?? SAMPLE.invoice}`, { x: 50, y: 780, size: 12, font });
  page.drawText('Total', { x: 50, y: 500, size: 14, font });
  page.drawText(values.total ?? SAMPLE.total, { x: 300, y: 500, size: 14, font });
  const field = doc.getForm().createTextField('customer.name');
  field.setText(values.customer ?? SAMPLE.customer);
  field.addToPage(page, { x: 50, y: 700, width: 200, height: 20 });
  return Buffer.from(await doc.save());
}

/** A PDF of the given objects (bodies of `n 0 obj`), object 1 its catalog, with a correct xref. */
export function rawPdf(objects: string[]): Buffer {
  let body = '%PDF-1.7\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

/** A PDF of one real page whose page tree claims `count` pages. */
export const claimingPdf = (count: number): Buffer => rawPdf([
  '<< /Type /Catalog /Pages 2 0 R >>',
  `<< /Type /Pages /Kids [3 0 R] /Count ${count} >>`,
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] >>',
]);
