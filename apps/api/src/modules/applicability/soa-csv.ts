import { REQUIREMENT_STATUS_LABELS, type SoaItem } from '@aegis/contracts';
import type { Statement } from './soa-service';

/**
 * A cell as RFC 4180 writes it, safe to open in a spreadsheet: text that a spreadsheet would run as a
 * formula (starting with = + - @, or a tab or carriage return that some strip first) gets a leading
 * apostrophe (OWASP, "CSV injection"); a cell holding a comma, a quote or a line break is quoted, its
 * quotes doubled.
 */
export function csvCell(value: string | number | boolean | null | undefined): string {
  const text = value === null || value === undefined ? '' : String(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** Rows joined with CRLF, as RFC 4180 asks, ending with one. */
export const csvOf = (rows: readonly (readonly (string | number | boolean | null | undefined)[])[]) => rows.map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';

const DECIDED_BY: Record<SoaItem['decided_by'], string> = {
  engine: 'Scoping answers',
  person: 'Person',
  default: 'Default (nothing excludes it)',
};

export const SOA_CSV_HEADER = ['Code', 'Title', 'Section', 'Included', 'Decided by', 'Justification', 'Decided by person', 'Decided at', 'Status', 'Controls'] as const;

export function soaCsv(statement: Statement): string {
  return csvOf([
    SOA_CSV_HEADER,
    ...statement.items.map((item) => [
      item.code,
      item.title,
      item.section.join(' › '),
      item.included ? 'Included' : 'Excluded',
      DECIDED_BY[item.decided_by],
      item.justification,
      item.decided_by_user ? `${item.decided_by_user.name} <${item.decided_by_user.email}>` : null,
      item.decided_at,
      REQUIREMENT_STATUS_LABELS[item.status],
      item.control_codes.join('; '),
    ]),
  ]);
}

/**
 * A Content-Disposition value that downloads as `name`.csv: an ASCII fallback and the UTF-8 name
 * (RFC 6266 / 5987), path separators and control characters dropped — as lib/pdf.ts does for reports.
 */
export function csvAttachment(name: string): string {
  const safe = [...name].map((c) => (c < ' ' || c === '\u007f' || c === '/' || c === '\\' ? ' ' : c)).join('').trim() || 'statement-of-applicability';
  const ascii = safe.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["%;]/g, '').trim() || 'statement-of-applicability';
  const encoded = encodeURIComponent(`${safe}.csv`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}.csv"; filename*=UTF-8''${encoded}`;
}

/** "<project> - <framework code> statement of applicability". */
export const soaFileName = (statement: Statement) => `${statement.project_name} - ${statement.framework_code} statement of applicability`;
