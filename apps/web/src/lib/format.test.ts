import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencySymbol, formatCount, formatDate, formatDateTime, formatFileSize, parseDisplayDate } from './format';

// A zone away from UTC (and off by half an hour), so that "shown in local time" is really tested.
const previousTz = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Asia/Kolkata';
});
afterAll(() => {
  process.env.TZ = previousTz;
});

describe('formatDate and formatDateTime', () => {
  it('runs in a zone away from UTC', () => {
    expect(new Date('2024-01-01T00:00:00Z').getTimezoneOffset()).toBe(-330);
  });

  it('shows a UTC time in local time', () => {
    expect(formatDateTime('2024-03-05T20:45:00Z')).toBe('06-03-2024 02:15');
    expect(formatDate('2024-03-05T20:45:00Z')).toBe('06-03-2024');
    expect(formatDateTime('2024-12-31T18:29:59.999+00:00')).toBe('31-12-2024 23:59');
  });

  it('reads a time without a zone as UTC', () => {
    expect(formatDateTime('2024-03-05T20:45:00')).toBe('06-03-2024 02:15');
    expect(formatDateTime('2024-03-05 20:45:00.123456')).toBe('06-03-2024 02:15');
  });

  it('honours an explicit offset', () => {
    expect(formatDateTime('2024-03-05T20:45:00+02:00')).toBe('06-03-2024 00:15');
  });

  it('accepts Date objects', () => {
    expect(formatDateTime(new Date(Date.UTC(2023, 0, 9, 3, 4)))).toBe('09-01-2023 08:34');
  });

  it('shows a date without a time as that calendar day, in every zone', () => {
    expect(formatDate('2024-05-01')).toBe('01-05-2024');
    process.env.TZ = 'America/New_York';
    try {
      expect(formatDate('2024-05-01')).toBe('01-05-2024');
      expect(formatDateTime('2024-05-01T02:00:00Z')).toBe('30-04-2024 22:00');
    } finally {
      process.env.TZ = 'Asia/Kolkata';
    }
  });

  it('gives an empty string for empty or invalid input', () => {
    for (const value of [null, undefined, '', '   ', 'yesterday', '2024-02-30', new Date('nope')]) {
      expect(formatDate(value)).toBe('');
      expect(formatDateTime(value)).toBe('');
    }
  });
});

describe('formatFileSize', () => {
  it.each([
    [0, '0 Bytes'],
    [1, '1 Bytes'],
    [1023, '1023 Bytes'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1_048_575, '1 MB'],
    [104_857_600, '100 MB'],
    [2.25 * 1024 ** 3, '2.25 GB'],
    [1024 ** 4, '1 TB'],
    [3 * 1024 ** 5, '3072 TB'],
  ])('%d bytes → %s', (bytes, text) => {
    expect(formatFileSize(bytes)).toBe(text);
  });

  it('gives an empty string for invalid sizes', () => {
    expect(formatFileSize(-1)).toBe('');
    expect(formatFileSize(Number.NaN)).toBe('');
    expect(formatFileSize(null)).toBe('');
  });
});

describe('formatCount', () => {
  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1k'],
    [1200, '1.2k'],
    [1250, '1.3k'],
    [999_949, '999.9k'],
    [999_999, '1M'],
    [3_400_000, '3.4M'],
    [1_000_000_000, '1G'],
    [2_500_000_000_000, '2500G'],
    [-1200, '-1.2k'],
  ])('%d → %s', (count, text) => {
    expect(formatCount(count)).toBe(text);
  });

  it('gives an empty string for invalid counts', () => {
    expect(formatCount(Number.POSITIVE_INFINITY)).toBe('');
    expect(formatCount(undefined)).toBe('');
  });
});

describe('currencySymbol', () => {
  it('is $ for USD and € for EUR, anything else and nothing', () => {
    expect(currencySymbol('USD')).toBe('$');
    expect(currencySymbol('usd')).toBe('$');
    expect(currencySymbol('EUR')).toBe('€');
    expect(currencySymbol('GBP')).toBe('€');
    expect(currencySymbol('')).toBe('€');
    expect(currencySymbol()).toBe('€');
    expect(currencySymbol(null)).toBe('€');
  });
});

describe('parseDisplayDate', () => {
  it('reads a date typed as shown, DD-MM-YYYY, into the API’s YYYY-MM-DD', () => {
    expect(parseDisplayDate('31-01-2027')).toBe('2027-01-31');
    expect(parseDisplayDate(' 1/2/2027 ')).toBe('2027-02-01');
    expect(parseDisplayDate('01.02.2027')).toBe('2027-02-01');
  });

  it('refuses what is no date', () => {
    for (const text of ['', '2027-01-31', '31-02-2027', '32-01-2027', '31-13-2027', 'tomorrow']) expect(parseDisplayDate(text), text).toBeNull();
  });
});
