import { describe, expect, it } from 'vitest';
import { disposition } from '../modules/evidence/evidence-download';
import { attachment } from './attachment';
import { MAX_FILE_NAME, safeFileName } from './file-name';

// Issue 29, item 9: the one file-name rule of every upload.
describe('safeFileName', () => {
  it('keeps characters outside the Basic Multilingual Plane whole', () => {
    expect(safeFileName('Growth 📈 𝒜 🤗.pdf')).toBe('Growth 📈 𝒜 🤗.pdf');
  });

  it('strips bidirectional controls, so a name shows as it is', () => {
    expect(safeFileName('photo\u202Egnp.exe')).toBe('photognp.exe');
    expect(safeFileName('\u2066a\u2067b\u2068c\u2069\u200e\u200f\u061c\u202a\u202b\u202c\u202d.txt')).toBe('abc.txt');
  });

  it('drops control characters and lone surrogates, keeps the last path segment, falls back when nothing is left', () => {
    expect(safeFileName('C:\\Users\\me\\re\u0000port\u0007\ud800.txt')).toBe('report.txt');
    expect(safeFileName('../..')).toBe('file');
    expect(safeFileName('\u202E', '')).toBe('');
  });

  it('cuts a long name by characters, an emoji never split, keeping the extension', () => {
    const cut = safeFileName(`${'😀'.repeat(300)}.pdf`);
    expect([...cut]).toHaveLength(MAX_FILE_NAME);
    expect(cut.endsWith('😀.pdf')).toBe(true);
  });

  it('downloads name their file without bidirectional controls', () => {
    expect(attachment('photo\u202Egnp', 'pdf')).toBe("attachment; filename=\"photognp.pdf\"; filename*=UTF-8''photognp.pdf");
    // An evidence stored before the rule keeps its name in the database; its download drops them.
    expect(disposition('attachment', 'photo\u202Egnp.exe')).toBe("attachment; filename=\"photognp.exe\"; filename*=UTF-8''photognp.exe");
  });
});
