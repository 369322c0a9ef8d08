import { zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { docxText } from './docx-text';
import { extractText } from './extract';
import { MAX_EXTRACT_INPUT_BYTES, MAX_TEXT_CHARS } from './limits';
import { samplePdf, sampleDocx, zipBombDocx } from './sample-files';
import { TextBuilder } from './text-builder';
import { extractInWorker } from './text-pool';

const utf8 = (text: string) => new TextEncoder().encode(text);

describe('extractText', () => {
  it('reads a PDF page by page, line by line', async () => {
    const lines = ['Access control policy (v2)', 'All users sign in with multi-factor authentication.', ...Array.from({ length: 60 }, (_, i) => `Line ${i + 1}`)];
    const result = await extractText(samplePdf(lines), 'pdf');
    expect(result.status).toBe('extracted');
    const text = result.status === 'extracted' ? result.text : '';
    expect(text).toContain('Access control policy (v2)\nAll users sign in with multi-factor authentication.');
    expect(text).toContain('Line 60'); // on the second page
  });

  it('fails a damaged, cut-short or encrypted PDF with the reason, never throwing', async () => {
    expect(await extractText(utf8('%PDF-1.7\nnothing of a PDF follows'), 'pdf')).toEqual({ status: 'failed', error: 'The file is not a valid PDF (it may be damaged or cut short)' });
    expect((await extractText(samplePdf(['x']).subarray(0, 120), 'pdf')).status).toBe('failed');
    expect(await extractText(samplePdf(['secret'], { encrypted: true }), 'pdf')).toEqual({ status: 'failed', error: 'The PDF is encrypted with a password; its text cannot be read' });
  });

  it('reads a DOCX: body, then header and footer, entities decoded, paragraphs on lines', async () => {
    const result = await extractText(sampleDocx(['Risk & <impact> assessment', 'Second paragraph'], { header: 'Confidential', footer: 'Page 1' }), 'docx');
    expect(result).toEqual({ status: 'extracted', text: 'Risk & <impact> assessment\nSecond paragraph\n\nConfidential\n\nPage 1', truncated: false });
  });

  it('stops unpacking a zip bomb at the limit and fails that file alone', async () => {
    const started = Date.now();
    const result = await extractText(zipBombDocx(), 'docx');
    expect(result).toEqual({ status: 'failed', error: 'The Word document unpacks to more than 50 MB of text (a zip bomb?); it was not read' });
    expect(Date.now() - started).toBeLessThan(20_000);
  });

  it('counts what unpacks, whatever the sizes the archive declares', () => {
    const bomb = zipSync({ 'word/document.xml': new Uint8Array(2 * 1024 * 1024).fill(0x20) });
    // The local header's uncompressed size (offset 22) claims 10 bytes.
    new DataView(bomb.buffer).setUint32(22, 10, true);
    expect(() => docxText(bomb, new TextBuilder(), 1024 * 1024)).toThrow(/more than 1 MB/);
  });

  it('fails a zip that is no Word document, or no zip at all', async () => {
    expect(await extractText(zipSync({ 'readme.txt': utf8('hello') }), 'docx')).toEqual({ status: 'failed', error: 'The file is not a Word document: it has no word/document.xml' });
    expect((await extractText(utf8('PK\u0003\u0004 not really a zip'), 'docx')).status).toBe('failed');
  });

  it('reads text, Markdown and CSV as UTF-8 without the byte-order mark or NULs', async () => {
    expect(await extractText(utf8('\ufeff# Backups\n\nDaily, kept 30 days.'), 'markdown')).toEqual({ status: 'extracted', text: '# Backups\n\nDaily, kept 30 days.', truncated: false });
    expect(await extractText(utf8('\ufeffcontrol,owner\r\nMFA,it\u0000ops'), 'csv')).toEqual({ status: 'extracted', text: 'control,owner\nMFA,it ops', truncated: false });
    expect(await extractText(utf8('   \n'), 'text')).toEqual({ status: 'failed', error: 'The file holds no text' });
  });

  it('writes JSON out as key: value lines after the nesting guard', async () => {
    expect(await extractText(utf8('{"policy": {"name": "Encryption", "controls": ["at rest", {"in transit": true}]}, "version": 3}'), 'json')).toEqual({
      status: 'extracted',
      text: 'policy:\n  name: Encryption\n  controls:\n    - at rest\n    -\n      in transit: true\nversion: 3',
      truncated: false,
    });
    expect(await extractText(utf8(`${'['.repeat(33)}${']'.repeat(33)}`), 'json')).toEqual({ status: 'failed', error: 'The JSON is nested more than 32 levels deep (line 1); flatten the document' });
    expect((await extractText(utf8('{"a": '), 'json')).status).toBe('failed');
  });

  it('keeps at most a million characters, and refuses files over 25 MB and types without text', async () => {
    const long = await extractText(utf8('word '.repeat(300_000)), 'text');
    expect(long.status === 'extracted' && long.text.length).toBe(MAX_TEXT_CHARS - 1); // the trailing space is trimmed
    expect(long.status === 'extracted' && long.truncated).toBe(true);
    expect((await extractText(new Uint8Array(MAX_EXTRACT_INPUT_BYTES + 1), 'text')).status).toBe('too_large');
    expect(await extractText(utf8('GIF89a'), 'image')).toEqual({ status: 'unsupported', error: 'Text is not read from image files' });
  });
});

describe('extractInWorker', () => {
  it('extracts in a worker thread and answers a bad file with its reason', async () => {
    expect(await extractInWorker(sampleDocx(['Incident response plan']), 'docx')).toEqual({ status: 'extracted', text: 'Incident response plan', truncated: false });
    expect(await extractInWorker(zipBombDocx(), 'docx')).toMatchObject({ status: 'failed' });
    expect(await extractInWorker(samplePdf(['Vendor due diligence questionnaire']), 'pdf')).toMatchObject({ status: 'extracted', text: 'Vendor due diligence questionnaire' });
  });
});
