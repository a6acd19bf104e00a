import type { FastifySchemaCompiler } from 'fastify';
import { z } from 'zod';

/** The key fastify-type-provider-zod marks its validation items with (hasZodFastifySchemaValidationErrors reads it). */
const ZOD_VALIDATION_ITEM = Symbol.for('ZodFastifySchemaValidationError');
const indonesian = z.locales.id().localeError;

/** What a validation item carries besides zod's English text: the same issue in Indonesian (issue 35). */
export interface ValidationItemParams {
  messageIn?: { id?: string };
}

/**
 * fastify-type-provider-zod's validator, with each refusal's text in Indonesian as well: a failed
 * body is parsed again with zod's Indonesian messages (a schema's own message wins over them, as it
 * does over the English ones), so the error handler can answer in the caller's language, which the
 * compiler does not know. Only a refused input is parsed twice.
 */
export const localisedValidatorCompiler: FastifySchemaCompiler<z.ZodType> = ({ schema }) => (data) => {
  const result = schema.safeParse(data);
  if (result.success) return { value: result.data };
  const again = schema.safeParse(data, { error: indonesian });
  const inIndonesian = again.success ? [] : again.error.issues;
  const items = result.error.issues.map((issue, index) => {
    const path = issue.path.map(String).join('/');
    const params: ValidationItemParams = { messageIn: { id: inIndonesian[index]?.message } };
    return { [ZOD_VALIDATION_ITEM]: true, keyword: issue.code, instancePath: `/${path}`, schemaPath: `#/${path}/${issue.code}`, message: issue.message, params };
  });
  // Fastify reads `error` as the list of validation items, as the library's own compiler answers it.
  return { error: items as unknown as Error };
};
