type Cell = string | number | boolean | null | undefined;

/**
 * A cell as RFC 4180 writes it, safe to open in a spreadsheet: text that a spreadsheet would run as a
 * formula (starting with = + - @, or a tab or carriage return that some strip first) gets a leading
 * apostrophe (OWASP, "CSV injection"); a cell holding a comma, a quote or a line break is quoted, its
 * quotes doubled.
 */
export function csvCell(value: Cell): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows joined with CRLF, as RFC 4180 asks, ending with one. */
export const csvOf = (rows: readonly (readonly Cell[])[]) => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
