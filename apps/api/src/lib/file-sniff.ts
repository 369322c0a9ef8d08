import type { EvidenceFileType } from '@aegis/contracts';
import { HEAD_BYTES } from './storage/file-storage';

/**
 * What kind of file a stored file is, from its first bytes (the `head` a streamed write answers): the
 * bytes decide, the name only breaks ties where the bytes cannot — which Office document a ZIP is when
 * its entries are not in the head, and which text format a text is. So a PDF renamed `.txt` is a PDF,
 * and a text renamed `.pdf` is a text.
 *
 * The content type answered is only ever one of the passive types below: an HTML or SVG file is a text
 * (text/plain), never served as a page or an image that could run script.
 */
export type SniffedFile = { fileType: EvidenceFileType; contentType: string };

const OFFICE: Record<'docx' | 'xlsx' | 'pptx', SniffedFile> = {
  docx: { fileType: 'docx', contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' },
  xlsx: { fileType: 'xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
  pptx: { fileType: 'pptx', contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation' },
};
/** The folder of the main part of each Office Open XML document inside its ZIP. */
const OFFICE_FOLDERS: [string, keyof typeof OFFICE][] = [
  ['word/', 'docx'],
  ['xl/', 'xlsx'],
  ['ppt/', 'pptx'],
];
const TEXTS: Record<string, SniffedFile> = {
  json: { fileType: 'json', contentType: 'application/json' },
  csv: { fileType: 'csv', contentType: 'text/csv; charset=utf-8' },
  md: { fileType: 'markdown', contentType: 'text/markdown; charset=utf-8' },
  markdown: { fileType: 'markdown', contentType: 'text/markdown; charset=utf-8' },
};
const PLAIN_TEXT: SniffedFile = { fileType: 'text', contentType: 'text/plain; charset=utf-8' };
const OTHER: SniffedFile = { fileType: 'other', contentType: 'application/octet-stream' };

const startsWith = (head: Buffer, bytes: number[] | string, at = 0) => {
  const expected = typeof bytes === 'string' ? Buffer.from(bytes, 'latin1') : Buffer.from(bytes);
  return head.length >= at + expected.length && head.subarray(at, at + expected.length).equals(expected);
};

/** The lower-case extension of the name's last path segment ('' when none). */
function extensionOf(fileName: string): string {
  const base = fileName.split(/[/\\]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/**
 * The entry names of the ZIP's local file headers that lie whole within `head`, in order, and whether
 * that is all of them (the walk reached the central directory).
 */
function zipEntryNames(head: Buffer): { names: string[]; all: boolean } {
  const names: string[] = [];
  let offset = 0;
  for (;;) {
    if (offset + 4 > head.length) return { names, all: false };
    const signature = head.readUInt32LE(offset);
    // The central directory, or the end record of an empty archive.
    if (signature === 0x02014b50 || signature === 0x06054b50) return { names, all: true };
    if (signature !== 0x04034b50 || offset + 30 > head.length) return { names, all: false };
    const flags = head.readUInt16LE(offset + 6);
    const compressedSize = head.readUInt32LE(offset + 18);
    const nameLength = head.readUInt16LE(offset + 26);
    const extraLength = head.readUInt16LE(offset + 28);
    if (offset + 30 + nameLength > head.length) return { names, all: false };
    names.push(head.toString('utf8', offset + 30, offset + 30 + nameLength));
    // With a data descriptor (flag bit 3) the size comes after the data: the next header cannot be found from here.
    if (flags & 0x08) return { names, all: false };
    offset += 30 + nameLength + extraLength + compressedSize;
  }
}

function sniffZip(head: Buffer, extension: string): SniffedFile {
  const { names, all } = zipEntryNames(head);
  for (const [folder, kind] of OFFICE_FOLDERS) if (names.some((name) => name.startsWith(folder))) return OFFICE[kind];
  // Entries beyond the head (or written with data descriptors): the name tells which document it is.
  if (!all && (extension === 'docx' || extension === 'xlsx' || extension === 'pptx')) return OFFICE[extension];
  return { fileType: 'archive', contentType: 'application/zip' };
}

/** Valid UTF-8 without NUL bytes; a character cut by the end of a full head is not held against it. */
function isText(head: Buffer): boolean {
  if (head.includes(0)) return false;
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(head, { stream: head.length >= HEAD_BYTES });
    return true;
  } catch {
    return false;
  }
}

export function sniffFile(head: Buffer, fileName: string): SniffedFile {
  const extension = extensionOf(fileName);
  // Some writers put a byte-order mark or blank lines before the header; readers accept them.
  const leading = /^(?:\xef\xbb\xbf)?[\t\n\r ]*/.exec(head.subarray(0, 64).toString('latin1'))![0].length;
  if (startsWith(head, '%PDF-', leading)) return { fileType: 'pdf', contentType: 'application/pdf' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { fileType: 'image', contentType: 'image/png' };
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { fileType: 'image', contentType: 'image/jpeg' };
  if (startsWith(head, 'GIF87a') || startsWith(head, 'GIF89a')) return { fileType: 'image', contentType: 'image/gif' };
  if (startsWith(head, 'RIFF') && startsWith(head, 'WEBP', 8)) return { fileType: 'image', contentType: 'image/webp' };
  // A ZIP starts with a local file header, or with the end record when it is empty.
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04]) || startsWith(head, [0x50, 0x4b, 0x05, 0x06])) return sniffZip(head, extension);
  if (startsWith(head, [0x1f, 0x8b])) return { fileType: 'archive', contentType: 'application/gzip' };
  if (isText(head)) return TEXTS[extension] ?? PLAIN_TEXT;
  return OTHER;
}
