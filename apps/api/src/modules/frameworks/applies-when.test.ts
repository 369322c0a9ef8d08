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
    const deployer = {
      'eu_ai_act.role': ['deployer'],
      'eu_ai_act.risk_category': ['high-risk'],
      'eu_ai_act.high_risk_basis': ['annex_iii_use_case'],
      'eu_ai_act.organization_context': ['employer'],
      'eu_ai_act.annex_iii_area': ['employment'],
      'eu_ai_act.annex_iii_use_case': ['4a'],
    };
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

  // Tightened against the official text (issue 17, item 15).
  const highRisk = (extra: ScopingAnswers) => ({ 'eu_ai_act.risk_category': ['high-risk'], 'eu_ai_act.high_risk_basis': ['annex_iii_use_case'], ...extra });

  it('Art. 12(3) and 14(5) apply only to Annex III point 1(a) systems', () => {
    const provider = (points: string[], area = 'biometrics') => highRisk({ 'eu_ai_act.role': ['provider'], 'eu_ai_act.annex_iii_area': [area], 'eu_ai_act.annex_iii_use_case': points });
    for (const code of ['Art. 12(3)', 'Art. 14(5)']) {
      expect(applies(code, provider(['1a'])), code).toBe(true);
      expect(applies(code, provider(['1b'])), code).toBe(false);
      expect(applies(code, provider(['1c'])), code).toBe(false);
      expect(applies(code, provider(['4a'], 'employment')), code).toBe(false);
      expect(applies(code.replace(/\(\d+\)$/, '(1)'), provider(['1b'])), code).toBe(true);
    }
  });

  it('Art. 27 binds public bodies and public-service providers (never for point 2) and deployers of points 5(b) and 5(c)', () => {
    const deployer = (extra: ScopingAnswers) => highRisk({ 'eu_ai_act.role': ['deployer'], 'eu_ai_act.organization_context': [], ...extra });
    expect(applies('Art. 27(1)', deployer({ 'eu_ai_act.organization_context': ['public_authority'], 'eu_ai_act.annex_iii_area': ['education'], 'eu_ai_act.annex_iii_use_case': ['3a'] }))).toBe(true);
    expect(applies('Art. 27(1)', deployer({ 'eu_ai_act.organization_context': ['public_service_provider'], 'eu_ai_act.annex_iii_area': ['essential_services'], 'eu_ai_act.annex_iii_use_case': ['5d'] }))).toBe(true);
    expect(applies('Art. 27(1)', deployer({ 'eu_ai_act.organization_context': ['public_authority'], 'eu_ai_act.annex_iii_area': ['critical_infrastructure'], 'eu_ai_act.annex_iii_use_case': ['2'] }))).toBe(false);
    expect(applies('Art. 27(1)', deployer({ 'eu_ai_act.organization_context': ['employer'], 'eu_ai_act.annex_iii_area': ['essential_services'], 'eu_ai_act.annex_iii_use_case': ['5b'] }))).toBe(true);
    expect(applies('Art. 27(1)', deployer({ 'eu_ai_act.organization_context': ['regulated_financial_institution'], 'eu_ai_act.annex_iii_area': ['essential_services'], 'eu_ai_act.annex_iii_use_case': ['5c'] }))).toBe(true);
    // A private deployer of another essential-services use case (5(d)) is not bound.
    expect(applies('Art. 27(1)', deployer({ 'eu_ai_act.organization_context': ['employer'], 'eu_ai_act.annex_iii_area': ['essential_services'], 'eu_ai_act.annex_iii_use_case': ['5d'] }))).toBe(false);
  });

  it('Art. 43(1) applies to Annex III point 1, Art. 43(2) to points 2 to 8', () => {
    const provider = (area: string) => highRisk({ 'eu_ai_act.role': ['provider'], 'eu_ai_act.annex_iii_area': [area] });
    expect(applies('Art. 43(1)', provider('biometrics'))).toBe(true);
    expect(applies('Art. 43(2)', provider('biometrics'))).toBe(false);
    for (const area of ['critical_infrastructure', 'education', 'employment', 'essential_services', 'law_enforcement', 'migration_border', 'justice_democracy']) {
      expect(applies('Art. 43(1)', provider(area)), area).toBe(false);
      expect(applies('Art. 43(2)', provider(area)), area).toBe(true);
    }
  });

  it('Annex I Section B products (machinery) get Art. 6(1) but not the Chapter III requirements', () => {
    const machinery = { 'eu_ai_act.role': ['provider'], 'eu_ai_act.risk_category': ['high-risk'], 'eu_ai_act.high_risk_basis': ['annex_i_section_b_product'] };
    expect(applies('Art. 6(1)', machinery)).toBe(true);
    for (const code of ['Art. 9(1)', 'Art. 10(2)', 'Art. 16(a)', 'Art. 43(3)', 'Art. 72(1)']) expect(applies(code, machinery), code).toBe(false);
    const sectionA = { ...machinery, 'eu_ai_act.high_risk_basis': ['annex_i_product'] };
    for (const code of ['Art. 6(1)', 'Art. 9(1)', 'Art. 43(3)']) expect(applies(code, sectionA), code).toBe(true);
  });

  it('the added articles follow their addressees: Art. 86 deployers (not point 2), Art. 60-61 Annex III providers, Art. 111 by tier', () => {
    const deployer = (area: string) => highRisk({ 'eu_ai_act.role': ['deployer'], 'eu_ai_act.annex_iii_area': [area] });
    expect(applies('Art. 86(1)', deployer('employment'))).toBe(true);
    expect(applies('Art. 86(1)', deployer('critical_infrastructure'))).toBe(false);
    expect(applies('Art. 86(1)', highRisk({ 'eu_ai_act.role': ['provider'], 'eu_ai_act.annex_iii_area': ['employment'] }))).toBe(false);
    const provider = highRisk({ 'eu_ai_act.role': ['provider'] });
    expect(applies('Art. 60(4)', provider)).toBe(true);
    expect(applies('Art. 61(1)', provider)).toBe(true);
    expect(applies('Art. 60(4)', { ...provider, 'eu_ai_act.high_risk_basis': ['annex_i_section_b_product'] })).toBe(false);
    const gpai = { 'eu_ai_act.role': ['gpai_provider'], 'eu_ai_act.risk_category': ['gpai'] };
    expect(applies('Art. 111(3)', gpai)).toBe(true);
    expect(applies('Art. 111(2)', gpai)).toBe(false);
    expect(applies('Art. 91(5)', gpai)).toBe(true);
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
