import PizZip from 'pizzip';
import { describe, expect, it } from 'vitest';
import { inspectTemplate, MAX_LOOP_NESTING, MAX_UNPACKED_BYTES, renderDocx, TemplateError } from '../src/documents/docx-template';
import { buildDocx, docxText } from './support/docx';

const INVOICE = buildDocx([
  'Invoice for {customer}, {city}',
  '{#items}',
  '{item}: {qty} × {price}',
  '{/items}',
  '{#paid}PAID{/paid}{^paid}Due on {dueDate}{/paid}',
  'Signed {customer}',
]);

describe('print templates (docxtemplater)', () => {
  it('reads the single fields and the repeat groups of a real .docx', () => {
    expect(inspectTemplate(INVOICE)).toEqual({
      not_bulk: ['customer', 'city', 'paid', 'dueDate'],
      groups: { items: ['item', 'qty', 'price'] },
    });
  });

  it('reads a list inside a list as fields of the outer group', () => {
    const nested = buildDocx(['{#orders}{number}{#lines}{sku}{/lines}{/orders}', '{title}']);
    expect(inspectTemplate(nested)).toEqual({ not_bulk: ['title'], groups: { orders: ['number', 'sku'] } });
  });

  it(`takes loops nested ${MAX_LOOP_NESTING} deep and refuses deeper ones`, () => {
    const nested = (depth: number) => buildDocx([`${'{#a}'.repeat(depth)}{b}${'{/a}'.repeat(depth)}`]);
    expect(inspectTemplate(nested(MAX_LOOP_NESTING))).toEqual({ not_bulk: [], groups: { a: ['b'] } });
    expect(() => inspectTemplate(nested(MAX_LOOP_NESTING + 1))).toThrow(`loops are nested more than ${MAX_LOOP_NESTING} deep`);
  });

  it('refuses what is not a usable Word template with a clear message', () => {
    expect(() => inspectTemplate(Buffer.from('plain text, not a zip'))).toThrow(TemplateError);
    const otherZip = new PizZip();
    otherZip.file('hello.txt', 'hi');
    expect(() => inspectTemplate(otherZip.generate({ type: 'nodebuffer' }))).toThrow('not a Word document');
    expect(() => inspectTemplate(buildDocx(['Dear {name'])))
      .toThrow(/malformed.*(unclosed|not closed)/i);
    expect(() => inspectTemplate(buildDocx(['{#items}{item}']))).toThrow(/malformed/);
    expect(() => inspectTemplate(buildDocx(['{@raw}']))).toThrow('Raw XML tags');
    const bomb = new PizZip(buildDocx(['{name}']));
    bomb.file('word/media/padding.bin', Buffer.alloc(MAX_UNPACKED_BYTES + 1));
    const packed = bomb.generate({ type: 'nodebuffer', compression: 'DEFLATE' });
    expect(packed.length).toBeLessThan(200_000);
    expect(() => inspectTemplate(packed)).toThrow('unpacks to more than 50 MB');
  });

  it('refuses a template that would make the server fetch from outside the file, and keeps plain hyperlinks', () => {
    const withRelationship = (type: string) => {
      const zip = new PizZip(buildDocx(['{name}']));
      zip.file('word/_rels/document.xml.rels', '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>'
        + '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
        + `<Relationship Id="rId9" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/${type}" Target="http://169.254.169.254/latest/meta-data/" TargetMode="External"/>`
        + '</Relationships>');
      return zip.generate({ type: 'nodebuffer' });
    };
    expect(() => inspectTemplate(withRelationship('image'))).toThrow('links to content outside the file (image)');
    expect(() => inspectTemplate(withRelationship('attachedTemplate'))).toThrow('outside the file');
    expect(inspectTemplate(withRelationship('hyperlink'))).toEqual({ not_bulk: ['name'], groups: {} });

    const withField = (instruction: string) => {
      const zip = new PizZip(buildDocx(['{name}']));
      const xml = zip.file('word/document.xml')?.asText() ?? '';
      zip.file('word/document.xml', xml.replace('</w:body>', `<w:p><w:r><w:instrText xml:space="preserve">${instruction}</w:instrText></w:r></w:p></w:body>`));
      return zip.generate({ type: 'nodebuffer' });
    };
    expect(() => inspectTemplate(withField(' INCLUDEPICTURE "http://10.0.0.5/secret.png" \\d '))).toThrow('INCLUDEPICTURE field');
    expect(() => inspectTemplate(withField(' INCLUDETEXT "file:///etc/passwd" '))).toThrow('INCLUDETEXT field');
    expect(inspectTemplate(withField(' HYPERLINK "https://example.com" '))).toEqual({ not_bulk: ['name'], groups: {} });
    expect(inspectTemplate(withField(' PAGE '))).toEqual({ not_bulk: ['name'], groups: {} });
  });

  it('is not fooled by entities, quotes, prefixes, split field runs or a hyperlink used as a picture', () => {
    const withParts = (rels: string, body = '') => {
      const zip = new PizZip(buildDocx(['{name}']));
      zip.file('word/_rels/document.xml.rels', `<?xml version="1.0"?><x:Relationships xmlns:x="http://schemas.openxmlformats.org/package/2006/relationships">${rels}</x:Relationships>`);
      const xml = zip.file('word/document.xml')?.asText() ?? '';
      zip.file('word/document.xml', xml.replace('<w:document ', '<w:document xmlns:a="http://schemas.openxmlformats.org/drawingml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships" ').replace('</w:body>', `${body}</w:body>`));
      return zip.generate({ type: 'nodebuffer' });
    };
    const image = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/image';
    const hyperlink = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships/hyperlink';
    expect(() => inspectTemplate(withParts(`<x:Relationship Id="rId9" Type="${image}" Target="http://10.0.0.5/x.png" TargetMode="Ext&#101;rnal"/>`))).toThrow('outside the file (image)');
    expect(() => inspectTemplate(withParts(`<x:Relationship Id='rId9' Type='${image}' Target='http://10.0.0.5/x.png' TargetMode='External'/>`))).toThrow('outside the file (image)');
    const linkAsPicture = withParts(`<Relationship xmlns="http://schemas.openxmlformats.org/package/2006/relationships" Id="rId9" Type="${hyperlink}" Target="http://10.0.0.5/x.png" TargetMode="External"/>`,
      '<w:p><w:r><a:blip r:link="rId9"/></w:r></w:p>');
    expect(() => inspectTemplate(linkAsPicture)).toThrow('hyperlink\'s address for content');
    const realLink = withParts(`<Relationship xmlns="http://schemas.openxmlformats.org/package/2006/relationships" Id="rId9" Type="${hyperlink}" Target="https://example.com" TargetMode="External"/>`,
      '<w:p><w:hyperlink r:id="rId9"><w:r><w:t>site</w:t></w:r></w:hyperlink></w:p>');
    expect(inspectTemplate(realLink)).toEqual({ not_bulk: ['name'], groups: {} });
    const split = withParts('', '<w:p><w:r><w:fldChar w:fldCharType="begin"/></w:r><w:r><w:instrText> INCLUDE</w:instrText></w:r>'
      + '<w:r><w:instrText>TEXT "file:///etc/passwd"</w:instrText></w:r><w:r><w:fldChar w:fldCharType="end"/></w:r></w:p>');
    expect(() => inspectTemplate(split)).toThrow('INCLUDETEXT field');
    expect(() => inspectTemplate(withParts('', `<w:p><w:fldSimple w:instr='INCLUDEPICTURE "http://10.0.0.5/x.png"'/></w:p>`))).toThrow('INCLUDEPICTURE field');
  });

  it('fills fields and repeats groups; a value not given prints empty, never "undefined"', () => {
    const filled = docxText(renderDocx(INVOICE, {
      customer: 'Budi & Sons', items: [{ item: 'Kopi', qty: 2, price: 15000 }, { item: 'Teh', qty: 1 }], paid: false, dueDate: '1 Des',
    }));
    expect(filled).toBe([
      'Invoice for Budi & Sons, ',
      'Kopi: 2 × 15000',
      'Teh: 1 × ',
      'Due on 1 Des',
      'Signed Budi & Sons',
    ].join('\n'));
    expect(filled).not.toContain('undefined');
    expect(docxText(renderDocx(INVOICE, {}))).toBe('Invoice for , \nDue on \nSigned');
  });

  it('keeps line breaks of a value as line breaks', () => {
    const rendered = renderDocx(buildDocx(['{address}']), { address: 'Jl. Merdeka 1\nJakarta' });
    expect(new PizZip(rendered).file('word/document.xml')?.asText()).toContain('Jl. Merdeka 1</w:t></w:r><w:r><w:br/>');
  });
});
