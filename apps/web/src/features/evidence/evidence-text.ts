import { EXPIRY_WARNING_DAYS, type EvidenceListItem } from '@aegis/contracts';
import { formatDate } from '../../lib/format';

/** A piece of a search snippet: text, and whether it is the match (between « and »). */
export type SnippetPart = { text: string; match: boolean };

/**
 * The server marks a content match in its snippet between « and » (ts_headline's StartSel/StopSel);
 * these are the snippet's pieces, the matches flagged. An unclosed « marks the rest.
 */
export function snippetParts(snippet: string): SnippetPart[] {
  const parts: SnippetPart[] = [];
  let rest = snippet;
  while (rest.length > 0) {
    const start = rest.indexOf('«');
    if (start < 0) {
      parts.push({ text: rest, match: false });
      break;
    }
    if (start > 0) parts.push({ text: rest.slice(0, start), match: false });
    const end = rest.indexOf('»', start + 1);
    const match = end < 0 ? rest.slice(start + 1) : rest.slice(start + 1, end);
    if (match) parts.push({ text: match, match: true });
    rest = end < 0 ? '' : rest.slice(end + 1);
  }
  return parts;
}

/** Days from `today` (YYYY-MM-DD) to `day` (YYYY-MM-DD): negative once past. */
export function daysUntil(day: string, today: string): number {
  return Math.round((Date.parse(`${day}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** Today as a calendar day in local time, YYYY-MM-DD. */
export function localToday(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** How the expiry reads beside the date: "Expired on 01-02-2027", "Expires in 3 days", "Expires tomorrow"… */
export function expiryText(evidence: Pick<EvidenceListItem, 'expires_on' | 'expiry_state'>, today = localToday()): string {
  const { expires_on: expires, expiry_state: state } = evidence;
  if (!expires || state === 'none') return 'Does not expire';
  if (state === 'expired') return `Expired on ${formatDate(expires)}`;
  const days = daysUntil(expires, today);
  if (state === 'expiring' || (days >= 0 && days <= EXPIRY_WARNING_DAYS)) {
    if (days <= 0) return 'Expires today';
    if (days === 1) return 'Expires tomorrow';
    return `Expires in ${days} days`;
  }
  return `Valid until ${formatDate(expires)}`;
}

/** A file's name without what a path or a browser may put before it. */
export function baseName(fileName: string): string {
  return fileName.split(/[\\/]/).pop() ?? fileName;
}

/** Why the file can be neither replaced nor deleted: the approved controls it is linked to (GOVERNANCE-MODEL.md section 5). */
export function heldReason(controlCodes: readonly string[]): string {
  const which = controlCodes.length === 1 ? `approved control ${controlCodes[0]}` : `approved controls ${controlCodes.join(', ')}`;
  return `Linked to ${which}: its file cannot be replaced or deleted — reopen the control first.`;
}
