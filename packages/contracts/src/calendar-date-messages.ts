/**
 * What the API says of a date it refuses (calendarDate, work-items.ts): its wire format, for API users. The web
 * recognises these and says them as its people type dates (DD-MM-YYYY) instead. A module without zod: the web's
 * error catalogue imports it into the first chunk, which the sign-in page loads.
 */
export const CALENDAR_DATE_MESSAGES = {
  format: 'must be a date written YYYY-MM-DD, for example 2027-01-31',
  range: 'must be a date from 0001-01-01 to 9999-12-31',
} as const;
