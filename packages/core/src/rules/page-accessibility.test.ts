import { describe, expect, it } from 'vitest';
import { type Component, createComponent } from '../widgets/registry';
import { contrastRatio } from './colour-contrast';
import { componentAccessibilityWarnings, pageAccessibilityWarnings, withAccessibilityFix } from './page-accessibility';

const unlabelled = (type: Parameters<typeof createComponent>[0], id: string): Component => createComponent(type, id, '');

describe('componentAccessibilityWarnings', () => {
  it('warns of every form widget whose label is left empty, and fixes it with its name', () => {
    for (const type of ['input', 'textarea', 'dropdown', 'radio', 'checkbox', 'toggle', 'datetime', 'fileupload', 'address', 'school', 'qrcodeReader'] as const) {
      const component = unlabelled(type, `field_${type}`);
      const [warning, ...more] = componentAccessibilityWarnings(component);
      expect(more, type).toEqual([]);
      expect(warning?.rule, type).toBe('empty-label');
      expect(withAccessibilityFix(component, warning!).title, type).toBe(`field_${type}`);
    }
  });

  it('leaves labelled fields, blank-titled buttons and tables alone', () => {
    expect(componentAccessibilityWarnings(createComponent('input', 'nama', 'Nama'))).toEqual([]);
    // A label of spaces only is no label.
    expect(componentAccessibilityWarnings(createComponent('input', 'nama', '   '))).toHaveLength(1);
    expect(componentAccessibilityWarnings(unlabelled('table', 'rows'))).toEqual([]);
    expect(componentAccessibilityWarnings(unlabelled('card', 'box'))).toEqual([]);
  });

  it('warns of a text colour below 4.5:1 on white and offers the nearest darker shade that passes', () => {
    const text = { ...createComponent('text', 'judul', 'Judul'), color: '#777777' };
    const [warning] = componentAccessibilityWarnings(text);
    expect(warning?.rule).toBe('low-contrast');
    expect(warning?.message.values?.ratio).toBe('4.48');
    const fixed = withAccessibilityFix(text, warning!);
    expect(fixed.color).toBe('#767676');
    expect(contrastRatio(fixed.color as string, '#fff')).toBeGreaterThanOrEqual(4.5);
    expect(componentAccessibilityWarnings(fixed)).toEqual([]);
    expect(componentAccessibilityWarnings({ ...text, color: '' })).toEqual([]);
    expect(componentAccessibilityWarnings({ ...text, color: '#333' })).toEqual([]);
  });
});

describe('pageAccessibilityWarnings', () => {
  it('lists the components with warnings by id, inside cards too', () => {
    const card = { ...createComponent('card', 'box', 'Box'), children: [unlabelled('input', 'inner')] };
    const page = [createComponent('input', 'ok', 'Ok'), unlabelled('textarea', 'note'), card];
    const warnings = pageAccessibilityWarnings(page);
    expect([...warnings.keys()]).toEqual(['note', 'inner']);
  });
});
