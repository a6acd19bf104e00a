import { describe, expect, it } from 'vitest';
import { extractionRunsActions, PdfTemplateFieldsSchema } from './pdf-templates';

describe('the PDF extractor rules', () => {
  it('runs actions only when more than 10 % of the mapped fields have a value, at least one', () => {
    const ten = Array.from({ length: 10 }, (_, n) => `f${n}`);
    expect(extractionRunsActions(ten, { f0: 'x' })).toBe(false);
    expect(extractionRunsActions(ten, { f0: 'x', f1: 'y' })).toBe(true);
    expect(extractionRunsActions(['a'], { a: '  ' })).toBe(false);
    expect(extractionRunsActions(['a'], { a: 'v' })).toBe(true);
    expect(extractionRunsActions([], {})).toBe(false);
    expect(extractionRunsActions(['a', 'b'], { c: 'v' })).toBe(false);
  });

  it('checks the fields: valid patterns, names of their own', () => {
    expect(PdfTemplateFieldsSchema.safeParse([{ name: 'a', source: 'pattern', pattern: 'Total:\\s*(\\d+)' }]).success).toBe(true);
    expect(PdfTemplateFieldsSchema.safeParse([{ name: 'a', source: 'pattern', pattern: '(' }]).success).toBe(false);
    expect(PdfTemplateFieldsSchema.safeParse([{ name: '1a', source: 'form', formField: 'x' }]).success).toBe(false);
    expect(PdfTemplateFieldsSchema.safeParse([
      { name: 'a', source: 'form', formField: 'x' }, { name: 'a', source: 'box', page: 1, x: 0, y: 0, width: 1, height: 1 },
    ]).success).toBe(false);
  });
});
