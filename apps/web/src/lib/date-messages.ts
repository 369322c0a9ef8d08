import { CALENDAR_DATE_MESSAGES } from '@aegis/contracts';

/** How to write a date, as dates are shown and typed here. */
export const DATE_ENTRY_HINT = 'Write the date as DD-MM-YYYY, for example 31-01-2027';

// The API's messages describe its wire format (YYYY-MM-DD); people type DD-MM-YYYY and are told so.
const SHOWN: Readonly<Record<string, string>> = {
  [CALENDAR_DATE_MESSAGES.format]: DATE_ENTRY_HINT,
  [CALENDAR_DATE_MESSAGES.range]: 'Write a date from 01-01-0001 to 31-12-9999',
};

/** A date message of the contract as a person typing DD-MM-YYYY reads it; any other message as it is. */
export const shownDateMessage = (message: string): string => SHOWN[message] ?? message;

/**
 * Whether a refused place is a field typed in a form (a date there is typed DD-MM-YYYY), not a place in
 * an uploaded file (`body.file…`), whose dates are read as written (YYYY-MM-DD) and said so.
 */
export const isTypedField = (path: string): boolean => path !== 'body.file' && !path.startsWith('body.file.');
