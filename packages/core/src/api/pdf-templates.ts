import { z } from 'zod';
import { baseRevisionField, revisionField } from '../schemas/revision';
import { defineCall, FILE_ANSWER, lazyCalls } from './contract';

/** The PDF extractor's upload limit (spec 3 §5): a file of this many bytes or more is refused. */
export const MAX_PDF_EXTRACT_BYTES = 1_024_000;
export const PDF_TOO_LARGE_MESSAGE = 'File size have to less than 1 MB';

/** A field's name: what the widget's mapping and its actions' params read. */
export const PdfFieldNameSchema = z.string().trim().regex(/^[A-Za-z_][A-Za-z0-9_]{0,63}$/, 'A field name is a letter or _ then letters, digits or _ (at most 64)');

function isRegExp(pattern: string): boolean {
  try {
    new RegExp(pattern, 'u');
    return true;
  } catch {
    return false;
  }
}

/** Where a field's value is read from in the uploaded PDF. */
export const PdfTemplateFieldSchema = z.discriminatedUnion('source', [
  /** The value of an AcroForm field, by its full name. */
  z.object({ name: PdfFieldNameSchema, source: z.literal('form'), formField: z.string().min(1).max(200) }),
  /**
   * The text matched by a regular expression (Unicode, case-insensitive) over the text of the
   * pages: its first capture group when it has one, else the whole match.
   */
  z.object({
    name: PdfFieldNameSchema, source: z.literal('pattern'),
    pattern: z.string().min(1).max(500).refine(isRegExp, 'The pattern is not a valid regular expression'),
  }),
  /** The text inside a box on a page, in PDF points from the page's top-left corner. */
  z.object({
    name: PdfFieldNameSchema, source: z.literal('box'),
    page: z.number().int().min(1).max(100),
    x: z.number().min(0).max(20_000), y: z.number().min(0).max(20_000),
    width: z.number().positive().max(20_000), height: z.number().positive().max(20_000),
  }),
]);
export type PdfTemplateField = z.infer<typeof PdfTemplateFieldSchema>;

export const PdfTemplateFieldsSchema = z.array(PdfTemplateFieldSchema).max(100)
  .refine((fields) => new Set(fields.map((f) => f.name)).size === fields.length, 'Each field needs its own name');

export const PdfTemplateNameSchema = z.string().trim().min(1, 'Name the template').max(100);

/** A template as listed (spec 3 §3 Template: templateId, templateName). */
export const PdfTemplateSummarySchema = z.object({
  templateId: z.number().int(),
  templateName: z.string(),
  fieldCount: z.number().int(),
  pageCount: z.number().int(),
  updatedAt: z.string(),
  ...revisionField,
});
export type PdfTemplateSummary = z.infer<typeof PdfTemplateSummarySchema>;

/** A page of the sample PDF, its size in points (what box fields are measured in). */
export const PdfPageSizeSchema = z.object({ width: z.number(), height: z.number() });

export const PdfTemplateSchema = PdfTemplateSummarySchema.extend({
  fields: z.array(PdfTemplateFieldSchema),
  pages: z.array(PdfPageSizeSchema),
  /** The AcroForm field names found in the sample, to pick from. */
  formFields: z.array(z.string()),
});
export type PdfTemplate = z.infer<typeof PdfTemplateSchema>;

/** The values extracted, by field name ('' when a field was not found). */
export const PdfExtractionSchema = z.record(z.string(), z.string());

const templateParams = z.object({ id: z.coerce.number().int().positive() });
const appQuery = z.object({ appId: z.coerce.number({ error: 'Name the application: appId' }).int().positive() });

/**
 * Extraction templates of the PDF extractor (spec 3 §7 GET /file/getTemplateList, GET
 * /file/getTemplateField/{id}, POST /file/extractTemplate/{id}; the calls that make and edit
 * them are ours). A template is a sample PDF and its fields; members extract with it,
 * administrators of its application make and edit it.
 */
export const pdfTemplateCalls = lazyCalls(() => ({
  getTemplateList: defineCall({
    method: 'GET', path: '/file/getTemplateList', tag: 'pdf templates',
    summary: 'The PDF extraction templates of an application (members)',
    query: appQuery,
    data: z.array(PdfTemplateSummarySchema),
    access: { level: 'member', app: { entity: 'app', id: (input) => input.query.appId } },
  }),
  getTemplateField: defineCall({
    method: 'GET', path: '/file/getTemplateField/:id', tag: 'pdf templates',
    summary: 'A PDF extraction template with its fields, the sample\'s page sizes and form field names (members)',
    params: templateParams,
    data: PdfTemplateSchema,
    access: { level: 'member', app: { entity: 'pdfTemplate', id: (input) => input.params.id } },
  }),
  extractTemplate: defineCall({
    method: 'POST', path: '/file/extractTemplate/:id', tag: 'pdf templates',
    summary: 'Extract a template\'s fields from an uploaded PDF (multipart field "file"; members)',
    description: `Under ${MAX_PDF_EXTRACT_BYTES} bytes. data: the value of each field by name ('' when not found); `
      + 'error: what could not be found. A PDF that cannot be read (not a PDF, encrypted, too many pages, too slow) is answered 422.',
    params: templateParams,
    multipart: true,
    data: PdfExtractionSchema,
    extra: { error: z.array(z.string()) },
    access: { level: 'member', app: { entity: 'pdfTemplate', id: (input) => input.params.id } },
  }),
  getPdfTemplateSample: defineCall({
    method: 'GET', path: '/file/templateSample/:id', tag: 'pdf templates',
    summary: 'The sample PDF of an extraction template (administrators of its application, to draw boxes on)',
    params: templateParams,
    data: FILE_ANSWER,
    access: { level: 'appAdmin', app: { entity: 'pdfTemplate', id: (input) => input.params.id } },
  }),
  createPdfTemplate: defineCall({
    method: 'POST', path: '/file/template', tag: 'pdf templates',
    summary: 'Make an extraction template from a sample PDF (multipart field "file"; administrators)',
    description: `The sample is under ${MAX_PDF_EXTRACT_BYTES} bytes and must be readable; the template starts with no fields and is named after the file.`,
    query: appQuery,
    multipart: true,
    data: PdfTemplateSchema,
    successCode: 201,
    access: { level: 'appAdmin', app: { entity: 'app', id: (input) => input.query.appId } },
  }),
  savePdfTemplate: defineCall({
    method: 'PUT', path: '/file/template/:id', tag: 'pdf templates',
    summary: 'Rename an extraction template and set its fields (administrators)',
    description: 'A save naming the revision it was based on is refused (409, with the template as stored now) once another has saved it since.',
    params: templateParams,
    body: z.object({ templateName: PdfTemplateNameSchema, fields: PdfTemplateFieldsSchema, ...baseRevisionField }),
    data: PdfTemplateSchema,
    conflict: PdfTemplateSchema,
    access: { level: 'appAdmin', app: { entity: 'pdfTemplate', id: (input) => input.params.id } },
  }),
  deletePdfTemplate: defineCall({
    method: 'DELETE', path: '/file/template/:id', tag: 'pdf templates',
    summary: 'Delete an extraction template and its sample (administrators)',
    params: templateParams,
    data: z.object({ templateId: z.number().int() }),
    access: { level: 'appAdmin', app: { entity: 'pdfTemplate', id: (input) => input.params.id } },
  }),
}));


/** The failure notices of the PDF extractor start so (spec 3 §4, issue 14). */
export const PDF_FAILURE_PREFIX = 'Failed !';

/**
 * Whether the extractor's actions run with what was extracted (spec 3 §5): more than 10 % of
 * the mapped fields have a value, and at least one does.
 */
export function extractionRunsActions(mapped: readonly string[], values: Readonly<Record<string, string>>): boolean {
  if (mapped.length === 0) return false;
  const filled = mapped.filter((name) => (values[name] ?? '').trim() !== '').length;
  return filled > 0 && filled / mapped.length > 0.1;
}

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A PDF extraction template, by its id. */
    pdfTemplate: true;
  }
}
