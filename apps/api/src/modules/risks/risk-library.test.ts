import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { RISK_LIBRARY } from './risk-library';

const mff = JSON.parse(readFileSync(path.resolve(__dirname, '../frameworks/content/MFF-1.json'), 'utf8')) as { controls: { code: string }[] };
const codes = new Set(mff.controls.map((c) => c.code));

describe('the risk library', () => {
  it('suggests only MFF-1 controls that exist', () => {
    for (const risk of RISK_LIBRARY) {
      expect(risk.suggested_controls.length, risk.id).toBeGreaterThan(0);
      for (const code of risk.suggested_controls) expect(codes.has(code), `${risk.id}: ${code}`).toBe(true);
    }
  });

  it('has unique ids and names, and covers the common AI risks', () => {
    expect(new Set(RISK_LIBRARY.map((r) => r.id)).size).toBe(RISK_LIBRARY.length);
    expect(new Set(RISK_LIBRARY.map((r) => r.name)).size).toBe(RISK_LIBRARY.length);
    for (const id of ['harmful-bias', 'model-drift', 'hallucination', 'privacy-leakage', 'prompt-injection', 'over-reliance', 'data-poisoning', 'model-extraction', 'harmful-content', 'ip-infringement', 'lack-of-transparency', 'supply-chain']) {
      expect(RISK_LIBRARY.some((r) => r.id === id), id).toBe(true);
    }
  });
});
