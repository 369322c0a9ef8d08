import { describe, expect, it } from 'vitest';
import { buildActivityEntry as entry } from '../../testing/factories';
import { describeActivity } from './activity-text';

describe('describeActivity for evidence', () => {
  const evidence = { object_type: 'evidence', object_id: '0199a0b2-0000-7000-8000-0000000000d1' };
  const control = { object_type: 'control', object_id: '0199a0b2-0000-7000-8000-0000000000b1' };
  const label = { label: 'Risk method' };
  const controlLabel = { label: 'MFF-1.RSK.01 Risk management' };

  it('names an upload, a new version, an expiry and a deletion, with the file', () => {
    expect(describeActivity(entry({ ...evidence, action: 'created', after: { ...label, file_name: 'risk-method.pdf', size: 250_880, component: null } }))).toBe(
      'Ada Lovelace uploaded evidence Risk method (risk-method.pdf, 245 KB)',
    );
    expect(describeActivity(entry({ ...evidence, action: 'created', after: { ...label, file_name: 'risk-method.pdf', size: 1024, component: 'MFF-1.RSK.01 Risk management' } }))).toBe(
      'Ada Lovelace uploaded evidence Risk method (risk-method.pdf, 1 KB) onto MFF-1.RSK.01 Risk management',
    );
    expect(describeActivity(entry({ ...evidence, action: 'version_uploaded', before: { version: 1 }, after: { ...label, version: 2, file_name: 'v2.pdf', size: 2048 } }))).toBe(
      'Ada Lovelace uploaded version 2 of evidence Risk method (v2.pdf, 2 KB)',
    );
    expect(describeActivity(entry({ ...evidence, action: 'expired', after: { ...label, expires_on: '2026-11-20' } }))).toBe('Ada Lovelace recorded that evidence Risk method expired on 20-11-2026');
    expect(describeActivity(entry({ ...evidence, action: 'deleted', after: label }))).toBe('Ada Lovelace deleted evidence Risk method');
  });

  it('names the links on both ends', () => {
    expect(describeActivity(entry({ ...evidence, action: 'control_linked', after: { ...label, control: 'MFF-1.RSK.01 Risk management' } }))).toBe('Ada Lovelace linked MFF-1.RSK.01 Risk management to evidence Risk method');
    expect(describeActivity(entry({ ...evidence, action: 'risk_unlinked', after: { ...label, risk: 'R-3 Model drift' } }))).toBe('Ada Lovelace unlinked evidence Risk method from risk R-3 Model drift');
    expect(describeActivity(entry({ ...control, action: 'evidence_linked', after: { ...controlLabel, evidence: 'Risk method' } }))).toBe('Ada Lovelace linked evidence “Risk method” to control MFF-1.RSK.01 Risk management');
    expect(describeActivity(entry({ ...control, action: 'evidence_unlinked', after: { ...controlLabel, evidence: 'Risk method' } }))).toBe('Ada Lovelace unlinked evidence “Risk method” from control MFF-1.RSK.01 Risk management');
    expect(describeActivity(entry({ object_type: 'risk', action: 'evidence_linked', after: { label: 'R-3 Model drift', evidence: 'Drift report' } }))).toBe('Ada Lovelace linked evidence “Drift report” to risk R-3 Model drift');
  });

  it('names a decided suggestion, with the reason of a dismissal', () => {
    expect(describeActivity(entry({ ...control, action: 'evidence_suggestion_accepted', after: { ...controlLabel, evidence: 'Risk method', relevance: 0.7 } }))).toBe(
      'Ada Lovelace accepted the suggested evidence “Risk method” for control MFF-1.RSK.01 Risk management',
    );
    expect(describeActivity(entry({ ...control, action: 'evidence_suggestion_dismissed', after: { ...controlLabel, evidence: 'Risk method', why: 'Superseded' } }))).toBe(
      'Ada Lovelace dismissed the suggested evidence “Risk method” for control MFF-1.RSK.01 Risk management: “Superseded”',
    );
  });

  it('names what an expiry did to a control', () => {
    expect(describeActivity(entry({ ...control, action: 'evidence_expired', after: { ...controlLabel, evidence: 'Risk method', expires_on: '2026-11-20' } }))).toBe(
      'Ada Lovelace recorded that evidence “Risk method” of control MFF-1.RSK.01 Risk management expired on 20-11-2026: it needs attention',
    );
    expect(describeActivity(entry({ ...control, action: 'needs_attention_changed', after: { ...controlLabel, needs_attention_reason: 'Evidence “Risk method” expired on 2026-11-20' } }))).toBe(
      'Ada Lovelace flagged control MFF-1.RSK.01 Risk management as needing attention: “Evidence “Risk method” expired on 2026-11-20”',
    );
    expect(describeActivity(entry({ ...control, action: 'needs_attention_cleared', after: controlLabel }))).toBe('Ada Lovelace cleared the attention flag of control MFF-1.RSK.01 Risk management');
  });
});
