import { describe, expect, it } from 'vitest';
import { appliesReason, articleOf, excludedReason, notApplicableReason, questionLabels } from './reasons';

const labels = questionLabels([
  [
    {
      id: 'eu_ai_act.role',
      text: 'What is your role for this AI system or model under the EU AI Act?',
      answer_type: 'multi',
      options: [
        { value: 'provider', label: 'Provider (develops it, or has it developed)' },
        { value: 'deployer', label: 'Deployer (uses it under its authority)' },
        { value: 'importer', label: 'Importer' },
      ],
    },
    {
      id: 'eu_ai_act.transparency_trigger',
      text: 'Which transparency cases apply?',
      answer_type: 'multi',
      options: [
        { value: 'interacts', label: 'Interacts directly with natural persons' },
        { value: 'none', label: 'None of these (no Art. 50 case)' },
      ],
    },
    { id: 'eu_ai_act.establishment', text: 'Where is the organization established?', answer_type: 'single', options: [{ value: 'non_eu', label: 'Outside the EU' }, { value: 'eu', label: 'In the EU' }] },
  ],
  [{ id: 'acme.customer_facing', text: 'Do customers use the system directly?', answer_type: 'single', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] }],
]);

describe('notApplicableReason', () => {
  const role = { field: 'eu_ai_act.role', in: ['provider', 'importer'] };

  it('names the failing condition and the answer with the questionnaire labels', () => {
    expect(notApplicableReason([role], { 'eu_ai_act.role': ['deployer'] }, labels)).toBe('Applies when the EU AI Act role is Provider or Importer; this project\'s answer: Deployer');
    expect(notApplicableReason([{ field: 'acme.customer_facing', equals: 'yes' }], { 'acme.customer_facing': ['no'] }, labels)).toBe(
      'Applies when the answer to “Do customers use the system directly?” is Yes; this project\'s answer: No',
    );
    expect(notApplicableReason([{ field: 'project.project_type', equals: 'ai_application' }], { 'project.project_type': 'organization' }, labels)).toBe(
      'Applies when the project type is AI application; this project\'s answer: Organization',
    );
  });

  it('explains the first false part of an all, an ancestor before the requirement itself', () => {
    const own = { all: [{ field: 'eu_ai_act.establishment', equals: 'non_eu' }, role] };
    expect(notApplicableReason([undefined, own], { 'eu_ai_act.role': ['provider'], 'eu_ai_act.establishment': ['eu'] }, labels)).toBe(
      'Applies when the establishment is Outside the EU; this project\'s answer: In the EU',
    );
    expect(notApplicableReason([role, own], { 'eu_ai_act.role': ['deployer'], 'eu_ai_act.establishment': ['eu'] }, labels)).toContain('role is Provider or Importer');
  });

  it('lists every answer an any reads, and says not for a not', () => {
    const either = { any: [role, { field: 'eu_ai_act.establishment', equals: 'non_eu' }] };
    expect(notApplicableReason([either], { 'eu_ai_act.role': ['deployer'], 'eu_ai_act.establishment': 'eu' }, labels)).toBe(
      'Applies when the EU AI Act role is Provider or Importer or the establishment is Outside the EU; this project\'s answers: EU AI Act role: Deployer; establishment: In the EU',
    );
    expect(notApplicableReason([{ not: role }], { 'eu_ai_act.role': ['provider'] }, labels)).toBe('Applies when the EU AI Act role is not Provider or Importer; this project\'s answer: Provider');
  });

  it('is null while the conditions hold or their answers are missing (three-valued)', () => {
    expect(notApplicableReason([role], {}, labels)).toBeNull();
    expect(notApplicableReason([role, undefined], { 'eu_ai_act.role': ['importer'] }, labels)).toBeNull();
    expect(notApplicableReason([{ all: [role, { field: 'eu_ai_act.establishment', equals: 'non_eu' }] }], { 'eu_ai_act.role': ['provider'] }, labels)).toBeNull();
  });
});

describe('the statement of applicability reasons (issue 30, item 16)', () => {
  const role = { field: 'eu_ai_act.role', in: ['provider', 'deployer'] };
  const deployer = { field: 'eu_ai_act.role', in: ['deployer'] };
  const trigger = { field: 'eu_ai_act.transparency_trigger', in: ['interacts'] };

  it('names the article a reference cites', () => {
    expect(articleOf('Regulation (EU) 2024/1689, Art. 26(1)', 'Art. 26(1)')).toBe('Art. 26(1)');
    expect(articleOf('Regulation (EU) 2024/1689, Article 4', 'Article 4')).toBe('Art. 4');
    expect(articleOf(null, 'A.6.1.2')).toBe('A.6.1.2');
  });

  it('an included row says which conditions hold, with the answers that make them hold, the most specific per question, and its article', () => {
    expect(appliesReason([role, deployer], { 'eu_ai_act.role': ['deployer', 'importer'] }, labels, 'Art. 26(1)', 'everyone')).toBe('Applies: you are the deployer of this AI system — Art. 26(1)');
    expect(appliesReason([undefined, undefined], {}, labels, 'Art. 4', 'it applies to every AI system in the Regulation\'s scope')).toBe("Applies: it applies to every AI system in the Regulation's scope — Art. 4");
    expect(appliesReason([trigger], {}, labels, 'Art. 50(1)', 'x')).toBe('Applies: until answered, as it applies only when the Art. 50 transparency case is Interacts directly with natural persons (not answered yet) — Art. 50(1)');
  });

  it('the EU AI Act answers read as one sentence about this operator and this system', () => {
    const answers = {
      'eu_ai_act.role': ['deployer'],
      'eu_ai_act.risk_category': ['high-risk'],
      'eu_ai_act.high_risk_basis': ['annex_iii_use_case'],
      'eu_ai_act.annex_iii_use_case': ['4a', '5b'],
      'eu_ai_act.organization_context': ['public_authority', 'employer'],
    };
    const conditions = [
      { all: [deployer, { field: 'eu_ai_act.risk_category', in: ['high-risk'] }] },
      { field: 'eu_ai_act.annex_iii_use_case', in: ['4a'] },
    ];
    expect(appliesReason(conditions, answers, labels, 'Art. 26(1)', 'x')).toBe('Applies: you are the deployer of an Annex III point 4(a) system — Art. 26(1)');
    const fria = [{ all: [deployer, { field: 'eu_ai_act.high_risk_basis', in: ['annex_iii_use_case'] }, { field: 'eu_ai_act.organization_context', in: ['public_authority', 'public_service_provider'] }] }];
    expect(appliesReason(fria, answers, labels, 'Art. 27(1)', 'x')).toBe('Applies: you are the deployer of an Annex III point 4(a) and 5(b) system; your organization is a body governed by public law — Art. 27(1)');
    // No role among the conditions (a classification rule): the system alone.
    expect(appliesReason([{ field: 'eu_ai_act.high_risk_basis', in: ['annex_i_product', 'annex_i_section_b_product'] }], { 'eu_ai_act.high_risk_basis': ['annex_i_section_b_product'] }, labels, 'Art. 6(1)', 'x')).toBe(
      'Applies: this is a high-risk system under Annex I Section B — Art. 6(1)',
    );
    const model = { 'eu_ai_act.role': ['gpai_provider'], 'eu_ai_act.model_property': ['systemic_risk_compute'] };
    expect(appliesReason([{ all: [{ field: 'eu_ai_act.role', in: ['gpai_provider'] }, { field: 'eu_ai_act.model_property', in: ['systemic_risk_compute', 'systemic_risk_designated'] }] }], model, labels, 'Art. 55(1)', 'x')).toBe(
      'Applies: you are the provider of a general-purpose AI model with systemic risk; the model was trained with more than 10^25 FLOP (or foreseeably will be) — Art. 55(1)',
    );
    const chatbot = { 'eu_ai_act.role': ['provider'], 'eu_ai_act.transparency_trigger': ['interacts_with_people'] };
    expect(appliesReason([{ all: [{ field: 'eu_ai_act.role', in: ['provider'] }, { field: 'eu_ai_act.transparency_trigger', in: ['interacts_with_people'] }] }], chatbot, labels, 'Art. 50(1)', 'x')).toBe(
      'Applies: you are the provider of this AI system; the system interacts directly with people — Art. 50(1)',
    );
  });

  it('an excluded EU AI Act row says what the condition binds and what this project is', () => {
    expect(excludedReason([{ field: 'eu_ai_act.role', in: ['importer'] }], { 'eu_ai_act.role': ['deployer'] }, labels, 'Art. 23(1)')).toBe('Does not apply: it binds the importer; you are the deployer — Art. 23(1)');
    expect(excludedReason([{ field: 'eu_ai_act.role', in: ['gpai_provider'] }], { 'eu_ai_act.role': ['provider'] }, labels, 'Art. 53(1)')).toBe(
      'Does not apply: it binds the provider of a general-purpose AI model; you are the provider of an AI system — Art. 53(1)',
    );
    expect(excludedReason([{ field: 'eu_ai_act.annex_iii_use_case', in: ['1a'] }], { 'eu_ai_act.annex_iii_use_case': ['4a'] }, labels, 'Art. 14(5)')).toBe(
      'Does not apply: it applies only to an Annex III point 1(a) system; this is an Annex III point 4(a) system — Art. 14(5)',
    );
    expect(excludedReason([{ not: { field: 'eu_ai_act.high_risk_basis', in: ['annex_i_section_b_product'] } }], { 'eu_ai_act.high_risk_basis': ['annex_i_section_b_product'] }, labels, 'Art. 4')).toBe(
      'Does not apply: it applies except to a high-risk system under Annex I Section B; this is a high-risk system under Annex I Section B — Art. 4',
    );
    expect(excludedReason([{ field: 'eu_ai_act.organization_context', in: ['law_enforcement'] }], { 'eu_ai_act.organization_context': ['none'] }, labels, 'Art. 26(10)')).toBe(
      'Does not apply: it applies when your organization is a law enforcement authority (or acts on its behalf); your organization is none of these kinds — Art. 26(10)',
    );
  });

  it('an excluded row names the condition, the question its answer is to, and the article; a "None of these" answer keeps its words', () => {
    expect(excludedReason([trigger], { 'eu_ai_act.transparency_trigger': ['none'] }, labels, 'Art. 50(1)')).toBe(
      "Does not apply: it applies when the Art. 50 transparency case is Interacts directly with natural persons; this project's Art. 50 transparency case: None of these (no Art. 50 case) — Art. 50(1)",
    );
    expect(excludedReason([role], { 'eu_ai_act.role': ['provider'] }, labels, 'Art. 26(1)')).toBeNull();
  });
});
