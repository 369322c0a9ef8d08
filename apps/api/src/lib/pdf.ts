/**
 * A Content-Disposition value that downloads as `name`.pdf: an ASCII fallback for old clients and the
 * UTF-8 name (RFC 6266 / 5987) for everyone else; path separators and control characters are dropped.
 */
export function pdfAttachment(name: string): string {
  const safe = [...name].map((c) => (c < ' ' || c === '\u007f' || c === '/' || c === '\\' ? ' ' : c)).join('').trim() || 'export';
  const ascii = safe.normalize('NFKD').replace(/[^\x20-\x7e]/g, '').replace(/["%;]/g, '').trim() || 'export';
  const encoded = encodeURIComponent(`${safe}.pdf`).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${ascii}.pdf"; filename*=UTF-8''${encoded}`;
}
