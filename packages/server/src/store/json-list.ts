import type { z } from 'zod';

/**
 * A list kept as JSON in a column (a webhook's input fields, a form's fields): the items that
 * still read as `schema`; one that no longer does (a kind renamed since) is left out.
 */
export const validItemsOf = <T>(text: string, schema: z.ZodType<T>): T[] =>
  (JSON.parse(text) as unknown[]).flatMap((item) => {
    const parsed = schema.safeParse(item);
    return parsed.success ? [parsed.data] : [];
  });
