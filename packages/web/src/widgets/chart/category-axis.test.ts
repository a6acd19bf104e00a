import { describe, expect, it } from 'vitest';
import { categoryAxisLayout } from './category-axis';

/** Seven pixels a letter: the labels' font, near enough. */
const measure = (text: string) => text.length * 7;
const PRODUCTS = ['Beras Pandan Wangi 5 kg', 'Minyak Goreng 2 L', 'Gula Pasir 1 kg', 'Kopi Bubuk 200 g', 'Teh Celup isi 25', 'Susu UHT 1 L', 'Sabun Mandi', 'Deterjen 800 g', 'Mie Instan Goreng', 'Kecap Manis 520 ml'];

describe("a bar chart's category labels", () => {
  it('lie flat when each fits its bar', () => {
    expect(categoryAxisLayout(['Label 1', 'Label 2', 'Label 3'], 600, 60, measure)).toMatchObject({ angle: 0, interval: 0, shown: ['Label 1', 'Label 2', 'Label 3'] });
  });

  it('tilt, every one drawn, when they do not; long ones shortened with …', () => {
    for (const plotWidth of [540, 270]) {
      const layout = categoryAxisLayout(PRODUCTS, plotWidth, 60, measure);
      expect(layout).toMatchObject({ angle: -40, interval: 0 });
      expect(layout.shown).toHaveLength(PRODUCTS.length);
      layout.shown.forEach((shown, i) => expect(shown === PRODUCTS[i] || (shown.endsWith('…') && PRODUCTS[i]?.startsWith(shown.slice(0, -1)))).toBe(true));
    }
    // A narrow chart shortens sooner: its labels take height from the bars.
    const [narrow, wide] = [270, 540].map((width) => categoryAxisLayout(PRODUCTS, width, 60, measure).shown[0] ?? '');
    expect([narrow, wide]).toEqual(['Beras Pandan W…', 'Beras Pandan Wang…']);
  });

  it('leave room on the left for the first tilted label', () => {
    const layout = categoryAxisLayout(PRODUCTS, 270, 10, measure);
    const first = measure(layout.shown[0] ?? '') * Math.cos((40 * Math.PI) / 180);
    expect(10 + layout.marginLeft + 270 / PRODUCTS.length / 2).toBeGreaterThanOrEqual(first);
  });

  it('stand upright, then skip labels, only when bars are narrower than a line', () => {
    const many = Array.from({ length: 21 }, (_, i) => `Item ${i + 1}`);
    expect(categoryAxisLayout(many, 21 * 16, 60, measure)).toMatchObject({ angle: -90, interval: 0 });
    expect(categoryAxisLayout(many, 21 * 8, 60, measure)).toMatchObject({ angle: -90, interval: 1 });
  });
});
