import { z } from 'zod';
import {
  MAX_TEMPLATE_BYTES, PrintAppQuerySchema, PrintPdfBodySchema, PrintTemplateSchema, TemplateNameSchema,
} from '../schemas/print';
import { CREATED_OR_SAVED, defineCall, lazyCalls } from './contract';

/** A file answered as JSON: its bytes in base64, their type and name (exports and prints). */
export const BlobFileSchema = z.object({ buffer: z.string(), mimetype: z.string(), filename: z.string() });
export type BlobFile = z.infer<typeof BlobFileSchema>;

/**
 * Print templates and printing (spec 2 "Print configuration", §7 GET /print/listTemplates;
 * spec 3 §7 POST /print/blob/pdf/{document}). Administrators of an application upload and
 * delete its .docx templates; its members list them and print with them. The calls that take
 * ?appId= fall back to the application the caller signed in to, so the print rule (not the
 * contract) finds their application.
 */
export const printCalls = lazyCalls(() => ({
  listTemplates: defineCall({
    method: 'GET', path: '/print/listTemplates', tag: 'print',
    summary: 'The print templates of an application (members)',
    description: 'appId defaults to the application the caller signed in to. '
      + 'Each: templateFilename (the `document` to print with), identifier {not_bulk, groups}, options.',
    query: PrintAppQuerySchema,
    data: z.array(PrintTemplateSchema),
    access: { level: 'signedIn' },
  }),
  uploadTemplate: defineCall({
    method: 'POST', path: '/print/uploadTemplate', tag: 'print',
    summary: 'Upload a .docx print template (multipart field "file"; administrators of the application)',
    description: `At most ${MAX_TEMPLATE_BYTES} bytes. Its {field} and {#group}…{/group} tags are read on upload; `
      + 'a template of the same name in the application is replaced (200; a new one 201).',
    query: PrintAppQuerySchema,
    multipart: true,
    data: PrintTemplateSchema,
    successCode: CREATED_OR_SAVED,
    access: { level: 'signedIn' },
  }),
  deleteTemplate: defineCall({
    method: 'DELETE', path: '/print/deleteTemplate/:templateId', tag: 'print',
    summary: 'Delete a print template (administrators of its application)',
    params: z.object({ templateId: z.uuid() }),
    data: z.object({ templateId: z.string() }),
    access: { level: 'appAdmin', app: { entity: 'template', id: (input) => input.params.templateId } },
  }),
  printPdf: defineCall({
    method: 'POST', path: '/print/blob/pdf/:document', tag: 'print',
    summary: 'Fill a print template with data and answer it as a PDF, base64 in the answer (members)',
    description: 'document: a templateFilename of GET /print/listTemplates; appId defaults to the application the caller signed in to. '
      + 'data: the fields by name, each group a list of items ({field: value}). Fields without a value print empty. '
      + 'Answers data = { buffer (base64), mimetype, filename }; 503 when LibreOffice is not installed on the server.',
    params: z.object({ document: TemplateNameSchema }),
    query: PrintAppQuerySchema,
    body: PrintPdfBodySchema,
    data: BlobFileSchema,
    access: { level: 'signedIn' },
  }),
}));

// The stored things of this area a call's application is found from (contract.ts).
declare module './contract' {
  interface AppEntities {
    /** A print template, by its id. */
    template: true;
  }
}
