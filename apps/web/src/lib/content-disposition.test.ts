import { describe, expect, it } from 'vitest';
import { filenameFromContentDisposition } from './content-disposition';

describe('filenameFromContentDisposition', () => {
  it('prefers the UTF-8 name, then the quoted or bare one', () => {
    expect(filenameFromContentDisposition(`attachment; filename="a.pdf"; filename*=UTF-8''%E2%82%AC%20rates.pdf`)).toBe('€ rates.pdf');
    expect(filenameFromContentDisposition('attachment; filename="risk \\"list\\".csv"')).toBe('risk "list".csv');
    expect(filenameFromContentDisposition('attachment; filename=report.pdf; size=3')).toBe('report.pdf');
  });

  it('gives undefined without a name', () => {
    expect(filenameFromContentDisposition(null)).toBeUndefined();
    expect(filenameFromContentDisposition('inline')).toBeUndefined();
    expect(filenameFromContentDisposition('attachment; filename=""')).toBeUndefined();
  });
});
