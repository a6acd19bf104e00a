import { MAX_OPENAPI_BYTES } from '@rakit/core';
import { describe, expect, it } from 'vitest';
import { MAX_OPENAPI_MB, megabytes, nameKey, tooLarge, uniqueName } from './openapi-import';

describe('the OpenAPI import\'s names and sizes', () => {
  it('keeps a free name and numbers a taken one, compared without case as the server does', () => {
    const taken = new Set(['list orders', 'get order', 'get order (2)'].map(nameKey));
    expect(uniqueName('createOrder', taken)).toBe('createOrder');
    expect(uniqueName('List Orders', taken)).toBe('List Orders (2)');
    expect(uniqueName('get order', taken)).toBe('get order (3)');
  });

  it('shortens a long taken name so the numbered one stays within 100 characters', () => {
    const long = 'x'.repeat(100);
    const named = uniqueName(long, new Set([nameKey(long)]));
    expect(named).toHaveLength(100);
    expect(named.endsWith('x (2)')).toBe(true);
  });

  it('measures a document in UTF-8 bytes, as it is sent', () => {
    expect(MAX_OPENAPI_MB).toBe(2);
    expect(megabytes(2.46 * 1024 * 1024)).toBe(2.5);
    expect(tooLarge('a'.repeat(MAX_OPENAPI_BYTES))).toBe(false);
    expect(tooLarge('a'.repeat(MAX_OPENAPI_BYTES + 1))).toBe(true);
    // Within the characters, over the bytes: é is two bytes in UTF-8.
    expect(tooLarge('é'.repeat(MAX_OPENAPI_BYTES / 2 + 1))).toBe(true);
  });
});
