import { describe, expect, it } from 'vitest';
import { cleanText, TextBuilder } from './text-builder';

describe('TextBuilder', () => {
  it('cleans what PostgreSQL refuses or search has no use for', () => {
    expect(cleanText('a\u0000b\r\nc\rd\u0007e\tf')).toBe('a b\nc\nd e\tf');
    expect(cleanText('x\uD800y \uDC00z 😀')).toBe('x\uFFFDy \uFFFDz 😀');
  });

  it('stops at its limit without cutting a surrogate pair in half', () => {
    const out = new TextBuilder(5);
    out.append('abcd');
    out.append('😀😀');
    expect(out.text()).toBe('abcd');
    expect(out.full).toBe(false);
    expect(out.truncated).toBe(true);
    out.append('e');
    expect(out.text()).toBe('abcde');
    expect(out.full).toBe(true);
  });
});
