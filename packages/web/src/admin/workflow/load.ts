import { type ApiAnswer, firstError } from '../../api/client';

/**
 * The data of a successful answer for a query; a failed one becomes the query's error, the
 * server's first text or `failure` (a whole sentence of the catalogs, 'The runs could not be loaded').
 */
export function loaded<T>(answer: ApiAnswer<T>, failure: string): T {
  if (!answer.status || answer.data === undefined) throw new Error(firstError(answer, failure));
  return answer.data;
}
