import { describe, expect, it } from 'vitest';
import { localise } from '../i18n/translate';
import { CHART_PALETTE, chartColor, chartPoints, chartSummary } from './chart-data';

const columns = [{ label: 'Name', field: 'name' }, { label: 'Total', field: 'total' }];

describe('chart data', () => {
  it('has 31 colours, taken in turn', () => {
    expect(CHART_PALETTE).toHaveLength(31);
    expect(new Set(CHART_PALETTE).size).toBe(31);
    expect(chartColor(31)).toBe(CHART_PALETTE[0]);
  });

  it('reads one point per row: first column the label, second the value', () => {
    const rows = [{ name: 'A', total: '5' }, { name: 'B', total: 7.5 }, { name: 'C', total: 'x' }];
    expect(chartPoints(rows, columns, 'row')).toEqual([{ label: 'A', value: 5 }, { label: 'B', value: 7.5 }, { label: 'C', value: 0 }]);
  });

  it('reads at most 21 rows', () => {
    const rows = Array.from({ length: 30 }, (_, i) => ({ name: `r${i}`, total: i }));
    expect(chartPoints(rows, columns, 'row')).toHaveLength(21);
  });

  it('reads one point per column of the first row (column data access)', () => {
    const rows = [{ paid: 3, open: '4' }, { paid: 100, open: 100 }];
    expect(chartPoints(rows, [{ label: 'Paid', field: 'paid' }, { label: 'Open', field: 'open' }], 'column')).toEqual([
      { label: 'Paid', value: 3 }, { label: 'Open', value: 4 },
    ]);
    expect(chartPoints([], columns, 'column')).toEqual([]);
    expect(chartPoints(rows, [], 'row')).toEqual([]);
  });
});

describe('chartSummary', () => {
  it('names the kind, the title, the count and the extremes', () => {
    const points = [{ label: 'Kopi', value: 12 }, { label: 'Teh', value: 40 }, { label: 'Gula', value: 3 }];
    const extremes = { count: '3', highest: 'Teh', highestValue: '40', lowest: 'Gula', lowestValue: '3' };
    expect(chartSummary(points, 'bar', 'Stok')).toEqual({ key: 'datawidgets.chart.summaryMany', values: { kind: 'bar', titled: 'yes', title: 'Stok', ...extremes } });
    expect(chartSummary(points, 'pie', '')).toEqual({ key: 'datawidgets.chart.summaryMany', values: { kind: 'pie', titled: 'no', title: '', ...extremes } });
  });

  it('reads in the specification\'s words, and in the other catalogs', () => {
    const points = [{ label: 'Kopi', value: 12 }, { label: 'Teh', value: 40 }, { label: 'Gula', value: 3 }];
    expect(localise('spec', chartSummary(points, 'bar', 'Stok'))).toBe('Bar chart of Stok: 3 points, highest Teh (40), lowest Gula (3)');
    expect(localise('spec', chartSummary(points, 'pie', ''))).toBe('Pie chart: 3 points, highest Teh (40), lowest Gula (3)');
    expect(localise('spec', chartSummary([{ label: 'Kopi', value: 12 }], 'bar', 'Stok'))).toBe('Bar chart of Stok: 1 point, Kopi (12)');
    expect(localise('spec', chartSummary([], 'bar', 'Stok'))).toBe('Bar chart of Stok: no points');
    expect(localise('spec', chartSummary([], 'pie', ''))).toBe('Pie chart: no points');
    expect(localise('id', chartSummary(points, 'bar', 'Stok'))).toBe('Diagram batang Stok: 3 titik data, tertinggi Teh (40), terendah Gula (3)');
  });

  it('says so when there is one point or none', () => {
    expect(chartSummary([{ label: 'Kopi', value: 12 }], 'bar', 'Stok'))
      .toEqual({ key: 'datawidgets.chart.summaryOne', values: { kind: 'bar', titled: 'yes', title: 'Stok', label: 'Kopi', value: '12' } });
    expect(chartSummary([], 'bar', 'Stok')).toEqual({ key: 'datawidgets.chart.summaryNone', values: { kind: 'bar', titled: 'yes', title: 'Stok' } });
  });
});
