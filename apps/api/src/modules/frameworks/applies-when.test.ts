import type { TemplateRequirement } from '@aegis/contracts';
import { describe, expect, it } from 'vitest';
import { evaluateAppliesWhen, isApplicable, type ScopingAnswers } from './applies-when';
import { BUILT_IN_TEMPLATES } from './built-in-templates';

describe('evaluateAppliesWhen', () => {
  const role = { field: 'eu_ai_act.role', in: ['provider'] };

  it('matches a single answer or any of several', () => {
    expect(evaluateAppliesWhen(role, { 'eu_ai_act.role': 'provider' })).toBe(true);
    expect(evaluateAppliesWhen(role, { 'eu_ai_act.role': ['deployer', 'provider'] })).toBe(true);
    expect(evaluateAppliesWhen(role, { 'eu_ai_act.role': ['deployer'] })).toBe(false);
    expect(evaluateAppliesWhen({ field: 'x', equals: 'non_eu' }, { x: 'non_eu' })).toBe(true);
    expect(evaluateAppliesWhen({ field: 'x', equals: true }, { x: false })).toBe(false);
  });

  it('is unknown while a needed answer is missing, and combines three-valued', () => {
    expect(evaluateAppliesWhen(role, {})).toBe('unknown');
    expect(evaluateAppliesWhen(role, { 'eu_ai_act.role': [] })).toBe('unknown');
    expect(evaluateAppliesWhen({ all: [role, { field: 'r', in: ['a'] }] }, { r: 'b' })).toBe(false);
    expect(evaluateAppliesWhen({ all: [role, { field: 'r', in: ['a'] }] }, { r: 'a' })).toBe('unknown');
    expect(evaluateAppliesWhen({ any: [role, { field: 'r', in: ['a'] }] }, { r: 'a' })).toBe(true);
    expect(evaluateAppliesWhen({ any: [role, { field: 'r', in: ['a'] }] }, { r: 'b' })).toBe('unknown');
    expect(evaluateAppliesWhen({ not: role }, { 'eu_ai_act.role': 'deployer' })).toBe(true);
    expect(evaluateAppliesWhen({ not: role }, {})).toBe('unknown');
  });
});

describe('EU AI Act applicability', () => {
  // Conditions from the root down to each requirement, by code.
  const paths = new Map<string, (TemplateRequirement['applies_when'])[]>();
  const walk = (rs: TemplateRequirement[], above: TemplateRequirement['applies_when'][]) => {
    for (const r of rs) {
      const chain = [...above, r.applies_when];
      paths.set(r.code, chain);
      walk(r.children ?? [], chain);
    }
  };
  walk(BUILT_IN_TEMPLATES.EU_AI_ACT.requirements, []);
  const applies = (code: string, answers: ScopingAnswers) => isApplicable(paths.get(code)!, answers);

  it('follows the role and risk category of a high-risk deployer', () => {
    const deployer = { 'eu_ai_act.role': ['deployer'], 'eu_ai_act.risk_category': ['high-risk'], 'eu_ai_act.organization_context': ['employer'], 'eu_ai_act.annex_iii_area': ['employment'] };
    expect(applies('Art. 4', deployer)).toBe(true);
    expect(applies('Art. 5(1)(c)', deployer)).toBe(true);
    expect(applies('Art. 26(1)', deployer)).toBe(true);
    expect(applies('Art. 26(7)', deployer)).toBe(true);
    expect(applies('Art. 26(8)', deployer)).toBe(false);
    expect(applies('Art. 9(1)', deployer)).toBe(false);
    expect(applies('Art. 16(a)', deployer)).toBe(false);
    expect(applies('Art. 53(1)(a)', deployer)).toBe(false);
    expect(applies('Art. 27(1)', deployer)).toBe(false);
    expect(applies('Art. 27(1)', { ...deployer, 'eu_ai_act.organization_context': ['public_authority'] })).toBe(true);
  });

  it('keeps everything applicable until scoping is answered', () => {
    for (const code of ['Art. 9(1)', 'Art. 22(1)', 'Art. 55(1)(a)', 'Art. 50(2)']) expect(applies(code, {})).toBe(true);
  });

  it('reaches systemic-risk and non-EU duties only through their answers', () => {
    const gpai = { 'eu_ai_act.role': ['gpai_provider'], 'eu_ai_act.risk_category': ['gpai'], 'eu_ai_act.establishment': 'eu' };
    expect(applies('Art. 53(1)(c)', gpai)).toBe(true);
    expect(applies('Art. 55(1)(a)', { ...gpai, 'eu_ai_act.model_property': [] })).toBe(true);
    expect(applies('Art. 55(1)(a)', { ...gpai, 'eu_ai_act.model_property': ['open_source_public_weights'] })).toBe(false);
    expect(applies('Art. 55(1)(a)', { ...gpai, 'eu_ai_act.model_property': ['systemic_risk'] })).toBe(true);
    expect(applies('Art. 54(1)', gpai)).toBe(false);
    expect(applies('Art. 54(1)', { ...gpai, 'eu_ai_act.establishment': 'non_eu' })).toBe(true);
  });
});
