import { Unzip, UnzipInflate } from 'fflate';
import { TextExtractionError } from './extraction-error';
import { MAX_DOCX_UNPACKED_BYTES, megabytes } from './limits';
import { TextBuilder } from './text-builder';

/** The parts of a Word document that hold its text, in the order they are written out. */
const PARTS = [/^word\/document\.xml$/, /^word\/header\d*\.xml$/, /^word\/footer\d*\.xml$/, /^word\/footnotes\.xml$/, /^word\/endnotes\.xml$/];
const partRank = (name: string) => PARTS.findIndex((pattern) => pattern.test(name));

/**
 * The archive is fed to the unzipper in slices this small so that no single inflate step can expand
 * much past the limit before it is counted (deflate expands at most about 1,000 times).
 */
const SLICE_BYTES = 4 * 1024;

/**
 * The text of a DOCX: word/document.xml, then its headers, footers, footnotes and endnotes. Only those
 * parts are unpacked, as a stream whose output is counted: past `maxUnpacked` bytes (a zip bomb) it stops
 * and throws, having held no more than the limit. A file that is not a readable Word document throws a
 * TextExtractionError with the reason.
 */
export function docxText(bytes: Uint8Array, out: TextBuilder, maxUnpacked = MAX_DOCX_UNPACKED_BYTES): void {
  // Each part is turned into text as it unpacks (nothing but its text is kept), then written out in order.
  const parts: { name: string; reader: WordXmlReader }[] = [];
  let unpacked = 0;
  let failure: string | undefined;
  const stop = (reason: string) => {
    failure ??= reason;
  };

  const unzip = new Unzip((file) => {
    if (failure || partRank(file.name) === -1) return;
    const decoder = new TextDecoder('utf-8');
    const reader = new WordXmlReader(new TextBuilder(out.remaining));
    parts.push({ name: file.name, reader });
    file.ondata = (error, data, final) => {
      if (failure) return;
      if (error) return stop(`The Word document is damaged (${file.name} could not be unpacked)`);
      unpacked += data.length;
      if (unpacked > maxUnpacked) {
        stop(`The Word document unpacks to more than ${megabytes(maxUnpacked)} of text (a zip bomb?); it was not read`);
        void file.terminate();
        return;
      }
      const problem = reader.push(decoder.decode(data, { stream: !final }), final);
      if (problem) stop(`The Word document is damaged: ${problem} in ${file.name}`);
    };
    try {
      file.start();
    } catch {
      stop(`The Word document uses a compression method that cannot be read (${file.name})`);
    }
  });
  unzip.register(UnzipInflate);

  try {
    for (let offset = 0; offset < bytes.length && !failure; offset += SLICE_BYTES) {
      const end = Math.min(bytes.length, offset + SLICE_BYTES);
      unzip.push(bytes.subarray(offset, end), end === bytes.length);
    }
  } catch (error) {
    stop(`The file is not a valid Word document (${error instanceof Error ? error.message : String(error)})`);
  }
  if (failure) throw new TextExtractionError(failure);
  if (!parts.some((part) => partRank(part.name) === 0)) throw new TextExtractionError('The file is not a Word document: it has no word/document.xml');

  parts.sort((a, b) => partRank(a.name) - partRank(b.name) || a.name.localeCompare(b.name, 'en', { numeric: true }));
  for (const part of parts) {
    out.append(part.reader.text());
    out.append('\n');
  }
}

/** A tag longer than this is no Word XML (and would make the reader re-scan what it carries over). */
const MAX_TAG_CHARS = 1024 * 1024;

/**
 * WordprocessingML → text as it streams in: the runs' text (`w:t`), tabs, line breaks, a line per
 * paragraph and a tab between table cells; deleted text (`w:delText`) and everything else is left out.
 * A tag or an entity cut by a chunk's end is carried to the next chunk.
 */
export class WordXmlReader {
  private inText = false;
  private carry = '';

  constructor(private readonly out: TextBuilder) {}

  /** Reads a chunk; returns a problem when the XML cannot be Word's. */
  push(chunk: string, final: boolean): string | undefined {
    const data = this.carry + chunk;
    let end = data.length;
    if (!final) {
      const open = data.lastIndexOf('<');
      if (open !== -1 && data.indexOf('>', open) === -1) end = open;
      const amp = data.lastIndexOf('&', end - 1);
      if (amp !== -1 && end - amp < 12 && !data.slice(amp, end).includes(';')) end = amp;
    }
    this.carry = data.slice(end);
    if (this.carry.length > MAX_TAG_CHARS) return 'a tag that never ends';
    if (!this.out.full) this.read(end === data.length ? data : data.slice(0, end));
    return undefined;
  }

  text() {
    return this.out.text();
  }

  private read(xml: string) {
    TOKEN.lastIndex = 0;
    for (let match = TOKEN.exec(xml); match && !this.out.full; match = TOKEN.exec(xml)) {
      const [, closing, name, selfClosing, text] = match;
      if (text !== undefined) {
        if (this.inText) this.out.append(decodeEntities(text));
        continue;
      }
      if (name === 'w:t') this.inText = !closing && !selfClosing;
      else if (name === 'w:tab' && !closing) this.out.append('\t');
      else if ((name === 'w:br' || name === 'w:cr') && !closing) this.out.append('\n');
      else if (name === 'w:p' && (closing || selfClosing)) this.out.append('\n');
      else if (name === 'w:tc' && closing) this.out.append('\t');
    }
  }
}

/** A tag (its attributes may hold a quoted `>`; no quote spans a `<`, so a broken one costs no re-scan), or a run of text between tags. */
const TOKEN = /<(\/?)([A-Za-z_][\w:.-]*)(?:\s(?:[^<>"']|"[^<"]*"|'[^<']*')*)?(\/?)>|([^<]+)/g;
const ENTITY = /&(?:#(\d+)|#x([0-9A-Fa-f]+)|(lt|gt|amp|quot|apos));/g;
const NAMED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

function decodeEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (whole, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (name) return NAMED[name]!;
    const code = decimal ? Number.parseInt(decimal, 10) : Number.parseInt(hex!, 16);
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}
