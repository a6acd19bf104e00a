import { describe, expect, it } from 'vitest';
import { truncateTitle } from './text';

describe('truncateTitle', () => {
  it('cuts to 10 characters plus ... only when longer', () => {
    expect(truncateTitle('Products')).toBe('Products');
    expect(truncateTitle('0123456789')).toBe('0123456789');
    expect(truncateTitle('Laporan Penjualan')).toBe('Laporan Pe...');
  });
});
