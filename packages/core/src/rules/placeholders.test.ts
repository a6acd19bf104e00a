import { describe, expect, it } from 'vitest';
import { placeholderNames, substitutePlaceholders } from './placeholders';

describe('substitutePlaceholders', () => {
  const globals = { name: 'Ana', count: 3, ok: false, $api: { data: [{ city: 'Solo' }] }, raw: '{"a":{"b":7}}' };

  it('replaces the user marker and global variables', () => {
    expect(substitutePlaceholders('Hello {{name}} (--userId--)', { userId: '0812', globals })).toBe('Hello Ana (0812)');
    expect(substitutePlaceholders('{{ name }} has {{count}} / {{ok}}', { globals })).toBe('Ana has 3 / false');
    expect(substitutePlaceholders('--userId----userId--', { userId: 'u', globals })).toBe('uu');
  });

  it('reaches into objects, lists and JSON text', () => {
    expect(substitutePlaceholders('{{$api.data[0].city}}', { globals })).toBe('Solo');
    expect(substitutePlaceholders('{{$api.data}}', { globals })).toBe('[{"city":"Solo"}]');
    expect(substitutePlaceholders('{{raw.a.b}}', { globals })).toBe('7');
    expect(substitutePlaceholders('{{$api.nothing[3]}}', { globals })).toBe('');
  });

  it('empties unknown variables and a missing user, and leaves other braces alone', () => {
    expect(substitutePlaceholders('[{{missing}}][--userId--]', { globals })).toBe('[][]');
    expect(substitutePlaceholders('{{not a name}} {single} {{toString}}', { globals })).toBe('{{not a name}} {single} ');
  });

  it('lists the variables a text refers to', () => {
    expect(placeholderNames('{{a}} {{ b.c }} {{a}} --userId-- {{$api.data[0]}}')).toEqual(['a', 'b', '$api']);
  });
});
