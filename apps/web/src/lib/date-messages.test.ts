import { describe, expect, it } from 'vitest';
import { calendarDate, CALENDAR_DATE_MESSAGES } from '@aegis/contracts';
import { fieldErrorsFromApiError, fieldErrorsFromIssues } from '../components/field-errors';
import { DATE_ENTRY_HINT } from './date-messages';
import { apiErrorFromResponse } from './error-catalogue';

// Issue 29, item 19: the API describes its wire format (YYYY-MM-DD); a person types dates as they are
// shown, DD-MM-YYYY, and must never be told to write YYYY-MM-DD.
const answer = (status: number) => new Response(null, { status });
const refusal = (path: string, message: string) => ({ detail: `${path}: ${message}`, code: 'unprocessable_content', errors: [{ path, message }] });

describe('date messages as people read them', () => {
  it('says DD-MM-YYYY next to the field and in the notice when the API refuses a date of a form', () => {
    const error = apiErrorFromResponse(answer(422), refusal('body.due_date', CALENDAR_DATE_MESSAGES.format));
    expect(error.detail).toBe(`body.due_date: ${DATE_ENTRY_HINT}`);
    expect(error.detail).not.toMatch(/YYYY-MM-DD/);
    expect(fieldErrorsFromApiError(error)).toEqual({ due_date: DATE_ENTRY_HINT });
    expect(DATE_ENTRY_HINT).toBe('Write the date as DD-MM-YYYY, for example 31-01-2027');
  });

  it('says the range as dates are shown', () => {
    const error = apiErrorFromResponse(answer(422), refusal('query.effective_date', CALENDAR_DATE_MESSAGES.range));
    expect(error.errors).toEqual([{ path: 'query.effective_date', message: 'Write a date from 01-01-0001 to 31-12-9999' }]);
    expect(error.detail).toBe('query.effective_date: Write a date from 01-01-0001 to 31-12-9999');
  });

  it('keeps YYYY-MM-DD for a date written in an uploaded file, which is read as written', () => {
    const path = 'body.file.front_matter.aegis.time_span_start';
    const error = apiErrorFromResponse(answer(422), refusal(path, CALENDAR_DATE_MESSAGES.format));
    expect(error.errors).toEqual([{ path, message: CALENDAR_DATE_MESSAGES.format }]);
    expect(error.detail).toBe(`${path}: ${CALENDAR_DATE_MESSAGES.format}`);
  });

  it('says DD-MM-YYYY for the contract’s own check in a form', () => {
    const checked = calendarDate.safeParse('31-01-2027');
    expect(fieldErrorsFromIssues(checked.error!.issues.map((issue) => ({ ...issue, path: ['due_date'] })))).toEqual({ due_date: DATE_ENTRY_HINT });
  });
});
