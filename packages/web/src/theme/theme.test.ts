import { readFileSync } from 'node:fs';
import { DEFAULT_THEME } from '@mantine/core';
import { contrastRatio, NON_TEXT_CONTRAST, TEXT_CONTRAST } from '@rakit/core';
import { describe, expect, it } from 'vitest';
import { accessibleColours, CONTROL_BORDER, PALEST_GROUND } from './theme';

const WHITE = '#ffffff';
const palettes = Object.entries(accessibleColours).filter(([name]) => name !== 'dark').map(([name, shades]) => [name, [...shades]] as [string, string[]]);

describe('the theme meets WCAG AA contrast (issue 34)', () => {
  it.each(palettes)('%s: filled, outline and text shades read on white and the pale grounds, white reads on them', (_name, shades) => {
    for (const ground of [WHITE, DEFAULT_THEME.colors.gray[0], PALEST_GROUND]) {
      for (const shade of [6, 7, 8, 9]) expect(contrastRatio(shades[shade]!, ground)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
  });

  it.each(palettes)('%s: the light variant\'s text (shade 9) reads on its ground and hover (shades 1, 2)', (_name, shades) => {
    expect(contrastRatio(shades[9]!, shades[1]!)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    expect(contrastRatio(shades[9]!, shades[2]!)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
  });

  it.each(palettes)('%s: darker shades stay darker (hover and pressed states)', (_name, shades) => {
    for (const shade of [6, 7, 8]) {
      expect(contrastRatio(shades[shade + 1]!, WHITE)).toBeGreaterThanOrEqual(contrastRatio(shades[shade]!, WHITE));
    }
  });

  it('keeps the pale shades Mantine draws grounds with', () => {
    expect(accessibleColours.blue.slice(0, 6)).toEqual(DEFAULT_THEME.colors.blue.slice(0, 6));
  });

  it('draws controls\' borders at 3:1', () => {
    expect(contrastRatio(CONTROL_BORDER, DEFAULT_THEME.colors.gray[0])).toBeGreaterThanOrEqual(NON_TEXT_CONTRAST);
  });

  it('paints the server\'s first drawing (index.html) in the theme\'s colours', () => {
    const html = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');
    const colourOf = (rule: string, property: string) => new RegExp(`\\.${rule} \\{[^}]*?[; ]${property}: (#[0-9a-f]{3,6})`, 'i').exec(html)?.[1];
    expect(colourOf('rk-first-title', 'color')).toBe(accessibleColours.blue[7]);
    expect(colourOf('rk-first-subtitle', 'color')).toBe(accessibleColours.gray[6]);
    expect(colourOf('rk-first-button', 'background')).toBe(accessibleColours.blue[6]);
    expect(html).toContain(`border: 1px solid ${CONTROL_BORDER};`);
  });
});
