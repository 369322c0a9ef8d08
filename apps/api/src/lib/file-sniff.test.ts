import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { sniffFile } from './file-sniff';
import { HEAD_BYTES } from './storage/file-storage';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PPTX = 'application/vnd.openxmlformats-officedocument.presentationml.presentation';

const head = (bytes: Uint8Array | string) => (typeof bytes === 'string' ? Buffer.from(bytes, 'utf8') : Buffer.from(bytes)).subarray(0, HEAD_BYTES);
const zip = (entries: Record<string, string>, level: 0 | 6 = 6) =>
  zipSync(Object.fromEntries(Object.entries(entries).map(([name, text]) => [name, new TextEncoder().encode(text)])), { level });
/** Deterministic bytes that are not UTF-8 and match no signature. */
const junk = Buffer.from(Array.from({ length: 600 }, (_, i) => (i * 151 + 0x80) & 0xff));

const office = {
  '[Content_Types].xml': '<?xml version="1.0"?><Types/>',
  '_rels/.rels': '<Relationships/>',
};
/** A real-sized first entry pushes the Word part past the head: only the name can tell. */
const bigFirstEntry = zip({ '[Content_Types].xml': 'x'.repeat(HEAD_BYTES * 2), 'word/document.xml': '<w:document/>' }, 0);

describe('sniffFile', () => {
  it.each([
    ['a PDF', head('%PDF-1.7\n%âãÏÓ\n1 0 obj'), 'report.pdf', 'pdf', 'application/pdf'],
    ['a PDF renamed .txt', head('%PDF-1.4\n1 0 obj'), 'notes.txt', 'pdf', 'application/pdf'],
    ['a PDF after a byte-order mark and a blank line', head('\uFEFF\r\n%PDF-1.4\n'), 'scan', 'pdf', 'application/pdf'],
    ['a text renamed .pdf', head('Access review minutes, Q3.\nAll good.'), 'minutes.pdf', 'text', 'text/plain; charset=utf-8'],
    ['a text that mentions %PDF- later', head('The header is %PDF-1.7.'), 'spec.txt', 'text', 'text/plain; charset=utf-8'],
    ['a PNG', head(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])), 'screen.txt', 'image', 'image/png'],
    ['a JPEG', head(new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46])), 'photo.jpg', 'image', 'image/jpeg'],
    ['a GIF', head('GIF89a\x01\x00\x01\x00'), 'anim.gif', 'image', 'image/gif'],
    ['a WebP', head(Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WEBPVP8 ')])), 'a.webp', 'image', 'image/webp'],
    ['a DOCX by its word/ entries, whatever its name', head(zip({ ...office, 'word/document.xml': '<w:document/>' })), 'policy.zip', 'docx', DOCX],
    ['an XLSX by its xl/ entries', head(zip({ ...office, 'xl/workbook.xml': '<workbook/>' })), 'register', 'xlsx', XLSX],
    ['a PPTX by its ppt/ entries', head(zip({ ...office, 'ppt/presentation.xml': '<p/>' })), 'deck.bin', 'pptx', PPTX],
    ['a DOCX whose parts lie past the head, by its name', head(bigFirstEntry), 'Policy.DOCX', 'docx', DOCX],
    ['the same ZIP under another name', head(bigFirstEntry), 'bundle.zip', 'archive', 'application/zip'],
    ['a ZIP of logs', head(zip({ 'logs/app.log': 'started' })), 'logs.zip', 'archive', 'application/zip'],
    ['a ZIP renamed .docx, all its entries in view and none of Word', head(zip({ 'a.txt': 'x' })), 'fake.docx', 'archive', 'application/zip'],
    ['an empty ZIP', head(zip({})), 'empty.docx', 'archive', 'application/zip'],
    ['a gzip', head(new Uint8Array([0x1f, 0x8b, 0x08, 0, 0, 0, 0, 0, 0, 3])), 'dump.sql.gz', 'archive', 'application/gzip'],
    ['JSON by name', head('{"controls": ["A.5.1"]}'), 'export.JSON', 'json', 'application/json'],
    ['CSV by name', head('name,owner\nBackups,Ann\n'), 'register.csv', 'csv', 'text/csv; charset=utf-8'],
    ['Markdown by name', head('# Policy\n\nText'), 'policy.md', 'markdown', 'text/markdown; charset=utf-8'],
    ['Markdown, long extension', head('# Policy'), 'README.markdown', 'markdown', 'text/markdown; charset=utf-8'],
    ['UTF-8 text with accents and emoji', head('Überprüfung ✓ 🔒 — ok'), 'notes', 'text', 'text/plain; charset=utf-8'],
    ['HTML stays a text', head('<!doctype html><script>alert(1)</script>'), 'page.html', 'text', 'text/plain; charset=utf-8'],
    ['SVG stays a text', head('<svg xmlns="http://www.w3.org/2000/svg"><script/></svg>'), 'logo.svg', 'text', 'text/plain; charset=utf-8'],
    ['a path-like name counts by its last segment', head('a,b'), '../../etc/x.csv', 'csv', 'text/csv; charset=utf-8'],
    ['a dot file has no extension', head('KEY=1'), '.csv', 'text', 'text/plain; charset=utf-8'],
    ['binary junk', head(junk), 'data.txt', 'other', 'application/octet-stream'],
    ['UTF-8 with a NUL', head('plain text\u0000more'), 'x.json', 'other', 'application/octet-stream'],
    ['UTF-16 text (NULs)', head(Buffer.from('\uFEFFhello', 'utf16le')), 'x.txt', 'other', 'application/octet-stream'],
    ['invalid UTF-8 at the end of a short file', head(Buffer.from([0x61, 0x62, 0xe2, 0x82])), 'x.txt', 'other', 'application/octet-stream'],
  ])('%s', (_, bytes, name, fileType, contentType) => {
    expect(sniffFile(bytes, name)).toEqual({ fileType, contentType });
  });

  it('does not hold a character cut by the end of a full head against a text', () => {
    // 'x' then two-byte characters: an even cut splits one.
    const text = Buffer.from(`x${'é'.repeat(HEAD_BYTES)}`);
    expect(sniffFile(text.subarray(0, HEAD_BYTES), 'x.txt').fileType).toBe('text');
    // A head shorter than HEAD_BYTES is the whole file: a cut character there is invalid.
    expect(sniffFile(text.subarray(0, 102), 'x.txt').fileType).toBe('other');
  });
});
