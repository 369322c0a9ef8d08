import { describe, expect, it } from 'vitest';
import { frameworkShortName } from './framework-names';

describe('frameworkShortName', () => {
  it('names the built-in frameworks as people do, not by their codes or full titles', () => {
    expect(frameworkShortName('EU_AI_ACT')).toBe('EU AI Act');
    expect(frameworkShortName('ISO_IEC_42001', 'ISO/IEC 42001:2023 AI management system')).toBe('ISO/IEC 42001');
    expect(frameworkShortName('NIST_AI_RMF', 'NIST AI Risk Management Framework 1.0')).toBe('NIST AI RMF');
  });

  it('uses an organization’s template name when it is short, else its code', () => {
    expect(frameworkShortName('BANK_RULES', 'Bank rules')).toBe('Bank rules');
    expect(frameworkShortName('BANK_RULES', 'Internal rules for the use of AI in retail banking')).toBe('BANK RULES');
    expect(frameworkShortName('BANK_RULES')).toBe('BANK RULES');
  });
});
