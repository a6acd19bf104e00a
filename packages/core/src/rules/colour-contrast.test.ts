import { describe, expect, it } from 'vitest';
import { ALERT_COLORS } from './data-widgets';
import { contrastRatio, darkenToContrast, parseHexColour, readableTextOn, relativeLuminance, TEXT_CONTRAST } from './colour-contrast';

describe('colour contrast (WCAG 2.x)', () => {
  it('measures the ratios WCAG tools publish', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(contrastRatio('#ffffff', '#ffffff')).toBe(1);
    // The greys every contrast checker quotes: #767676 is the lightest that passes on white.
    expect(contrastRatio('#767676', '#ffffff')).toBeCloseTo(4.54, 2);
    expect(contrastRatio('#777777', '#fff')).toBeCloseTo(4.48, 2);
    // Mantine's defaults the issue names: dimmed text and the filled blue button.
    expect(contrastRatio('#868e96', '#ffffff')).toBeCloseTo(3.32, 2);
    expect(contrastRatio('#ffffff', '#228be6')).toBeCloseTo(3.56, 2);
  });

  it('reads #rgb and #rrggbb only', () => {
    expect(parseHexColour('#0af')).toEqual([0, 170, 255]);
    expect(parseHexColour(' #00AAFF ')).toEqual([0, 170, 255]);
    expect(parseHexColour('blue')).toBeUndefined();
    expect(parseHexColour('#12345')).toBeUndefined();
    expect(() => relativeLuminance('rgb(0,0,0)')).toThrow(/Not a hex colour/);
  });

  it('darkens a colour only as far as the ratio needs', () => {
    const shade = darkenToContrast('#228be6', '#ffffff', TEXT_CONTRAST);
    expect(contrastRatio(shade, '#ffffff')).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    // As little darker as needed: just over the line, not a jump to a much darker shade.
    expect(contrastRatio(shade, '#ffffff')).toBeLessThan(TEXT_CONTRAST + 0.15);
    expect(darkenToContrast('#495057', '#ffffff', TEXT_CONTRAST)).toBe('#495057');
    expect(darkenToContrast('#ffffff', '#ffffff', TEXT_CONTRAST)).not.toBe('#ffffff');
  });

  it('finds the very shade a step-by-step search finds, for any colour, ground and ratio', () => {
    // The plain search it replaced: every 1% towards black, the first that reaches the ratio.
    const stepByStep = (colour: string, background: string, ratio: number) => {
      const channels = parseHexColour(colour) as [number, number, number];
      for (let step = 0; step <= 100; step += 1) {
        const shade = `#${channels.map((c) => Math.round(c * (1 - step / 100)).toString(16).padStart(2, '0')).join('')}`;
        if (contrastRatio(shade, background) >= ratio) return shade;
      }
      return '#000000';
    };
    // A fixed seed: the same 3,000 cases every run, pale and dark grounds, lighter and darker colours.
    let seed = 42;
    const random = () => { seed = (seed * 1103515245 + 12345) % 2 ** 31; return seed / 2 ** 31; };
    const hex = () => `#${Math.floor(random() * 0x1000000).toString(16).padStart(6, '0')}`;
    for (let i = 0; i < 3000; i++) {
      const [colour, background, ratio] = [hex(), i % 3 === 0 ? '#f1f3f5' : hex(), [3, 4.5, 5.2, 7, 21][i % 5] as number];
      expect(darkenToContrast(colour, background, ratio), `${colour} on ${background} at ${ratio}`).toBe(stepByStep(colour, background, ratio));
    }
  });

  it('picks black or white text, whichever reads on a colour the specification fixes', () => {
    // The alert's colours (spec 3): white on them is 2.9:1 and 3.9:1; black passes on both.
    for (const colour of Object.values(ALERT_COLORS)) {
      expect(contrastRatio(readableTextOn(colour), colour)).toBeGreaterThanOrEqual(TEXT_CONTRAST);
    }
    expect(readableTextOn('#1c72bd')).toBe('#ffffff');
  });
});
