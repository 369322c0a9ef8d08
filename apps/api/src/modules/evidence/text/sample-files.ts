import { zipSync } from 'fflate';

/*
 * Small, valid files made in code, for the tests and the demo seed: a PDF written by hand (one standard
 * font, no font file) and a DOCX zipped with fflate. Text is kept to printable ASCII in the PDF.
 */

const LINES_PER_PAGE = 48;

/** PDF string literal: backslash and parentheses escaped, anything outside printable ASCII replaced. */
const pdfString = (text: string) => `(${text.replace(/[^\x20-\x7e]/g, '?').replace(/[\\()]/g, (c) => `\\${c}`)})`;

/**
 * A PDF with `lines` of text in Helvetica, 48 to a page. `encrypted` adds a standard security handler
 * whose user password is not empty, so readers ask for a password (and text extraction must fail cleanly).
 */
export function samplePdf(lines: readonly string[], options: { title?: string; encrypted?: boolean } = {}): Buffer {
  const pages: string[][] = [];
  for (let i = 0; i < Math.max(1, lines.length); i += LINES_PER_PAGE) pages.push(lines.slice(i, i + LINES_PER_PAGE));
  const objects: string[] = [];
  const add = (body: string) => {
    objects.push(body);
    return objects.length;
  };
  const catalog = add('');
  const pagesId = add('');
  const font = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const kids: number[] = [];
  for (const pageLines of pages) {
    const content = `BT /F1 11 Tf 14 TL 72 750 Td ${pageLines.map((line) => `${pdfString(line)} Tj T*`).join(' ')} ET`;
    const stream = add(`<< /Length ${content.length} >>\nstream\n${content}\nendstream`);
    kids.push(add(`<< /Type /Page /Parent ${pagesId} 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 ${font} 0 R >> >> /Contents ${stream} 0 R >>`));
  }
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pagesId} 0 R >>`;
  objects[pagesId - 1] = `<< /Type /Pages /Kids [${kids.map((k) => `${k} 0 R`).join(' ')}] /Count ${kids.length} >>`;
  const info = add(`<< /Title ${pdfString(options.title ?? 'Sample')} /Producer (Aegis) >>`);
  const hex32 = (byte: string) => `<${byte.repeat(32)}>`;
  const encrypt = options.encrypted ? add(`<< /Filter /Standard /V 1 /R 2 /Length 40 /P -44 /O ${hex32('5a')} /U ${hex32('a5')} >>`) : undefined;

  let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, index) => {
    offsets.push(Buffer.byteLength(pdf, 'latin1'));
    pdf += `${index + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(pdf, 'latin1');
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  const id = '<0123456789abcdef0123456789abcdef>';
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${info} 0 R /ID [${id} ${id}]${encrypt ? ` /Encrypt ${encrypt} 0 R` : ''} >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(pdf, 'latin1');
}

const xmlText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const W = 'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"';
const paragraphs = (texts: readonly string[]) => texts.map((t) => `<w:p><w:r><w:t xml:space="preserve">${xmlText(t)}</w:t></w:r></w:p>`).join('');

/** A Word document (DOCX) with the given paragraphs, and optionally a header and a footer. */
export function sampleDocx(body: readonly string[], options: { header?: string; footer?: string } = {}): Buffer {
  const enc = (text: string) => new TextEncoder().encode(text);
  const files: Record<string, Uint8Array> = {
    '[Content_Types].xml': enc(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
    ),
    '_rels/.rels': enc(
      '<?xml version="1.0" encoding="UTF-8" standalone="yes"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>',
    ),
    'word/document.xml': enc(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?><w:document ${W}><w:body>${paragraphs(body)}</w:body></w:document>`),
  };
  if (options.header) files['word/header1.xml'] = enc(`<?xml version="1.0" encoding="UTF-8"?><w:hdr ${W}>${paragraphs([options.header])}</w:hdr>`);
  if (options.footer) files['word/footer1.xml'] = enc(`<?xml version="1.0" encoding="UTF-8"?><w:ftr ${W}>${paragraphs([options.footer])}</w:ftr>`);
  return Buffer.from(zipSync(files, { level: 6 }));
}

/** A DOCX-shaped zip bomb: a word/document.xml of `unpackedBytes` spaces, deflated to a few dozen KB. */
export function zipBombDocx(unpackedBytes = 64 * 1024 * 1024): Buffer {
  const document = new Uint8Array(unpackedBytes).fill(0x20);
  document.set(new TextEncoder().encode(`<w:document ${W}><w:body>`));
  return Buffer.from(zipSync({ 'word/document.xml': document }, { level: 9 }));
}
