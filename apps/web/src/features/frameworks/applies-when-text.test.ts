import { describe, expect, it } from 'vitest';
import type { TemplateQuestion } from '@aegis/contracts';
import { appliesWhenReader } from './applies-when-text';

const questionnaire: TemplateQuestion[] = [
  {
    id: 'eu_ai_act.role',
    text: 'What is your role for this AI system?',
    answer_type: 'multi',
    options: [
      { value: 'provider', label: 'Provider (develops it and places it on the market)' },
      { value: 'deployer', label: 'Deployer (uses it under its authority)' },
      { value: 'importer', label: 'Importer' },
    ],
  },
  { id: 'acme.customer_facing', text: 'Do customers use the system directly?', answer_type: 'single', options: [{ value: 'yes', label: 'Yes' }, { value: 'no', label: 'No' }] },
];

const read = appliesWhenReader(questionnaire);

describe('applies_when in words', () => {
  it('names shared fields briefly and options by their label without the explanation', () => {
    expect(read({ field: 'eu_ai_act.role', in: ['provider', 'deployer'] })).toBe('the EU AI Act role is Provider or Deployer');
    expect(read({ field: 'eu_ai_act.role', in: ['provider', 'deployer', 'importer'] })).toBe('the EU AI Act role is Provider, Deployer or Importer');
    expect(read({ field: 'eu_ai_act.annex_iii_use_case', in: ['5b', '5c'] })).toBe('the Annex III use case is 5b or 5c');
  });

  it('quotes the template’s own questions', () => {
    expect(read({ field: 'acme.customer_facing', equals: 'yes' })).toBe('the answer to “Do customers use the system directly?” is Yes');
  });

  it('reads all, any and not, with parentheses where they nest', () => {
    expect(
      read({
        all: [
          { field: 'eu_ai_act.role', in: ['deployer'] },
          { any: [{ field: 'eu_ai_act.risk_category', in: ['high-risk'] }, { field: 'project.project_type', equals: 'organization' }] },
        ],
      }),
    ).toBe('the EU AI Act role is Deployer and (the EU AI Act risk category is high-risk or the project type is Organization)');
    expect(read({ not: { field: 'eu_ai_act.establishment', in: ['non_eu'] } })).toBe('the establishment is not non eu');
    expect(read({ not: { field: 'eu_ai_act.role', in: ['provider', 'importer'] } })).toBe('the EU AI Act role is neither Provider nor Importer');
    expect(read({ not: { any: [{ field: 'acme.customer_facing', equals: 'no' }, { field: 'eu_ai_act.role', equals: 'importer' }] } })).toBe(
      'not (the answer to “Do customers use the system directly?” is No or the EU AI Act role is Importer)',
    );
  });

  it('says yes and no for booleans, humanizes unknown fields, and gives nothing for no condition', () => {
    expect(read({ field: 'other.is_public', equals: true })).toBe('“other is public” is yes');
    expect(read(null)).toBeNull();
    expect(read(undefined)).toBeNull();
  });
});
