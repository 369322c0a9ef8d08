import { BIDI_CONTROL } from './file-name';

/**
 * A Content-Disposition value that downloads as `name`.`extension`: an ASCII fallback and the UTF-8 name
 * (RFC 6266 / 5987), path separators, control characters and bidirectional controls dropped. Every
 * download the API offers (PDF reports, CSV registers) names its file through this.
 */
export function attachment(name: string, extension: 'pdf' | 'csv' | 'md' | 'json', fallback = 'export'): string {
  const safe = [...name.replace(BIDI_CONTROL, '')].map((c) => (c < ' ' || c === '\u007f' || c === '/' || c === '\\' ? ' ' : c)).join('').trim() || fallback;
  const ascii = safe.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["%;]/g, '').trim() || fallback;
  const encoded = encodeURIComponent(`${safe}.${extension}`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}.${extension}"; filename*=UTF-8''${encoded}`;
}
