import {
  createTheme, type CSSVariablesResolver, DEFAULT_THEME, Drawer, type MantineColorsTuple, type MantineThemeColors, Modal, Notification, TableScrollContainer,
} from '@mantine/core';
import { contrastRatio, darkenToContrast, NON_TEXT_CONTRAST, TEXT_CONTRAST } from '@rakit/core';

/**
 * The builder's and the applications' one theme (issue 34). Mantine's default palettes put
 * white on its filled blue at 3.56:1 and its dimmed grey at 3.32:1 on white; WCAG AA needs 4.5:1
 * for text. The colours are mended here, once, so every component that uses a theme colour
 * passes, instead of screen by screen.
 */

const { gray } = DEFAULT_THEME.colors;
/** The palest grounds text sits on are white, the page's ground (gray 0) and striped rows (gray 1). */
export const PALEST_GROUND = gray[1];

/**
 * Contrast each strong shade (6 to 9) keeps against the pale grounds. Shade 6 is the filled,
 * outline and text colour (and white text on it); shade 9 is the light variant's text, drawn on
 * the colour's own shades 1 (ground) and 2 (hover).
 */
const STRONG_SHADE_CONTRAST = [TEXT_CONTRAST, 5.2, 6, 7] as const;

/** A Mantine palette with shades 6-9 darkened as little as AA needs; the pale shades 0-5 kept. */
export function accessiblePalette(palette: MantineColorsTuple): MantineColorsTuple {
  const shades: string[] = [...palette];
  STRONG_SHADE_CONTRAST.forEach((target, index) => {
    const shade = 6 + index;
    // Never lighter than the shade below it: hover and pressed states go darker.
    const floor = Math.max(target, contrastRatio(shades[shade - 1] as string, PALEST_GROUND));
    shades[shade] = darkenToContrast(palette[shade] as string, PALEST_GROUND, floor);
  });
  shades[9] = darkenToContrast(shades[9] as string, shades[2] as string, TEXT_CONTRAST);
  return shades as unknown as MantineColorsTuple;
}

/** Every palette but `dark` (the dark scheme's greys, which Rakit does not offer) mended. */
export const accessibleColours = Object.fromEntries(
  Object.entries(DEFAULT_THEME.colors).map(([name, palette]) => [name, name === 'dark' ? palette : accessiblePalette(palette)]),
) as MantineThemeColors;

/**
 * The border of a control (an input, a checkbox, a radio, a switch's track): WCAG 1.4.11 asks
 * 3:1 for what shows where a control is. Mantine draws them in gray 4 (1.49:1 on white).
 */
export const CONTROL_BORDER = darkenToContrast(gray[4], PALEST_GROUND, NON_TEXT_CONTRAST);

/** Placeholders are read as text, so they meet 4.5:1 too (Mantine's gray 5 is 2.07:1). */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: { '--rakit-control-border': CONTROL_BORDER },
  light: { '--mantine-color-placeholder': 'var(--mantine-color-gray-6)' },
  dark: {},
});

// Dialogs' and toasts' close icons are named for assistive technology.
const closeButtonProps = { 'aria-label': 'Close' };
// A dialog's title bar is Mantine's <header>: outside main it would be a second banner landmark.
const dialogParts = { closeButtonProps, attributes: { header: { role: 'none' } } };

export const theme = createTheme({
  colors: accessibleColours,
  primaryColor: 'blue',
  defaultRadius: 'md',
  // An author's own colour on a filled control (a button's hex) gets dark or light text by its
  // luminance; the theme's filled shades all take white.
  autoContrast: true,
  // A person whose system asks for less motion (vestibular disorders; WCAG 2.3.3) gets dialogs,
  // menus and toasts that appear and go at once, without sliding or fading.
  respectReducedMotion: true,
  components: {
    Modal: Modal.extend({ defaultProps: dialogParts }),
    Drawer: Drawer.extend({ defaultProps: dialogParts }),
    Notification: Notification.extend({ defaultProps: { closeButtonProps } }),
    // A table wider than a phone scrolls sideways: its viewport takes focus so arrow keys scroll it (2.1.1).
    TableScrollContainer: TableScrollContainer.extend({ defaultProps: { scrollAreaProps: { viewportProps: { tabIndex: 0 } } } }),
  },
});

export { cssVariablesResolver };
