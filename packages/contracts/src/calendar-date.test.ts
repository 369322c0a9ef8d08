import { describe, expect, it } from 'vitest';
import { CALENDAR_DATE_MESSAGES } from './calendar-date-messages';
import { calendarDate } from './work-items';

// Issue 29, item 7: PostgreSQL's date has no year 0, so the one date type of the API takes years 0001 to 9999.
describe('calendarDate', () => {
  it('takes the days of years 0001 to 9999', () => {
    for (const day of ['0001-01-01', '2026-02-28', '2028-02-29', '9999-12-31']) expect(calendarDate.safeParse(day).success, day).toBe(true);
  });

  it('refuses year 0000, with a message that says the range', () => {
    const result = calendarDate.safeParse('0000-01-01');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/0001.*9999/);
  });

  it('refuses what is not a day', () => {
    for (const day of ['10000-01-01', '2026-02-30', '2026-13-01', '31-01-2027', '']) expect(calendarDate.safeParse(day).success, day).toBe(false);
  });

  // Issue 29, item 19: the API takes ISO dates, so its message says so, once, for the web to translate
  // into what its people type (DD-MM-YYYY) rather than show as it is.
  it('says the wire format, YYYY-MM-DD with an example, in messages the web can recognise', () => {
    const format = calendarDate.safeParse('31-01-2027');
    expect(format.error?.issues[0]?.message).toBe(CALENDAR_DATE_MESSAGES.format);
    expect(CALENDAR_DATE_MESSAGES.format).toMatch(/YYYY-MM-DD, for example 2027-01-31/);
    expect(calendarDate.safeParse('0000-01-01').error?.issues[0]?.message).toBe(CALENDAR_DATE_MESSAGES.range);
  });
});
