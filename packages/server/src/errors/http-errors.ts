/** An error whose message is safe to show to the caller, with the HTTP status to answer. */
export class HttpError extends Error {
  /** `details` follow the message in the answer's error list. */
  constructor(readonly statusCode: number, message: string, readonly details: string[] = []) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message: string) => new HttpError(401, message);
export const forbidden = (message: string) => new HttpError(403, message);
export const notFound = (message: string) => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);

