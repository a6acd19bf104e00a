/**
 * WCAG 2.x colour contrast (issue 34): the relative luminance of an sRGB colour, the contrast
 * ratio of two colours, and the darker shade of a colour that reaches a ratio. The builder's
 * theme and the editor's checks of an author's colours both read them, so both judge alike.
 */

/** AA for normal text (1.4.3). */
export const TEXT_CONTRAST = 4.5;
/** AA for large text, and for the parts of controls and graphics a user must see (1.4.11). */
export const NON_TEXT_CONTRAST = 3;

const HEX_COLOUR = /^#([0-9a-f]{3}|[0-9a-f]{6})$/i;

/** `#rgb` or `#rrggbb` as three 0-255 channels; undefined for anything else. */
export function parseHexColour(colour: string): [number, number, number] | undefined {
  const match = HEX_COLOUR.exec(colour.trim());
  if (match === null) return undefined;
  const hex = (match[1] as string).length === 3 ? [...(match[1] as string)].map((c) => c + c).join('') : match[1] as string;
  const value = Number.parseInt(hex, 16);
  return [(value >> 16) & 255, (value >> 8) & 255, value & 255];
}

const toHex = (channels: readonly number[]): string => `#${channels.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

function channelLuminance(channel: number): number {
  const c = channel / 255;
  return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
}

/** The relative luminance WCAG defines (0 for black, 1 for white). */
export function relativeLuminance(colour: string): number {
  const channels = parseHexColour(colour);
  if (channels === undefined) throw new Error(`Not a hex colour: ${colour}`);
  const [r, g, b] = channels.map(channelLuminance) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** The contrast ratio of two colours, 1 to 21, whichever is lighter. */
export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * The colour mixed towards black in the smallest step (of 1%) that reaches `ratio` against
 * `background`: the same hue, as little darker as needed. A colour that already passes is
 * answered as it is (lower-cased, six digits).
 */
export function darkenToContrast(colour: string, background: string, ratio: number): string {
  const channels = parseHexColour(colour);
  if (channels === undefined) throw new Error(`Not a hex colour: ${colour}`);
  const shadeAt = (step: number) => toHex(channels.map((c) => c * (1 - step / 100)));
  if (contrastRatio(colour, background) >= ratio) return shadeAt(0);
  // Darkening only lowers the shade's luminance: its contrast falls while it is lighter than the
  // background and rises once it is darker. So "darker than the background and reaching the
  // ratio" is false up to some step and true after it: the first such step is found by halving
  // (7 tries, not up to 100; the app's theme runs this 70 times as it starts on a phone).
  const groundLuminance = relativeLuminance(background);
  const reaches = (step: number) => {
    const shade = shadeAt(step);
    return relativeLuminance(shade) <= groundLuminance && contrastRatio(shade, background) >= ratio;
  };
  if (!reaches(100)) return '#000000';
  let [low, high] = [0, 100];
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (reaches(middle)) high = middle;
    else low = middle;
  }
  return shadeAt(high);
}

/** Black or white, whichever reads better on `background` (a spec colour an author cannot change). */
export const readableTextOn = (background: string): '#000000' | '#ffffff' =>
  contrastRatio('#000000', background) >= contrastRatio('#ffffff', background) ? '#000000' : '#ffffff';
