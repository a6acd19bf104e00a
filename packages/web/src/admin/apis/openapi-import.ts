import { MAX_OPENAPI_BYTES, type OpenApiOperation } from '@rakit/core';

/*
 * The OpenAPI import's rules on this side (issue 40): what a document may weigh before it is
 * sent, which operations are already endpoints of the API, and the name each chosen one is
 * saved under, unique among the API's endpoints as the server holds them (apis/endpoints.ts:
 * names compared without case).
 */

/** The longest endpoint name the server takes (core's ApiEndpointDraftSchema). */
const ENDPOINT_NAME_MAX = 100;

/** A name as the server compares it with its siblings'. */
export const nameKey = (name: string): string => name.trim().toLowerCase();

/** The document's size in megabytes, one decimal, as the too-large message says it. */
export const megabytes = (bytes: number): number => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** The most megabytes an import reads. */
export const MAX_OPENAPI_MB = megabytes(MAX_OPENAPI_BYTES);

/** Whether a pasted or read text is over what the server reads (in UTF-8 bytes, as it is sent). */
export const tooLarge = (text: string): boolean => text.length > MAX_OPENAPI_BYTES || new TextEncoder().encode(text).length > MAX_OPENAPI_BYTES;

/**
 * `name` if no name in `taken` (lower-cased keys, see nameKey) is the same, otherwise the first
 * of `name (2)`, `name (3)`, … that is free, the name shortened so the whole stays within what
 * the server takes.
 */
export function uniqueName(name: string, taken: ReadonlySet<string>): string {
  const base = name.trim().slice(0, ENDPOINT_NAME_MAX);
  if (!taken.has(nameKey(base))) return base;
  for (let number = 2; ; number += 1) {
    const suffix = ` (${number})`;
    const candidate = `${base.slice(0, ENDPOINT_NAME_MAX - suffix.length).trimEnd()}${suffix}`;
    if (!taken.has(nameKey(candidate))) return candidate;
  }
}

/** Whether an operation's endpoint is already one of the API's (by its name, as drafted). */
export const isTaken = (operation: OpenApiOperation, taken: ReadonlySet<string>): boolean => taken.has(nameKey(operation.draft.name));
