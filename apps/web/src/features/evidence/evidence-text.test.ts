import { describe, expect, it } from 'vitest';
import { daysUntil, expiryText, heldReason, snippetParts } from './evidence-text';

describe('snippetParts', () => {
  it('flags the matches the server put between « and »', () => {
    expect(snippetParts('the «bias» audit found «no» drift')).toEqual([
      { text: 'the ', match: false },
      { text: 'bias', match: true },
      { text: ' audit found ', match: false },
      { text: 'no', match: true },
      { text: ' drift', match: false },
    ]);
  });

  it('reads a snippet without marks, and an unclosed mark to the end', () => {
    expect(snippetParts('plain text')).toEqual([{ text: 'plain text', match: false }]);
    expect(snippetParts('cut «bias')).toEqual([
      { text: 'cut ', match: false },
      { text: 'bias', match: true },
    ]);
  });
});

describe('expiryText', () => {
  it('says how long is left, or since when it has expired', () => {
    expect(expiryText({ expires_on: null, expiry_state: 'none' })).toBe('Does not expire');
    expect(expiryText({ expires_on: '2026-11-20', expiry_state: 'expired' })).toBe('Expired on 20-11-2026');
    expect(expiryText({ expires_on: '2026-11-24', expiry_state: 'expiring' }, '2026-11-21')).toBe('Expires in 3 days');
    expect(expiryText({ expires_on: '2026-11-22', expiry_state: 'expiring' }, '2026-11-21')).toBe('Expires tomorrow');
    expect(expiryText({ expires_on: '2027-06-30', expiry_state: 'valid' }, '2026-11-21')).toBe('Valid until 30-06-2027');
    expect(daysUntil('2026-12-01', '2026-11-21')).toBe(10);
  });
});

describe('heldReason', () => {
  it('names the approved controls to reopen first', () => {
    expect(heldReason(['MFF-1.DAT.02'])).toBe('Linked to approved control MFF-1.DAT.02: its file cannot be replaced or deleted — reopen the control first.');
    expect(heldReason(['A', 'B'])).toContain('approved controls A, B');
  });
});
