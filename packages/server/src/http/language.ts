import { LANGUAGE_HEADER, type Language, languageFromAcceptLanguage, LanguageSchema, DEFAULT_LANGUAGE } from '@rakit/core';
import type { FastifyRequest } from 'fastify';

/**
 * The language a request is answered in (issue 35): the catalog the browser shows (it sends its
 * reader's choice in `x-rakit-language`), else what Accept-Language prefers of Indonesian and
 * English (another program calling the API), else the specification's.
 */
export function requestLanguage(request: Pick<FastifyRequest, 'headers'>): Language {
  const chosen = LanguageSchema.safeParse(request.headers[LANGUAGE_HEADER]);
  if (chosen.success) return chosen.data;
  return languageFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}
