import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text of every page, as a reader's copy-and-paste would give it, and the document's title. */
export async function pdfText(bytes: Buffer): Promise<{ pages: number; text: string; title: unknown }> {
  const document = await getDocument({ data: new Uint8Array(bytes), useSystemFonts: false, isEvalSupported: false }).promise;
  const pages: string[] = [];
  for (let n = 1; n <= document.numPages; n += 1) {
    const content = await (await document.getPage(n)).getTextContent();
    pages.push(content.items.map((item) => ('str' in item ? item.str : '')).join(' '));
  }
  const { info } = await document.getMetadata();
  return { pages: document.numPages, text: pages.join('\n').replace(/\s+/g, ' '), title: (info as { Title?: string }).Title };
}

/** Text extraction may split a word where a glyph's width changes: compare without any spaces. */
export const squeezed = (text: string) => text.replace(/\s/g, '');
