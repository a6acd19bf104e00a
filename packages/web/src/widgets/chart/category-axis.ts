/**
 * How a bar chart's category labels fit under its bars. A chart library's default drops labels that
 * would overlap, so a reader cannot tell which bar is which; here every label is drawn: flat
 * when all fit their bar's width, else tilted, long ones shortened with '…' (the tick shows the
 * full name on hover), upright when even tilted ones would touch, and only past that (more bars
 * than the width has lines for) every second or third one.
 */

export const LABEL_FONT_SIZE = 12;
/** Pixels between two labels' baselines for them to read apart. */
const LINE = LABEL_FONT_SIZE + 3;
/** The longest a label is drawn, in pixels, before it is shortened: less on a narrow chart, whose labels take height from its bars. */
const maxLabelWidth = (plotWidth: number) => Math.min(130, Math.max(70, plotWidth * 0.4));
const TILTED = -40;
const UPRIGHT = -90;
const FLAT_HEIGHT = 30;
/** The margin around the plot, which the labels may need more of on the left. */
export const CHART_MARGIN = 5;

export interface CategoryAxisLayout {
  /** Degrees the labels turn: 0, or negative (down to the left of their bar). */
  angle: number;
  /** Labels skipped between two drawn ones (0: all are drawn). */
  interval: number;
  /** Pixels the labels take under the plot. */
  height: number;
  /** The chart's left margin: room for the first labels, tilted to the left. */
  marginLeft: number;
  /** Each label as drawn, in the data's order: whole, or shortened with '…'. */
  shown: string[];
}

/** The label cut to at most `max` pixels, ending in '…'. */
function shorten(label: string, max: number, measure: (text: string) => number): string {
  let kept = label.length;
  while (kept > 1 && measure(`${label.slice(0, kept).trimEnd()}…`) > max) kept--;
  return `${label.slice(0, kept).trimEnd()}…`;
}

/**
 * Where the labels go for a plot `plotWidth` pixels wide starting `leftOfPlot` pixels into the
 * chart (the value axis's width); `measure` gives a text's width in the labels' font.
 */
export function categoryAxisLayout(labels: readonly string[], plotWidth: number, leftOfPlot: number, measure: (text: string) => number): CategoryAxisLayout {
  const slot = plotWidth / Math.max(labels.length, 1);
  const widths = labels.map(measure);
  if (widths.every((width) => width <= slot - 6)) return { angle: 0, interval: 0, height: FLAT_HEIGHT, marginLeft: CHART_MARGIN, shown: [...labels] };

  const max = maxLabelWidth(plotWidth);
  const shown = labels.map((label, i) => ((widths[i] ?? 0) <= max ? label : shorten(label, max, measure)));
  const shownWidths = shown.map(measure);
  const tiltedApart = slot * Math.sin((-TILTED * Math.PI) / 180);
  const angle = tiltedApart >= LINE ? TILTED : UPRIGHT;
  const interval = angle === UPRIGHT && slot < LINE ? Math.ceil(LINE / slot) - 1 : 0;
  const radians = (-angle * Math.PI) / 180;
  const height = Math.ceil(Math.max(0, ...shownWidths) * Math.sin(radians) + LABEL_FONT_SIZE * Math.cos(radians)) + 10;
  // A tilted label ends at its bar's middle and reaches left: the first ones may need room past the value axis.
  const reach = Math.max(0, ...shownWidths.map((width, i) => width * Math.cos(radians) - slot * (i + 0.5)));
  const marginLeft = Math.max(CHART_MARGIN, Math.ceil(reach - leftOfPlot) + 4);
  return { angle, interval, height, marginLeft, shown };
}

let canvas: CanvasRenderingContext2D | null | undefined;
/** A text's width in pixels in the labels' font (the page's font family), measured on a canvas. */
export function measureLabel(text: string): number {
  if (canvas === undefined) {
    canvas = document.createElement('canvas').getContext('2d');
    if (canvas !== null) canvas.font = `${LABEL_FONT_SIZE}px ${getComputedStyle(document.body).fontFamily}`;
  }
  // Without a canvas, an average letter's width.
  return canvas === null ? text.length * LABEL_FONT_SIZE * 0.6 : canvas.measureText(text).width;
}
