import { z } from 'zod';
import { ValueSourceSchema } from './actions';

/**
 * Printing table rows into DOCX templates (spec 2 "Print configuration", "Print template";
 * spec 3 §7 POST /print/blob/pdf/{document}). A template's fields are `not_bulk` (filled once)
 * or belong to a repeat group (filled once per item); the mapping UI writes a group's field as
 * group@field.
 */

/** What a template asks for (spec 2 "Print template": identifier). */
export const PrintIdentifierSchema = z.object({
  not_bulk: z.array(z.string()),
  groups: z.record(z.string(), z.array(z.string())),
});
export type PrintIdentifier = z.infer<typeof PrintIdentifierSchema>;

/** A template's options: the name the printed PDF gets (the template's own name when empty). */
export const PrintOptionsSchema = z.looseObject({
  filename: z.string().max(200).optional(),
});
export type PrintOptions = z.infer<typeof PrintOptionsSchema>;

/** One entry of GET /print/listTemplates. */
export const PrintTemplateSchema = z.object({
  templateId: z.string(),
  templateFilename: z.string(),
  identifier: PrintIdentifierSchema,
  options: PrintOptionsSchema,
  size: z.number().int(),
  createdAt: z.string(),
});
export type PrintTemplate = z.infer<typeof PrintTemplateSchema>;

/** Template names: what a path parameter carries (Fastify's limit is 100), no control characters. */
export const MAX_TEMPLATE_NAME = 100;
export const TemplateNameSchema = z.string().min(1).max(MAX_TEMPLATE_NAME).regex(/^[^\p{Cc}]+$/u, 'A template name may not hold control characters')
  // A file name, never a path: it names a file in a folder (an upload, `npx rakit export`, a repository).
  .refine((name) => !/[/\\]/.test(name) && name !== '.' && name !== '..', 'A template name is a file name, without / or \\');

/** The largest template accepted: Word files with a logo or two stay well below it. */
export const MAX_TEMPLATE_BYTES = 5 * 1024 * 1024;

/** The most rows one print takes (a repeat group holds one item per printed row): longer lists are refused. */
export const MAX_PRINT_ITEMS = 1000;
/** The largest body (JSON, in bytes) of POST /print/blob/pdf/{document}. */
export const MAX_PRINT_BODY_BYTES = 1024 * 1024;

const printValue = z.union([z.string().max(20_000), z.number(), z.boolean(), z.null()]);
/** One item of a repeat group: its fields by name. */
const printItem = z.record(z.string().max(200), printValue);

/** The values a print fills in: fields by name; a group's items as a list under the group's name. */
export const PrintDataSchema = z.record(z.string().min(1).max(200), z.union([printValue, z.array(printItem).max(MAX_PRINT_ITEMS)]));
export type PrintData = z.infer<typeof PrintDataSchema>;

/** POST /print/blob/pdf/{document}: data, optionally options (spec 3 §7). */
export const PrintPdfBodySchema = z.object({
  data: PrintDataSchema.default({}),
  options: PrintOptionsSchema.optional(),
});
export type PrintPdfBody = z.infer<typeof PrintPdfBodySchema>;

/** The application a print call is about; the signed-in application's when omitted. */
export const PrintAppQuerySchema = z.object({ appId: z.coerce.number().int().positive().optional() });

/** One template field mapped to its value: `field` is a not_bulk name, or group@field in bulkMappings. */
export const PrintMappingSchema = ValueSourceSchema.extend({ field: z.string().max(400) });
export type PrintMapping = z.infer<typeof PrintMappingSchema>;

/** A PRINT action's `print` (spec 3 §3): the template's name and the values of its fields. */
export const PrintConfigSchema = z.looseObject({
  document: z.string().max(255).default(''),
  mappings: z.array(PrintMappingSchema).max(500).default([]),
  bulkMappings: z.array(PrintMappingSchema).max(500).default([]),
  options: PrintOptionsSchema.default({}),
});
export type PrintConfig = z.infer<typeof PrintConfigSchema>;
