import { describe, expect, it } from 'vitest';
import {
  answerBodyOf, buildRequestUrl, countBodyPlaceholders, decodeBase64, fillBodyPlaceholders, globalVariablesOf, requestHttpMethod, requestSource,
  resolveSource, responseFileOf, toParamValue, toParamValues, triggerArguments,
} from './action-values';

const values = { nama: 'Siti', umur: 30, kosong: '' };

describe('value sources', () => {
  it('resolves a component, a custom value and the signed-in user', () => {
    expect(resolveSource({ source: 'nama', custom: '' }, values, 'u1')).toBe('Siti');
    expect(resolveSource({ source: '--custom--', custom: 'tetap' }, values, 'u1')).toBe('tetap');
    expect(resolveSource({ source: '--userId--', custom: '' }, values, 'u1')).toBe('u1');
    expect(resolveSource({ source: 'hilang', custom: '' }, values, 'u1')).toBeNull();
    expect(resolveSource(requestSource({ value: '--custom--', customValue: 'x' }), values, 'u1')).toBe('x');
  });

  it('resolves a variable from the page\'s plain variables only, never from a page value of that name (issue 39)', () => {
    const variable = { source: '--variable--', custom: 'BRANCH' };
    expect(resolveSource(variable, { ...values, BRANCH: 'forged', '--variable--': 'forged' }, 'u1')).toBeNull();
    expect(resolveSource(variable, values, 'u1', { BRANCH: 'JKT' })).toBe('JKT');
    expect(resolveSource(variable, values, 'u1', { OTHER: 'x' })).toBeNull();
    expect(resolveSource({ source: '--variable--', custom: 'toString' }, values, 'u1', {})).toBeNull();
    expect(resolveSource(requestSource({ value: '--variable--', customValue: 'BRANCH' }), values, 'u1', { BRANCH: 'JKT' })).toBe('JKT');
  });

  it('turns page values into bound parameters', () => {
    expect(toParamValue(undefined)).toBeNull();
    expect(toParamValue(true)).toBe(true);
    expect(toParamValue({ a: 1 })).toBe('{"a":1}');
    expect(toParamValue(new Date('2026-01-02T00:00:00Z'))).toBe('2026-01-02T00:00:00.000Z');
    expect(toParamValues({ a: ['x'], b: 2 })).toEqual({ a: '["x"]', b: 2 });
  });

  it('builds the trigger arguments with whitespace-free names', () => {
    expect(triggerArguments([{ name: 'nama lengkap', source: 'nama', custom: '' }, { name: ' ', source: 'umur', custom: '' }, { name: 'oleh', source: '--userId--', custom: '' }], values, 'u1'))
      .toEqual({ namalengkap: 'Siti', oleh: 'u1' });
  });

  it('resolves the GLOBAL action\'s key/value/type list', () => {
    expect(globalVariablesOf([{ name: ' nama ', source: 'nama', custom: '', type: 'once' }, { name: '', source: 'umur', custom: '', type: 'permanent' }], values, 'u1'))
      .toEqual([{ name: 'nama', value: 'Siti', type: 'once' }]);
  });
});

describe('request', () => {
  it('sends UPDATE as PUT', () => {
    expect(requestHttpMethod('UPDATE')).toBe('PUT');
    expect(requestHttpMethod('POST')).toBe('POST');
  });

  it('fills body placeholders in order, as JSON outside strings and as text inside them', () => {
    expect(fillBodyPlaceholders('{"nama": ?, "umur": ?, "x": ?}', ['Siti "S"', 30])).toBe('{"nama": "Siti \\"S\\"", "umur": 30, "x": null}');
    expect(fillBodyPlaceholders('{"salam": "Halo ?, apa kabar?", "q": "tanya\\"?"}', ['Siti', 'ya', 'z'])).toBe('{"salam": "Halo Siti, apa kabarya", "q": "tanya\\"z"}');
    expect(JSON.parse(fillBodyPlaceholders('{"a": ?}', [{ b: [1] }]))).toEqual({ a: { b: [1] } });
    expect(countBodyPlaceholders('{"salam": "Halo ?", "umur": ?}')).toBe(2);
  });

  it('puts path parameters into the URL or its query string', () => {
    expect(buildRequestUrl('https://api.example.com/users/{id}/orders/:order', [{ name: 'id', value: 'a b' }, { name: 'order', value: 7 }]))
      .toBe('https://api.example.com/users/a%20b/orders/7');
    expect(buildRequestUrl('https://x.test/cari?x=1#top', [{ name: 'q', value: 'kota&desa' }, { name: '', value: 'z' }])).toBe('https://x.test/cari?x=1&q=kota%26desa#top');
    expect(buildRequestUrl(' https://x.test/a ', [])).toBe('https://x.test/a');
    expect(buildRequestUrl('https://x.test/:idx', [{ name: 'id', value: 1 }])).toBe('https://x.test/:idx?id=1');
  });

  it('recognises a file answer with base64 or byte-list buffers', () => {
    expect(responseFileOf({ mimetype: 'application/pdf', filename: 'a.pdf', buffer: 'SGFsbw==' })).toEqual({ mimetype: 'application/pdf', filename: 'a.pdf', bytes: Uint8Array.from([72, 97, 108, 111]) });
    expect(responseFileOf({ data: { mimetype: 'text/html', filename: 'r.html', buffer: { type: 'Buffer', data: [104, 105] } } })?.bytes).toEqual(Uint8Array.from([104, 105]));
    expect(responseFileOf({ mimetype: 'text/plain', filename: 'a.txt', buffer: [300] })).toBeNull();
    expect(responseFileOf({ status: true, data: [{ id: 1 }] })).toBeNull();
    expect(responseFileOf('text')).toBeNull();
  });

  it('decodes base64 in its forms', () => {
    const text = (bytes: Uint8Array | null) => (bytes === null ? null : String.fromCharCode(...bytes));
    expect(text(decodeBase64('UmFraXQ'))).toBe('Rakit');
    expect(text(decodeBase64('data:text/plain;base64,UmFr aXQ='))).toBe('Rakit');
    expect(decodeBase64('-_8')).toEqual(Uint8Array.from([251, 255]));
    expect(decodeBase64('not base64!')).toBeNull();
    expect(decodeBase64('A')).toBeNull();
  });
});

describe('an answer\'s body', () => {
  it('is the parsed JSON, the text when it is not JSON, null when empty', () => {
    expect(answerBodyOf('{"a":[1,2]}')).toEqual({ a: [1, 2] });
    expect(answerBodyOf('42')).toBe(42);
    expect(answerBodyOf('plain words')).toBe('plain words');
    expect(answerBodyOf('')).toBeNull();
  });

  it('stays text when it nests deeper than anything may walk', () => {
    const deep = `{"a":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    expect(answerBodyOf(deep)).toBe(deep);
  });
});
