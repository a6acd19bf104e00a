import { Box, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { chartColor, type ChartPoint, formatNumber, type ValueFormats } from '@rakit/core';
import { AxisBottom, AxisLeft, type TickRendererProps } from '@visx/axis';
import { GridRows } from '@visx/grid';
import { Group as SvgGroup } from '@visx/group';
import { scaleBand, scaleLinear } from '@visx/scale';
import { Bar, Pie } from '@visx/shape';
import { TooltipWithBounds, useTooltip } from '@visx/tooltip';
import type { MouseEvent, ReactNode } from 'react';
import { useT } from '../../i18n/LanguageProvider';
import { useValueFormats } from '../shared/use-value-formats';
import { CHART_MARGIN, type CategoryAxisLayout, categoryAxisLayout, LABEL_FONT_SIZE, measureLabel } from './category-axis';

/*
 * The chart's drawing in SVG, with visx's scales, shapes and axes (d3 underneath): a fraction of
 * the code a charting framework brings, which a phone on the member's page parses and runs before
 * the page settles (recharts' chunk was 387 KB).
 */

/** The value axis's width, and the bars' height above the category labels. */
const VALUE_AXIS_WIDTH = 60;
const PLOT_HEIGHT = 230;
const TICK_LENGTH = 6;
/** Room above the plot for half of the top value's label, which is centred on its line. */
const PLOT_TOP = CHART_MARGIN + LABEL_FONT_SIZE / 2;
const PIE_HEIGHT = 260;
const PIE_RADIUS = 100;
/** How far past the slice a pie's value is written. */
const PIE_LABEL_GAP = 16;
const AXIS_COLOR = 'var(--mantine-color-gray-6)';
const LABEL_COLOR = 'var(--mantine-color-gray-7)';

/** A value of the drawing (axis, tooltip, pie label) as its reader writes numbers: 15.000 in Indonesian. */
export const valueText = (value: unknown, formats: ValueFormats): string =>
  (typeof value === 'number' ? formatNumber(value, formats) : String(value ?? ''));

interface PointTip {
  /** Handlers for a bar or slice: pointing at it (or tapping it) shows its label and value. */
  on: (point: ChartPoint) => { onMouseMove: (event: MouseEvent<SVGElement>) => void; onMouseLeave: () => void; onClick: (event: MouseEvent<SVGElement>) => void };
  tip: ReactNode;
}

/** The tooltip over the drawing: the point's label and value, where the pointer is. */
function usePointTip(): PointTip {
  const t = useT();
  const { formats } = useValueFormats();
  const { tooltipOpen, tooltipData, tooltipLeft, tooltipTop, showTooltip, hideTooltip } = useTooltip<ChartPoint>();
  const show = (point: ChartPoint) => (event: MouseEvent<SVGElement>) => {
    const box = (event.currentTarget.ownerSVGElement ?? event.currentTarget).getBoundingClientRect();
    showTooltip({ tooltipData: point, tooltipLeft: event.clientX - box.left, tooltipTop: event.clientY - box.top });
  };
  return {
    on: (point) => ({ onMouseMove: show(point), onClick: show(point), onMouseLeave: hideTooltip }),
    tip: tooltipOpen && tooltipData !== undefined ? (
      <TooltipWithBounds left={tooltipLeft} top={tooltipTop}>
        <Text size="xs" fw={500}>{tooltipData.label}</Text>
        <Text size="xs">{t('datawidgets.chart.value')}: {valueText(tooltipData.value, formats)}</Text>
      </TooltipWithBounds>
    ) : null,
  };
}

/** A category label under its bar, as the layout says; a shortened one shows the full label on hover. */
function CategoryTick({ x, top, full, shown, layout }: { x: number; top: number; full: string; shown: string; layout: CategoryAxisLayout }) {
  const flat = layout.angle === 0;
  return (
    <g transform={`translate(${x},${top})`}>
      {shown === full ? null : <title>{full}</title>}
      <text
        transform={flat ? undefined : `translate(0,4) rotate(${layout.angle})`}
        textAnchor={flat ? 'middle' : 'end'}
        dy={flat ? '0.71em' : '0.35em'}
        fontSize={LABEL_FONT_SIZE}
        fill={LABEL_COLOR}
      >
        {shown}
      </text>
    </g>
  );
}

/** Bars drawn at the width of their box, every one named under it (category-axis.ts). */
export function Bars({ points }: { points: readonly ChartPoint[] }) {
  const { ref, width } = useElementSize();
  const { formats } = useValueFormats();
  const { on, tip } = usePointTip();
  const labels = points.map((p) => p.label);
  const layout = categoryAxisLayout(labels, width - VALUE_AXIS_WIDTH - 2 * CHART_MARGIN, VALUE_AXIS_WIDTH, measureLabel);
  const height = PLOT_HEIGHT + layout.height;
  const left = layout.marginLeft + VALUE_AXIS_WIDTH;
  const plotWidth = Math.max(0, width - left - CHART_MARGIN);
  const plotHeight = PLOT_HEIGHT - PLOT_TOP - CHART_MARGIN;
  const values = points.map((p) => p.value);
  const [low, high] = [Math.min(0, ...values), Math.max(0, ...values)];
  const x = scaleBand<number>({ domain: points.map((_, i) => i), range: [0, plotWidth], paddingInner: 0.1, paddingOuter: 0.05 });
  // All zero: an axis from 0 to 1 rather than a scale of no height.
  const y = scaleLinear<number>({ domain: low === high ? [0, 1] : [low, high], range: [plotHeight, 0], nice: true });
  // Past the width's lines, every (interval + 1)th label is drawn.
  const labelled = points.map((_, i) => i).filter((i) => i % (layout.interval + 1) === 0);
  const tick = ({ x: tickX, y: tickY, formattedValue }: TickRendererProps) => {
    const index = Number(formattedValue);
    // visx hands the label's baseline (the tick's end plus a line); the label is drawn from its top.
    return <CategoryTick x={tickX} top={tickY - LABEL_FONT_SIZE + 2} full={labels[index] ?? ''} shown={layout.shown[index] ?? ''} layout={layout} />;
  };
  return (
    <Box ref={ref} h={height} pos="relative">
      {width === 0 ? null : (
        <svg width={width} height={height}>
          <SvgGroup left={left} top={PLOT_TOP}>
            <GridRows scale={y} width={plotWidth} numTicks={5} stroke="var(--mantine-color-gray-3)" strokeDasharray="3 3" />
            {points.map((point, i) => {
              const top = y(Math.max(point.value, 0));
              return (
                <Bar
                  key={`${point.label}-${i}`} className="chart-bar" x={x(i) ?? 0} y={top} width={x.bandwidth()}
                  height={Math.max(0, y(Math.min(point.value, 0)) - top)} fill={chartColor(i)} {...on(point)}
                />
              );
            })}
            <AxisLeft
              scale={y} numTicks={5} stroke={AXIS_COLOR} tickStroke={AXIS_COLOR} tickLength={TICK_LENGTH}
              tickFormat={(value) => valueText(Number(value), formats)} tickLabelProps={{ fontSize: LABEL_FONT_SIZE, fill: LABEL_COLOR }}
            />
            <AxisBottom
              top={plotHeight} scale={x} tickValues={labelled} tickFormat={(i) => String(i)}
              stroke={AXIS_COLOR} tickStroke={AXIS_COLOR} tickLength={TICK_LENGTH} tickClassName="chart-category-label"
              tickLabelProps={{ fontSize: LABEL_FONT_SIZE }} tickComponent={tick}
            />
          </SvgGroup>
        </svg>
      )}
      {tip}
    </Box>
  );
}

/** A pie of the points in their order, each slice's value written beside it. */
export function PieDrawing({ points }: { points: readonly ChartPoint[] }) {
  const { ref, width } = useElementSize();
  const { formats } = useValueFormats();
  const { on, tip } = usePointTip();
  return (
    <Box ref={ref} h={PIE_HEIGHT} pos="relative">
      {width === 0 ? null : (
        <svg width={width} height={PIE_HEIGHT}>
          <SvgGroup left={width / 2} top={PIE_HEIGHT / 2}>
            {/* In the data's order, as the legend and the table list them (d3 sorts by value unless told). */}
            <Pie data={[...points]} pieValue={(p) => p.value} outerRadius={PIE_RADIUS} pieSortValues={null}>
              {(pie) => pie.arcs.map((arc, i) => {
                const [cx, cy] = pie.path.centroid(arc);
                // The centroid lies half way out: the label goes past the rim along the same line.
                const out = (PIE_RADIUS + PIE_LABEL_GAP) / (PIE_RADIUS / 2);
                const labelX = cx * out;
                return (
                  <g key={`${arc.data.label}-${i}`}>
                    <path className="chart-slice" d={pie.path(arc) ?? ''} fill={chartColor(i)} stroke="var(--mantine-color-body)" {...on(arc.data)} />
                    {arc.endAngle > arc.startAngle ? (
                      <text x={labelX} y={cy * out} dy="0.35em" textAnchor={labelX >= 0 ? 'start' : 'end'} fontSize={LABEL_FONT_SIZE} fill={chartColor(i)}>
                        {valueText(arc.data.value, formats)}
                      </text>
                    ) : null}
                  </g>
                );
              })}
            </Pie>
          </SvgGroup>
        </svg>
      )}
      {tip}
    </Box>
  );
}
