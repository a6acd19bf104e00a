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
