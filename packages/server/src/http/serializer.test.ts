import { type AnyCall, calls, FILE_ANSWER, successEnvelopeOf, tableCalls } from '@rakit/core';
import Fastify from 'fastify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { jsonWriterOf, serializerCompiler } from './serializer';

/** What zod's encode writes for `data`: the answer before compiled writers. */
const viaZod = (schema: z.ZodType, data: unknown) => zodSerializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never)(data);

describe('answers written by compiled JSON writers', () => {
  it('compiles the answer of every call of the API, none failing', () => {
    const envelopes = (Object.values(calls) as AnyCall[]).filter((call) => call.data !== FILE_ANSWER).map((call) => successEnvelopeOf(call));
    expect(envelopes.length).toBeGreaterThan(100);
    for (const envelope of envelopes) expect(jsonWriterOf(envelope)).toBeTypeOf('function');
  });

  it('writes only the fields a contract names, as zod stripped them', () => {
    const schema = z.object({ status: z.literal(true), data: z.array(z.object({ userId: z.string(), name: z.string().nullable() })) });
    const answer = { status: true, data: [{ userId: 'ani', name: null, passwordHash: '$argon2id$secret', sessionKey: 'k' }], debug: 'x' };
    const written = (jsonWriterOf(schema) as (d: unknown) => string)(answer);
    expect(JSON.parse(written)).toEqual({ status: true, data: [{ userId: 'ani', name: null }] });
    expect(written).not.toContain('secret');
    expect(JSON.parse(written)).toEqual(JSON.parse(viaZod(schema, answer)));
  });

  it('writes a table page as zod did: rows with every column, escapes, nulls and the optional fields', () => {
    const envelope = successEnvelopeOf(tableCalls.loadTableContent);
    const rows = [
      { id: 1, note: 'barang "langka"\n\u00e9\u{1F600} </script>', price: 12.5, at: '2026-11-28 09:00:00', empty: null, big: '9007199254740993' },
      { id: 2, note: '', price: -0, at: null, empty: null, big: '1' },
      // What drivers may hand over in a row: a JSON column's value, a Date, bytes.
      { id: 3, meta: { tags: ['a', 1, null], nested: { ok: true } }, when: new Date('2026-11-28T09:00:00.000Z'), bytes: Buffer.from('hi') },
    ];
    const page = {
      count: 2, countCapped: false, pageCount: 1, page: 1, limit: 20, columns: [{ label: 'Note', field: 'note' }], primaryKey: 'id',
      possibleFilters: [{ field: 'city', column: 'city', type: 'select', options: ['Bandung', null, 3] }], filteredResult: rows,
    };
    for (const answer of [
      { status: true, data: [page] },
      { status: true, data: [{ ...page, cursors: { first: { key: 1 }, last: { key: 2, sortValue: 'x' } }, searchWholeWords: true }] },
    ]) {
      const written = (jsonWriterOf(envelope) as (d: unknown) => string)(answer);
      expect(JSON.parse(written)).toEqual(JSON.parse(viaZod(envelope, answer)));
      expect(JSON.parse(written).data[0].filteredResult).toEqual(JSON.parse(JSON.stringify(rows)));
    }
  });

  it('fails an answer that lacks a field its contract requires, rather than writing half of it', () => {
    const writer = jsonWriterOf(z.object({ status: z.literal(true), data: z.object({ appId: z.number().int() }) })) as (d: unknown) => string;
    expect(() => writer({ status: true, data: {} })).toThrow(/appId/);
  });

  it('leaves to zod an answer whose schema changes values on the way out (a codec)', () => {
    const schema = z.object({
      at: z.codec(z.iso.datetime(), z.date(), { decode: (text) => new Date(text), encode: (date) => date.toISOString() }),
    });
    expect(jsonWriterOf(schema)).toBeUndefined();
    const write = serializerCompiler({ schema, method: 'GET', url: '/x', httpStatus: '200' } as never);
    expect(write({ at: new Date('2026-11-28T09:00:00.000Z'), extra: 1 })).toBe('{"at":"2026-11-28T09:00:00.000Z"}');
  });

  it('serves the answers of a Fastify route through the contract\'s schema', async () => {
    const app = Fastify();
    app.setSerializerCompiler(serializerCompiler);
    const response = { 200: z.object({ status: z.literal(true), data: z.object({ name: z.string() }) }) };
    app.get('/who', { schema: { response } }, async () => ({ status: true, data: { name: 'Ani', token: 'hidden' } }));
    const answer = await app.inject({ method: 'GET', url: '/who' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ status: true, data: { name: 'Ani' } });
    await app.close();
  });
});
