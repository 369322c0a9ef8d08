const pad = (n: number) => String(n).padStart(2, '0');

/**
 * DD-MM-YYYY (spec section 9), for what the server writes for people to read: the PDF report, e-mails.
 * The server has no reader's time zone, so it writes UTC and says so where a time is shown.
 */
export function displayDate(value: Date | string): string {
  const date = new Date(value);
  return `${pad(date.getUTCDate())}-${pad(date.getUTCMonth() + 1)}-${date.getUTCFullYear()}`;
}

/** DD-MM-YYYY HH:mm in UTC. */
export function displayDateTime(value: Date | string): string {
  const date = new Date(value);
  return `${displayDate(date)} ${pad(date.getUTCHours())}:${pad(date.getUTCMinutes())}`;
}
