import { type Language, LOCALE_OF } from './languages';

/**
 * How values are printed and read in a catalog (issue 35): Intl for the catalog's locale
 * (id-ID: 1.234.567,89, Rp 15.000, 30/11/2026, 14.05) in the application's time zone. The
 * specification's catalog keeps today's printing (values as their database gives them): its
 * `locale` is null and every function below returns its input as text.
 */
export interface ValueFormats {
  locale: string | null;
  timeZone: string;
}

export const valueFormatsOf = (language: Language, timeZone: string): ValueFormats =>
  ({ locale: language === 'spec' ? null : LOCALE_OF[language], timeZone });

const numberFormats = new Map<string, Intl.NumberFormat>();
const formatOf = (locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat => {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (format === undefined) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
};

/** A number as its reader writes it: 1234567.891 → "1.234.567,891" (id-ID). */
export function formatNumber(value: number | string, formats: ValueFormats): string {
  const number = typeof value === 'number' ? value : Number(value);
  if (formats.locale === null || typeof value === 'string' && value.trim() === '' || !Number.isFinite(number)) return String(value);
  return formatOf(formats.locale, { maximumFractionDigits: 20 }).format(number);
}

/** An amount of money: 15000 → "Rp 15.000" (id-ID, IDR), cents only when there are some. */
export function formatMoney(value: number | string, formats: ValueFormats, currency = 'IDR'): string {
  const number = typeof value === 'number' ? value : Number(value);
  if (formats.locale === null || typeof value === 'string' && value.trim() === '' || !Number.isFinite(number)) return String(value);
  const whole = Number.isInteger(number);
  return formatOf(formats.locale, { style: 'currency', currency, minimumFractionDigits: whole ? 0 : 2, maximumFractionDigits: 2 }).format(number);
}

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
/** A date and time as databases print them: "2026-11-30 14:05:00", ISO with T and a zone, … */
const DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::\d{2}(?:\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/;

const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormatOf(locale: string, timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${locale}|${timeZone}|${withTime}`;
  let format = dateTimeFormats.get(key);
  if (format === undefined) {
    format = new Intl.DateTimeFormat(locale, {
      day: '2-digit', month: '2-digit', year: 'numeric', timeZone,
      ...(withTime ? { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } : {}),
    });
    dateTimeFormats.set(key, format);
  }
  return format;
}

/**
 * A date or a date with its time: "2026-11-30" → "30/11/2026"; "2026-11-30T07:05:00Z" →
 * "30/11/2026, 14.05" in Asia/Jakarta. A date alone is a calendar day and a time without a zone
 * the application's own wall clock: neither is shifted. Anything else is returned as it is.
 */
export function formatDateValue(value: string | Date, formats: ValueFormats): string {
  if (value instanceof Date) {
    if (formats.locale === null || Number.isNaN(value.getTime())) return String(value);
    return dateFormatOf(formats.locale, formats.timeZone, true).format(value);
  }
  if (formats.locale === null) return value;
  const text = value.trim();
  const day = DATE_ONLY.exec(text);
  if (day !== null) return dateFormatOf(formats.locale, 'UTC', false).format(Date.UTC(Number(day[1]), Number(day[2]) - 1, Number(day[3])));
  const time = DATE_TIME.exec(text);
  if (time === null) return value;
  if (time[6] !== undefined) {
    const instant = new Date(text.replace(' ', 'T'));
    return Number.isNaN(instant.getTime()) ? value : dateFormatOf(formats.locale, formats.timeZone, true).format(instant);
  }
  const [year, month, date, hour, minute] = time.slice(1, 6).map(Number) as [number, number, number, number, number];
  return dateFormatOf(formats.locale, 'UTC', true).format(Date.UTC(year, month - 1, date, hour, minute));
}

/** The locale's group and decimal separators ("." and "," in id-ID). */
function separatorsOf(locale: string): { group: string; decimal: string } {
  const parts = formatOf(locale, { useGrouping: true }).formatToParts(1234567.5);
  return {
    group: parts.find((part) => part.type === 'group')?.value ?? ',',
    decimal: parts.find((part) => part.type === 'decimal')?.value ?? '.',
  };
}

/**
 * A number as a person typed it in his catalog: "1.000" is one thousand and "1,5" one and a
 * half in Indonesian, "Rp 15.000" fifteen thousand; null when it is not a number. The
 * specification's catalog reads numbers as JavaScript does ("1000", "1.5").
 */
export function parseNumber(text: string, formats: Pick<ValueFormats, 'locale'>): number | null {
  let cleaned = text.trim().replace(/^Rp\.?\s*/i, '').replace(/[\s\u00a0\u202f]/g, '');
  if (cleaned === '') return null;
  if (formats.locale !== null) {
    const { group, decimal } = separatorsOf(formats.locale);
    const groupPattern = group === '.' ? '\\.' : group.replace(/[\u00a0\u202f]/g, '');
    // Groups are checked, not only removed: "1.00" is no Indonesian number.
    const shape = new RegExp(`^[-+]?(\\d{1,3}(${groupPattern}\\d{3})+|\\d+)(${decimal === '.' ? '\\.' : decimal}\\d+)?$`);
    if (!shape.test(cleaned)) return null;
    cleaned = cleaned.split(group === '.' ? '.' : group).join('').replace(decimal, '.');
  }
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(cleaned)) return null;
  const number = Number(cleaned);
  return Number.isFinite(number) ? number : null;
}

/**
 * A date as a person typed it: day before month ("30/11/2026", "30-11-2026", "30.11.2026") in
 * Indonesian and English, or ISO ("2026-11-30") in any catalog; the answer is ISO, or null
 * when it is no date of the calendar.
 */
export function parseDate(text: string, formats: Pick<ValueFormats, 'locale'>): string | null {
  const trimmed = text.trim();
  let year: number; let month: number; let day: number;
  const iso = DATE_ONLY.exec(trimmed);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  if (iso !== null) [year, month, day] = [Number(iso[1]), Number(iso[2]), Number(iso[3])];
  else if (dayFirst !== null && formats.locale !== null) [day, month, year] = [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])];
  else return null;
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * What a cell's column is known to hold. `value`: nothing is known, so a JavaScript number is
 * printed as a number and text is a number only never (a phone "0812…" or a code stays as it
 * is), a date when it reads as one. `numeric`: the column's type is a number, so numeric text
 * (a DECIMAL the driver gives as text) is printed as a number too. `identifier`: the row's key,
 * printed as it is (an id is a name, not an amount: 1234, not 1.234).
 */
export type CellKind = 'value' | 'numeric' | 'identifier';

/** A cell as it was printed before formats: text as it is, an object as JSON. */
export const plainCellText = (value: unknown): string =>
  value === null || value === undefined ? '' : typeof value === 'object' ? JSON.stringify(value) : String(value);

/**
 * Numeric text a database column gives: no leading zero (that is a code), at most 15 digits
 * (beyond them a JavaScript number would change the value).
 */
const NUMERIC_TEXT = /^-?(0|[1-9]\d*)(\.\d+)?$/;
export const isNumericText = (text: string): boolean => NUMERIC_TEXT.test(text) && text.replace(/\D/g, '').replace(/^0+/, '').length <= 15;

/** A date or a date and time as databases print them: '2026-11-30', '2026-11-30 14:05[:00]', ISO. */
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}([ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;

/** A cell's value as its reader reads it (tables, cards, charts, printed PDFs); in the specification's catalog exactly as before. */
export function formatCellValue(value: unknown, formats: ValueFormats, kind: CellKind = 'value'): string {
  if (formats.locale === null || kind === 'identifier') return plainCellText(value);
  if (typeof value === 'number') return formatNumber(value, formats);
  if (value instanceof Date) return formatDateValue(value, formats);
  if (typeof value === 'string') {
    const text = value.trim();
    if (kind === 'numeric' && isNumericText(text)) return formatNumber(text, formats);
    if (DATE_TEXT.test(text)) return formatDateValue(text, formats);
    return value;
  }
  return plainCellText(value);
}

/** The kind of a widget's column: its row key is an identifier, a column typed numeric is numeric. */
export function cellKindOf(field: string, known: { primaryKey?: string | null; numericFields?: ReadonlySet<string> }): CellKind {
  if (known.primaryKey !== undefined && known.primaryKey !== null && field === known.primaryKey) return 'identifier';
  return known.numericFields?.has(field) === true ? 'numeric' : 'value';
}
