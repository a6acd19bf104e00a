import { afterEach, describe, expect, it } from 'vitest';
import type { TextParts } from '../i18n/catalog';
import { localiseParts } from '../i18n/translate';
import {
  ENVIRONMENT_STEP,
  isValidWorkflowParameter,
  parseTemplate,
  resolveParameters,
  resolveReference,
  resolveTemplate,
  TEMPLATE_LIMITS,
  templateErrors,
  templatePaths,
  templateReferences,
  templateReferenceText,
  type StepOutputs,
} from './workflow-templates';

const outputs: StepOutputs = new Map<number, unknown>([
  [0, { userId: '0812', amount: 25, tags: ['a', 'b'] }],
  [1, { field: ['first', 'second'], rows: [{ name: 'Ana', age: 31, address: { city: 'Solo' } }, { name: 'Budi', age: null }], count: 2, ok: false }],
  [2, [[1, 2], [3, 4]]],
  [3, 'plain text'],
  [4, 7],
]);

/** A refusal as the specification's catalog words it. */
const inSpec = (parts: TextParts): string => localiseParts('spec', parts);
const refusalOf = (result: { ok: boolean; error?: TextParts }): string => (result.error === undefined ? 'no refusal' : inSpec(result.error));

function resolved(text: string, from: StepOutputs = outputs): unknown {
  const result = resolveTemplate(text, from);
  if (!result.ok) throw new Error(inSpec(result.error));
  return result.value;
}

function refused(text: string, from: StepOutputs = outputs): string {
  const result = resolveTemplate(text, from);
  if (result.ok) throw new Error(`resolved to ${JSON.stringify(result.value)}`);
  return inSpec(result.error);
}

describe('parseTemplate', () => {
  it('splits text into literal parts and references with their paths and places', () => {
    const parsed = parseTemplate('Hi {{$1.field[0]}}, {{$0}}!');
    expect(parsed).toEqual({
      ok: true,
      parts: [
        { kind: 'text', text: 'Hi ' },
        { kind: 'reference', reference: { step: 1, path: ['field', 0], text: '{{$1.field[0]}}', start: 3, end: 18 } },
        { kind: 'text', text: ', ' },
        { kind: 'reference', reference: { step: 0, path: [], text: '{{$0}}', start: 20, end: 26 } },
        { kind: 'text', text: '!' },
      ],
      references: [
        { step: 1, path: ['field', 0], text: '{{$1.field[0]}}', start: 3, end: 18 },
        { step: 0, path: [], text: '{{$0}}', start: 20, end: 26 },
      ],
    });
  });

  it('reads nested paths with indexes anywhere', () => {
    expect(templateReferences('{{$12.rows[3].address.city}}{{$2[0][1]}}{{$1.a_b.C9}}').map((r) => [r.step, r.path])).toEqual([
      [12, ['rows', 3, 'address', 'city']],
      [2, [0, 1]],
      [1, ['a_b', 'C9']],
    ]);
  });

  it('leaves what is not a reference as literal text', () => {
    for (const text of ['{{name}}', '{{ $1.a }}', '{{$1.a-b}}', '{{$01.a}}', '{{$1.}}', '{{$1.a[]}}', '{{$1.a[-1]}}', '{{$1.a[01]}}',
      '{{$x}}', '{{$1.a}', '{$1.a}}', '{{$1234567}}', '{{$1.é}}', '{{$1..a}}', '{{$1[0.5]}}', '{{$}}', '$1.a']) {
      expect(parseTemplate(text), text).toEqual({ ok: true, parts: [{ kind: 'text', text }], references: [] });
    }
    expect(parseTemplate('')).toEqual({ ok: true, parts: [], references: [] });
  });

  it('finds a reference right after stray braces', () => {
    expect(templateReferences('{{{$1.a}}}').map((r) => [r.text, r.start])).toEqual([['{{$1.a}}', 1]]);
    expect(templateReferences('{{x {{$2}}').map((r) => r.step)).toEqual([2]);
  });

  it('refuses a text over the length limit, too many references or too long a path', () => {
    const long = 'a'.repeat(TEMPLATE_LIMITS.maxLength + 1);
    expect(parseTemplate('a'.repeat(TEMPLATE_LIMITS.maxLength)).ok).toBe(true);
    expect(refusalOf(parseTemplate(long))).toContain(`at most ${TEMPLATE_LIMITS.maxLength}`);
    expect(parseTemplate('{{$1}}'.repeat(TEMPLATE_LIMITS.maxReferences)).ok).toBe(true);
    expect(refusalOf(parseTemplate('{{$1}}'.repeat(TEMPLATE_LIMITS.maxReferences + 1)))).toContain(`at most ${TEMPLATE_LIMITS.maxReferences} references`);
    expect(parseTemplate(`{{$1${'.a'.repeat(TEMPLATE_LIMITS.maxPathSegments)}}}`).ok).toBe(true);
    expect(refusalOf(parseTemplate(`{{$1${'[0]'.repeat(TEMPLATE_LIMITS.maxPathSegments + 1)}}}`))).toContain('at most 32 fields');
    expect(templateReferences(long)).toEqual([]);
  });

  it('scans hostile texts in linear time', () => {
    const started = Date.now();
    for (const text of [
      '{{$1.a'.repeat(10_000),
      `{{$1${'.a'.repeat(30_000)}`,
      `{{$1${'[0]'.repeat(20_000)}`,
      '{'.repeat(TEMPLATE_LIMITS.maxLength),
      `{{$1${'.a'.repeat(30_000)}}}`,
    ]) {
      parseTemplate(text.slice(0, TEMPLATE_LIMITS.maxLength));
      isValidWorkflowParameter(text.slice(0, TEMPLATE_LIMITS.maxLength));
    }
    expect(Date.now() - started).toBeLessThan(1000);
  });
});

describe('resolveTemplate', () => {
  it('keeps the type of a value when the whole text is one reference', () => {
    expect(resolved('{{$1.count}}')).toBe(2);
    expect(resolved('{{$1.ok}}')).toBe(false);
    expect(resolved('{{$1.rows[1].age}}')).toBeNull();
    expect(resolved('{{$1.rows[0].address}}')).toEqual({ city: 'Solo' });
    expect(resolved('{{$2}}')).toEqual([[1, 2], [3, 4]]);
    expect(resolved('{{$0.amount}}')).toBe(25);
    expect(resolved('{{$4}}')).toBe(7);
  });

  it('writes values into a longer text: strings as they are, objects as JSON, nothing as empty', () => {
    expect(resolved('Dear {{$1.rows[0].name}} ({{$1.rows[0].age}}), from {{$1.rows[0].address.city}}')).toBe('Dear Ana (31), from Solo');
    expect(resolved('first: {{$1.field[0]}}')).toBe('first: first');
    expect(resolved('tags={{$0.tags}} obj={{$1.rows[0].address}} no={{$1.ok}}')).toBe('tags=["a","b"] obj={"city":"Solo"} no=false');
    expect(resolved('[{{$1.rows[1].age}}][{{$1.missing}}][{{$9.a}}]')).toBe('[][][]');
    expect(resolved(' {{$1.count}}')).toBe(' 2');
    expect(resolved('{{$2[1][0]}}{{$2[1][1]}}')).toBe('34');
    expect(resolved('no references')).toBe('no references');
    expect(resolved('')).toBe('');
  });

  it('resolves missing steps and paths to undefined', () => {
    for (const text of ['{{$9}}', '{{$9.a}}', '{{$1.nothing}}', '{{$1.rows[5]}}', '{{$1.rows[0].address.zip}}', '{{$1.field[2]}}',
      '{{$3.length}}', '{{$3[0]}}', '{{$4.toFixed}}', '{{$1.rows.name}}', '{{$2.length}}', '{{$1.count.x}}', '{{$1.rows[1].age.x}}']) {
      expect(resolved(text), text).toBeUndefined();
    }
    expect(resolved('{{$1}}', new Map())).toBeUndefined();
  });

  it('reads lists by index only and objects by field only', () => {
    expect(resolved('{{$1.rows.0}}')).toBeUndefined();
    expect(resolved('{{$0}}', new Map([[0, { 0: 'zero' }]]))).toEqual({ 0: 'zero' });
    expect(resolved('{{$0[0]}}', new Map([[0, { 0: 'zero' }]]))).toBeUndefined();
    expect(resolved('{{$0.0}}', new Map([[0, { 0: 'zero' }]]))).toBe('zero');
    // a hole in a sparse list is no element
    const sparse: number[] = [];
    sparse[0] = 1;
    sparse[2] = 3;
    expect(resolved('{{$0[1]}}', new Map([[0, sparse]]))).toBeUndefined();
    expect(resolved('{{$0[2]}}', new Map([[0, sparse]]))).toBe(3);
  });

  it('reads unicode values and keys reached through word fields', () => {
    const from = new Map<number, unknown>([[1, { nama: 'Ümit Çelik 😀', kota: ['東京'] }]]);
    expect(resolved('Halo {{$1.nama}} di {{$1.kota[0]}}', from)).toBe('Halo Ümit Çelik 😀 di 東京');
    expect(resolved('{{$1.nama}}', from)).toBe('Ümit Çelik 😀');
  });

  it('never calls a getter, never reads inherited properties, never walks class instances', () => {
    let called = false;
    const withGetter = Object.defineProperty({}, 'secret', { get: () => { called = true; return 'leak'; }, enumerable: true });
    const inherited = Object.create({ parentField: 'inherited' }) as object;
    class Holder { field = 'in a class'; }
    const from = new Map<number, unknown>([[1, withGetter], [2, inherited], [3, new Holder()], [4, new Date(0)], [5, new Map([['a', 1]])]]);
    expect(resolved('{{$1.secret}}', from)).toBeUndefined();
    expect(called).toBe(false);
    expect(resolved('{{$2.parentField}}', from)).toBeUndefined();
    expect(resolved('{{$2.toString}}', from)).toBeUndefined();
    expect(resolved('{{$3.field}}', from)).toBeUndefined();
    expect(resolved('{{$4.getTime}}', from)).toBeUndefined();
    expect(resolved('{{$5.a}}', from)).toBeUndefined();
    expect(resolved('{{$1.hasOwnProperty}} {{$1.valueOf}}', from)).toBe(' ');
    expect(resolved('{{$0.x}}', new Map([[0, Object.assign(Object.create(null) as object, { x: 'null prototype' })]]))).toBe('null prototype');
  });

  describe('hostile paths', () => {
    afterEach(() => {
      expect(({} as Record<string, unknown>).polluted).toBeUndefined();
      expect(Object.prototype).not.toHaveProperty('polluted');
      expect(Object.prototype.toString.call({})).toBe('[object Object]');
    });

    it('never reads or writes a prototype', () => {
      const parsedJson: unknown = JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}, "prototype": 1}');
      const from = new Map<number, unknown>([[1, parsedJson], [2, {}], [3, []], [4, 'text'], [5, () => 1]]);
      for (const text of ['{{$1.__proto__.polluted}}', '{{$1.__proto__}}', '{{$1.constructor.prototype}}', '{{$1.constructor.prototype.polluted}}',
        '{{$1.prototype}}', '{{$2.__proto__.polluted}}', '{{$2.constructor}}', '{{$2.constructor.prototype}}', '{{$3.constructor}}',
        '{{$3.__proto__}}', '{{$4.constructor}}', '{{$5.prototype}}', '{{$5.constructor}}', '{{$1.a.__proto__}}', '{{$0.__proto__}}']) {
        expect(resolved(text, from), text).toBeUndefined();
        expect(resolved(`x${text}`, from), text).toBe('x');
      }
      expect(resolveReference({ step: 1, path: ['__proto__', 'polluted'] }, from)).toBeUndefined();
    });

    it('walks a prototype-named own key of a map of outputs no differently', () => {
      const from = new Map<number, unknown>([[1, { safe: { polluted: 'no' } }]]);
      expect(resolved('{{$1.safe.polluted}}', from)).toBe('no');
    });

    it('refuses these names at build time and marks them Not Valid', () => {
      const forbidden = (reference: string, field: string) => [{ key: 'workflow.template.forbiddenField', values: { reference, field: `'${field}'` } }];
      expect(templateErrors('{{$1.__proto__.polluted}}', [1])).toEqual([forbidden('{{$1.__proto__.polluted}}', '__proto__')]);
      expect(templateErrors('{{$1.constructor.prototype}}', [1])).toEqual([forbidden('{{$1.constructor.prototype}}', 'constructor')]);
      expect(templateErrors('{{$0.a.prototype}}', [])).toEqual([forbidden('{{$0.a.prototype}}', 'prototype')]);
      expect(isValidWorkflowParameter('{{$1.__proto__.polluted}}')).toBe(false);
      expect(isValidWorkflowParameter('{{$1.constructor.prototype}}')).toBe(false);
      expect(isValidWorkflowParameter('{{$1.prototype}}')).toBe(false);
      expect(isValidWorkflowParameter('{{$1.proto}}')).toBe(true);
    });
  });

  it('refuses a text over the limits and a result too long', () => {
    expect(refused('a'.repeat(TEMPLATE_LIMITS.maxLength + 1))).toContain(`at most ${TEMPLATE_LIMITS.maxLength}`);
    expect(refused('{{$0}}'.repeat(TEMPLATE_LIMITS.maxReferences + 1))).toContain('references');
    const big = new Map<number, unknown>([[1, 'x'.repeat(100_000)]]);
    // 256 references to 100 000 characters would be 25.6 million characters
    expect(refused(`a${'{{$1}}'.repeat(TEMPLATE_LIMITS.maxReferences - 1)}`, big)).toContain(`longer than ${TEMPLATE_LIMITS.maxResolvedLength}`);
    expect(resolved(`{{$1}}`, big)).toHaveLength(100_000);
    expect(resolved(`a{{$1}}{{$1}}`, big)).toHaveLength(200_001);
  });

  it('refuses a value that cannot be written as text instead of failing', () => {
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    const from = new Map<number, unknown>([[1, cyclic], [2, { n: 10n, list: [10n] }]]);
    expect(refused('x {{$1}}', from)).toBe('{{$1}}: the value cannot be written as text');
    expect(resolved('{{$1.self.self}}', from)).toBe(cyclic);
    expect(resolved('n={{$2.n}}', from)).toBe('n=10');
    expect(refused('list={{$2.list}}', from)).toContain('cannot be written as text');
  });
});

describe('templateErrors', () => {
  it('accepts references to the trigger and to earlier steps', () => {
    expect(templateErrors('{{$0.userId}} {{$1.field[0]}} {{$2}}', [1, 2])).toEqual([]);
    expect(templateErrors('no references at all', [])).toEqual([]);
    expect(templateErrors('{{$0}}', new Set<number>())).toEqual([]);
  });

  it('names each reference to a step that does not run before this one', () => {
    expect(templateErrors('{{$1.a}} and {{$3.b[0]}} and {{$7}}', new Set([1, 2]))).toEqual([
      [{ key: 'workflow.template.notBefore', values: { reference: '{{$3.b[0]}}', step: '3' } }],
      [{ key: 'workflow.template.notBefore', values: { reference: '{{$7}}', step: '7' } }],
    ]);
  });

  it('accepts one variable of the environment anywhere, and names what is not one (issue 39)', () => {
    expect(templateErrors('Bearer {{$env.API_KEY}} for {{$env.BRANCH}}', [])).toEqual([]);
    expect(templateErrors('{{$env}} {{$env.A.b}} {{$env[0]}}', [])).toEqual(['{{$env}}', '{{$env.A.b}}', '{{$env[0]}}'].map((reference) => (
      [{ key: 'workflow.template.environmentName', values: { reference, example: '{{$env.NAME}}' } }]
    )));
    // Not a reference at all: literal text, as before.
    expect(templateErrors('{{$envy.A}} {{$ENV.A}} {{ $env.A }}', [])).toEqual([]);
  });

  it('reads the environment\'s variables beside the steps\' outputs', () => {
    const outputs = new Map<number, unknown>([[0, { id: 7 }], [ENVIRONMENT_STEP, { BRANCH: 'JKT' }]]);
    expect(resolveTemplate('{{$env.BRANCH}}-{{$0.id}}', outputs)).toEqual({ ok: true, value: 'JKT-7' });
    expect(resolveTemplate('{{$env.MISSING}}', outputs)).toEqual({ ok: true, value: undefined });
    expect(resolveTemplate('{{$env.BRANCH}}', new Map())).toEqual({ ok: true, value: undefined });
  });

  it('reports a text the parser refuses', () => {
    expect(templateErrors('{{$1}}'.repeat(TEMPLATE_LIMITS.maxReferences + 1), [1])).toEqual([
      [{ key: 'workflow.template.tooManyReferences', values: { max: String(TEMPLATE_LIMITS.maxReferences) } }],
    ]);
  });
});

describe('templateReferenceText', () => {
  it('writes the reference Insert From Template inserts, which parses back to itself', () => {
    expect(templateReferenceText(1, ['field', 0])).toBe('{{$1.field[0]}}');
    expect(templateReferenceText(0)).toBe('{{$0}}');
    expect(templateReferenceText(3, ['rows', 2, 'address', 'city'])).toBe('{{$3.rows[2].address.city}}');
    const text = templateReferenceText(12, [0, 'a_b', 4]);
    expect(templateReferences(text)).toEqual([{ step: 12, path: [0, 'a_b', 4], text, start: 0, end: text.length }]);
  });

  it('throws on what no reference can say', () => {
    expect(() => templateReferenceText(-1)).toThrow(RangeError);
    expect(() => templateReferenceText(1.5)).toThrow(RangeError);
    expect(() => templateReferenceText(1_000_000)).toThrow(RangeError);
    expect(() => templateReferenceText(1, ['a-b'])).toThrow(RangeError);
    expect(() => templateReferenceText(1, [''])).toThrow(RangeError);
    expect(() => templateReferenceText(1, ['__proto__'])).toThrow(RangeError);
    expect(() => templateReferenceText(1, [-1])).toThrow(RangeError);
    expect(() => templateReferenceText(1, Array.from({ length: TEMPLATE_LIMITS.maxPathSegments + 1 }, () => 'a'))).toThrow(RangeError);
  });
});

describe('isValidWorkflowParameter (spec 1 §5)', () => {
  it('is Not Valid when empty', () => {
    expect(isValidWorkflowParameter('')).toBe(false);
  });

  it.each([
    ['word characters', 'abc_XYZ_09'],
    ['unicode word characters', 'Café Ümit 東京 naïve'],
    ['whitespace', 'a b\tc\nd'],
    ['only whitespace', '   '],
    ['parentheses', '(a)'],
    ['dots', 'a.b.'],
    ['commas', 'a,b,'],
    ['single quotes', "'a'"],
    ['double quotes', '"a"'],
    ['hyphens', 'a-b--c'],
    ['a reference with a field and an index (the spec example)', '{{$1.field[0]}}'],
    ['a reference with dotted fields', '{{$2.rows.name}}'],
    ['the trigger input', '{{$0.userId}}'],
    ['a whole output', '{{$3}}'],
    ['indexes anywhere', '{{$1[0].a[2][3]}}'],
    ['references among allowed text', "Name no, ('{{$1.name}}', \"{{$2.rows[0].id}}\") - {{$0.x}}."],
    ['adjacent references', '{{$1.a}}{{$2.b}}'],
  ])('is Valid: %s', (_label, text) => {
    expect(isValidWorkflowParameter(text)).toBe(true);
  });

  it.each([
    ['colon', 'a:b'], ['semicolon', 'a;b'], ['slash', 'a/b'], ['backslash', 'a\\b'], ['at sign', 'a@b'], ['hash', '#1'],
    ['exclamation mark', 'hi!'], ['question mark', 'why?'], ['equals', 'a=b'], ['plus', 'a+b'], ['asterisk', 'a*b'],
    ['ampersand', 'a&b'], ['percent', '5%'], ['caret', 'a^b'], ['tilde', '~a'], ['pipe', 'a|b'], ['less than', 'a<b'],
    ['greater than', 'a>b'], ['backtick', '`a`'], ['square brackets', 'a[0]'], ['braces', '{a}'], ['dollar sign', '$1'],
    ['a URL', 'https://example.com'], ['a JSON object', '{"a": 1}'], ['an emoji', 'hi 😀'], ['a currency sign', '€5'],
    ['typographic quotes', '“a”'], ['an en dash', 'a–b'], ['a control character', 'a\u0000b'],
    ['a global placeholder', '{{name}}'], ['spaces inside the braces', '{{ $1.a }}'], ['a hyphen in a field', '{{$1.a-b}}'],
    ['a missing field after a dot', '{{$1.}}'], ['an empty index', '{{$1.a[]}}'], ['a negative index', '{{$1.a[-1]}}'],
    ['a leading zero', '{{$01.a}}'], ['no step number', '{{$.a}}'], ['single braces', '{$1.a}'], ['an unclosed reference', '{{$1.a'],
    ['a stray closing brace after a reference', '{{$1.a}}}'], ['a refused text', '{{$1}}'.repeat(TEMPLATE_LIMITS.maxReferences + 1)],
    ['a text over the length limit', 'a'.repeat(TEMPLATE_LIMITS.maxLength + 1)],
  ])('is Not Valid: %s', (_label, text) => {
    expect(isValidWorkflowParameter(text)).toBe(false);
  });

  it('agrees with the resolver: a Valid text always resolves', () => {
    for (const text of ['{{$1.field[0]}}', "a ('{{$1.rows[0].name}}')", '{{$1.nothing}}-x']) {
      expect(isValidWorkflowParameter(text)).toBe(true);
      expect(resolveTemplate(text, outputs).ok).toBe(true);
    }
  });
});

describe('resolveParameters', () => {
  it('fills in every parameter, keeping the type of whole references', () => {
    expect(resolveParameters({ id: '{{$1.rows[0].age}}', note: 'for {{$0.userId}}', fixed: 'x' }, outputs)).toEqual({
      ok: true,
      values: { id: 31, note: 'for 0812', fixed: 'x' },
    });
    expect(resolveParameters({}, outputs)).toEqual({ ok: true, values: {} });
  });

  it('keeps a parameter named __proto__ an own value, never a prototype', () => {
    const params = JSON.parse('{"__proto__": "{{$1.count}}", "polluted": "{{$1.ok}}"}') as Record<string, string>;
    const result = resolveParameters(params, outputs);
    expect(result.ok && Object.getPrototypeOf(result.values)).toBe(Object.prototype);
    expect(result.ok && Object.getOwnPropertyDescriptor(result.values, '__proto__')?.value).toBe(2);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('lists every refusal with the parameter it belongs to', () => {
    const long = 'a'.repeat(TEMPLATE_LIMITS.maxLength + 1);
    const result = resolveParameters({ a: '{{$1}}', body: long, b: `x${'{{$1}}'.repeat(TEMPLATE_LIMITS.maxReferences + 1)}` }, outputs);
    expect(result.ok ? [] : result.errors.map(inSpec)).toEqual([
      expect.stringMatching(/^body: The text is 65537 characters long/), expect.stringMatching(/^b: A template may hold at most 256 references$/),
    ]);
    // In Indonesian, each reader's own words; the parameter's name as the author wrote it.
    expect(result.ok ? [] : localiseParts('id', result.errors[1] ?? [])).toBe('b: Templat paling banyak memuat 256 rujukan');
  });
});

describe('templatePaths', () => {
  it('lists the paths into a sample output, a list by its first element', () => {
    expect(templatePaths({ rows: [{ id: 1, tags: ['x'] }, { other: 2 }], count: 2 })).toEqual([
      [], ['rows'], ['rows', 0], ['rows', 0, 'id'], ['rows', 0, 'tags'], ['rows', 0, 'tags', 0], ['count'],
    ]);
    expect(templatePaths('text')).toEqual([[]]);
    expect(templatePaths([])).toEqual([[]]);
    expect(templatePaths(undefined)).toEqual([[]]);
  });

  it('leaves out names no reference can say and what is not plain data', () => {
    const sample = JSON.parse('{"__proto__": {"a": 1}, "constructor": 1, "first-name": "x", "é": 1, "ok_1": 1}') as unknown;
    expect(templatePaths(sample)).toEqual([[], ['ok_1']]);
    let called = false;
    const withGetter = Object.defineProperty({ a: 1 }, 'secret', { get: () => { called = true; return 1; }, enumerable: true });
    expect(templatePaths(withGetter)).toEqual([[], ['a'], ['secret']]);
    expect(called).toBe(false);
    expect(templatePaths(new Date(0))).toEqual([[]]);
  });

  it('every path it lists makes a reference that resolves to the same place', () => {
    const sample = { rows: [{ id: 7, address: { city: 'Solo' } }], count: 2 };
    for (const path of templatePaths(sample)) {
      const text = templateReferenceText(1, path);
      expect(isValidWorkflowParameter(text)).toBe(true);
      expect(resolved(text, new Map([[1, sample]]))).toBeDefined();
    }
  });

  it('stops at the limit and at the deepest path a reference may take', () => {
    const wide = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`f${i}`, i]));
    expect(templatePaths(wide)).toHaveLength(200);
    expect(templatePaths(wide, 5)).toHaveLength(5);
    let deep: unknown = 'leaf';
    for (let i = 0; i < 100; i += 1) deep = [deep];
    const paths = templatePaths(deep);
    expect(paths).toHaveLength(TEMPLATE_LIMITS.maxPathSegments + 1);
    expect(paths.at(-1)).toHaveLength(TEMPLATE_LIMITS.maxPathSegments);
  });
});
