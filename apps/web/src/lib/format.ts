/**
 * Display formats of spec section 9. Every formatter returns '' for empty or invalid input, so a
 * missing value renders as nothing rather than 'Invalid Date' or 'NaN'.
 */

type DateInput = string | Date | null | undefined;

const DATE_ONLY = /^(\d{4})-(\d{2})-(\d{2})$/;
const HAS_ZONE = /(?:[zZ]|[+-]\d{2}(?::?\d{2})?)$/;

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The server's times are UTC; a date-time without a zone designator is read as UTC too. A date
 * without a time ('2024-05-01') is a calendar date, not a moment: it is shown as is, because shifting
 * it to local time would move it to the day before everywhere west of UTC.
 */
function toLocalParts(value: DateInput): { date: string; time: string } | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') {
    const text = value.trim();
    const dateOnly = DATE_ONLY.exec(text);
    if (dateOnly) {
      const [, year, month, day] = dateOnly;
      const check = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)));
      if (check.getUTCDate() !== Number(day) || check.getUTCMonth() !== Number(month) - 1) return null;
      return { date: `${day}-${month}-${year}`, time: '00:00' };
    }
    if (text === '') return null;
    const iso = text.replace(' ', 'T');
    return partsOf(new Date(HAS_ZONE.test(iso) ? iso : `${iso}Z`));
  }
  return partsOf(value);
}

function partsOf(date: Date): { date: string; time: string } | null {
  if (Number.isNaN(date.getTime())) return null;
  return {
    date: `${pad(date.getDate())}-${pad(date.getMonth() + 1)}-${date.getFullYear()}`,
    time: `${pad(date.getHours())}:${pad(date.getMinutes())}`,
  };
}

/** 'DD-MM-YYYY' in local time. */
export function formatDate(value: DateInput): string {
  return toLocalParts(value)?.date ?? '';
}

/** 'DD-MM-YYYY HH:mm' in local time. */
export function formatDateTime(value: DateInput): string {
  const parts = toLocalParts(value);
  return parts ? `${parts.date} ${parts.time}` : '';
}

/** Steps a non-negative number through 1024- or 1000-sized units, rounding to `decimals`. */
function scale(value: number, base: number, units: number, decimals: number): { value: number; unit: number } {
  let unit = value > 0 ? Math.min(Math.max(Math.floor(Math.log(value) / Math.log(base)), 0), units - 1) : 0;
  // 999.6 rounds to a whole thousand: start at the first suffix.
  if (unit === 0 && Math.round(value) >= base) unit = 1;
  let scaled = Number((value / base ** unit).toFixed(decimals));
  // 1023.999 KB rounds to 1024 KB: say 1 MB instead.
  if (scaled >= base && unit < units - 1) {
    unit += 1;
    scaled = Number((value / base ** unit).toFixed(decimals));
  }
  return { value: scaled, unit };
}

const SIZE_UNITS = ['Bytes', 'KB', 'MB', 'GB', 'TB'];

/** '0 Bytes', '512 Bytes', '1.5 KB', '2.25 MB' (1024 base, up to two decimals). */
export function formatFileSize(bytes: number | null | undefined): string {
  if (typeof bytes !== 'number' || !Number.isFinite(bytes) || bytes < 0) return '';
  const { value, unit } = scale(bytes, 1024, SIZE_UNITS.length, 2);
  return `${value} ${SIZE_UNITS[unit]}`;
}

const COUNT_SUFFIXES = ['', 'k', 'M', 'G'];

/** 999, '1.2k', '3.4M', '1G': whole below a thousand, else one decimal without a trailing '.0'. */
export function formatCount(count: number | null | undefined): string {
  if (typeof count !== 'number' || !Number.isFinite(count)) return '';
  const sign = count < 0 ? '-' : '';
  const whole = Math.round(Math.abs(count));
  if (whole < 1000) return `${sign}${whole}`;
  const { value, unit } = scale(Math.abs(count), 1000, COUNT_SUFFIXES.length, 1);
  return `${sign}${value}${COUNT_SUFFIXES[unit]}`;
}

/** '$' for USD; '€' for EUR and for any other or missing code. */
export function currencySymbol(code?: string | null): string {
  return code?.trim().toUpperCase() === 'USD' ? '$' : '€';
}

/**
 * A calendar date typed as it is shown, 'DD-MM-YYYY' (or with / or . between), as the API keeps it:
 * 'YYYY-MM-DD'. Null when it is no such date (31-02-2027 included).
 */
export function parseDisplayDate(text: string): string | null {
  const match = /^(\d{1,2})[-/.](\d{1,2})[-/.](\d{4})$/.exec(text.trim());
  if (!match) return null;
  const [day, month, year] = match.slice(1).map(Number) as [number, number, number];
  const check = new Date(Date.UTC(year, month - 1, day));
  if (check.getUTCFullYear() !== year || check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) return null;
  return `${year}-${pad(month)}-${pad(day)}`;
}
