import { describe, expect, it } from 'vitest';
import { columnKind, columnValue } from './column-values';

describe('columnKind', () => {
  it('reads the DATA_TYPE spellings of MySQL, PostgreSQL and SQLite', () => {
    const kinds = {
      integer: ['int', 'INTEGER', 'bigint', 'int(11) unsigned', 'unsigned big int', 'int8', 'smallint', 'year'],
      decimal: ['decimal', 'numeric(10,2)', 'double precision', 'real', 'float'],
      text: ['varchar', 'varchar(20)', 'character varying', 'character(3)', 'text', 'longtext', 'enum', 'citext'],
      date: ['date'],
      datetime: ['datetime', 'timestamp', 'timestamp with time zone', 'timestamp without time zone'],
      time: ['time', 'time without time zone'],
      uuid: ['uuid'],
      untyped: [''],
      other: ['json', 'jsonb', 'bytea', 'blob', 'interval', 'point', 'USER-DEFINED', 'boolean'],
    };
    for (const [kind, types] of Object.entries(kinds)) for (const type of types) expect(columnKind(type), type).toBe(kind);
  });
});

describe('columnValue', () => {
  it('takes for an integer column a safe integer or its digits, nothing else', () => {
    expect(columnValue('integer', 4)).toBe(4);
    expect(columnValue('integer', '4')).toBe(4);
    expect(columnValue('integer', '-12')).toBe(-12);
    expect(columnValue('integer', '18446744073709551615')).toBe('18446744073709551615');
    for (const refused of ['4abc', ' 4', '4.0', '1e3', '0x10', '', '4 OR 1=1', 4.5, 2 ** 53, Number.NaN]) expect(columnValue('integer', refused), String(refused)).toBeUndefined();
  });

  it('takes for a decimal column a finite number or a decimal numeral', () => {
    expect(columnValue('decimal', 1.5)).toBe(1.5);
    expect(columnValue('decimal', '12.50')).toBe('12.50');
    expect(columnValue('decimal', '-.5')).toBe('-.5');
    for (const refused of ['12,50', '1.2.3', 'abc', '', Number.POSITIVE_INFINITY]) expect(columnValue('decimal', refused), String(refused)).toBeUndefined();
  });

  it('takes for a text column a string, and a number only as its string form when asked', () => {
    expect(columnValue('text', 'abc ')).toBe('abc ');
    expect(columnValue('text', 0)).toBeUndefined();
    expect(columnValue('text', 0, { numberAsText: true })).toBe('0');
    expect(columnValue('other', 7)).toBe('7');
    expect(columnValue('untyped', 7)).toBe(7);
  });

  it('takes for dates, times and uuids their ISO text only', () => {
    expect(columnValue('date', '2024-02-29')).toBe('2024-02-29');
    expect(columnValue('datetime', '2024-02-29 10:00:00')).toBe('2024-02-29 10:00:00');
    expect(columnValue('datetime', '2024-02-29T10:00:00.000Z')).toBe('2024-02-29T10:00:00.000Z');
    expect(columnValue('time', '838:59:59')).toBe('838:59:59');
    expect(columnValue('uuid', '0b4e7c1a-5f4d-4f8e-9a51-2c3d4e5f6a7b')).toBe('0b4e7c1a-5f4d-4f8e-9a51-2c3d4e5f6a7b');
    for (const [kind, refused] of [['date', 0], ['date', '20240229'], ['date', 'abc'], ['datetime', 20240229], ['time', 'noon'], ['uuid', 'abc'], ['uuid', 0]] as const) {
      expect(columnValue(kind, refused), `${kind} ${refused}`).toBeUndefined();
    }
  });
});
