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
    expect(appliesReason([role, deployer], { 'eu_ai_act.role': ['deployer', 'importer'] }, labels, 'Art. 26(1)', 'everyone')).toBe('Applies: the EU AI Act role is Deployer — Art. 26(1)');
    expect(appliesReason([undefined, undefined], {}, labels, 'Art. 4', 'it applies to every AI system in the Regulation\'s scope')).toBe("Applies: it applies to every AI system in the Regulation's scope — Art. 4");
    expect(appliesReason([trigger], {}, labels, 'Art. 50(1)', 'x')).toBe('Applies: until answered, as it applies only when the Art. 50 transparency case is Interacts directly with natural persons (not answered yet) — Art. 50(1)');
  });

  it('an excluded row names the condition, the question its answer is to, and the article; a "None of these" answer keeps its words', () => {
    expect(excludedReason([trigger], { 'eu_ai_act.transparency_trigger': ['none'] }, labels, 'Art. 50(1)')).toBe(
      "Does not apply: it applies when the Art. 50 transparency case is Interacts directly with natural persons; this project's Art. 50 transparency case: None of these (no Art. 50 case) — Art. 50(1)",
    );
    expect(excludedReason([role], { 'eu_ai_act.role': ['provider'] }, labels, 'Art. 26(1)')).toBeNull();
  });
});
