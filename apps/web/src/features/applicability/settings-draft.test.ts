import { describe, expect, it } from 'vitest';
import type { EuAiActSettingFieldInfo, EuAiActSettings } from '@aegis/contracts';
import { chooseAnswer, chooseOptions, draftOf, inputOf, sameDraft, shownAnswer } from './settings-draft';

const saved: EuAiActSettings = {
  product_category: 'ai_system',
  role: ['deployer'],
  use_case: null,
  establishment: 'eu',
  model_property: null,
  project_requirements: [],
  critical_issues: null,
  supply_terms: null,
};
const option = (value: string, group: string | null = null) => ({ value, label: value, explanation: '', article: 'Art. 3', group });
const field = (key: EuAiActSettingFieldInfo['key'], multiple: boolean, options = [option('a')]): EuAiActSettingFieldInfo => ({ key, label: key, help: '', multiple, required: false, options });

describe('the settings draft', () => {
  it('holds every answer as a list and sends each field as its kind asks, unanswered ones as null', () => {
    const draft = draftOf(saved);
    expect(draft.product_category).toEqual(['ai_system']);
    expect(draft.use_case).toEqual([]);
    const fields = [field('role', true), field('project_requirements', true), field('product_category', false)];
    expect(inputOf(draft, fields)).toEqual({
      product_category: 'ai_system',
      role: ['deployer'],
      use_case: null,
      establishment: 'eu',
      model_property: null,
      project_requirements: null,
      critical_issues: null,
      supply_terms: null,
    });
  });

  it('compares answers whatever their order', () => {
    const a = draftOf({ ...saved, role: ['deployer', 'importer'] });
    expect(sameDraft(a, draftOf({ ...saved, role: ['importer', 'deployer'] }))).toBe(true);
    expect(sameDraft(a, draftOf(saved))).toBe(false);
  });

  it('lets the option just chosen replace another of its group, and keeps the others', () => {
    const use = field('use_case', true, [option('cv_screening', 'annex_iii'), option('credit', 'annex_iii'), option('chatbot', 'art_50'), option('deepfake')]);
    expect(chooseOptions(use, ['cv_screening', 'chatbot'], ['cv_screening', 'chatbot', 'credit'])).toEqual(['chatbot', 'credit']);
    expect(chooseOptions(use, ['cv_screening'], ['cv_screening', 'deepfake'])).toEqual(['cv_screening', 'deepfake']);
    expect(chooseOptions(use, ['cv_screening', 'chatbot'], ['chatbot'])).toEqual(['chatbot']);
  });

  it('keeps “None of these” apart from the other options', () => {
    const does = field('project_requirements', true, [option('profiles_natural_persons'), option('interacts_with_people'), option('none')]);
    expect(chooseOptions(does, ['profiles_natural_persons', 'interacts_with_people'], ['profiles_natural_persons', 'interacts_with_people', 'none'])).toEqual(['none']);
    expect(chooseOptions(does, ['none'], ['none', 'interacts_with_people'])).toEqual(['interacts_with_people']);
    expect(chooseOptions(does, ['none'], [])).toEqual([]);
  });
});

// Issue 29, item 14: a questionnaire's "None of these" never stands beside a chosen option.
describe('a questionnaire answer', () => {
  it('keeps “none” apart from the other options as it is chosen', () => {
    expect(chooseAnswer(['faces', 'voices'], ['faces', 'voices', 'none'])).toEqual(['none']);
    expect(chooseAnswer(['none'], ['none', 'faces'])).toEqual(['faces']);
    expect(chooseAnswer(['faces'], ['faces', 'voices'])).toEqual(['faces', 'voices']);
    expect(chooseAnswer(['none'], [])).toEqual([]);
  });

  it('shows a stored “none” beside a chosen option as the chosen option only', () => {
    expect(shownAnswer(['none', 'faces'])).toEqual(['faces']);
    expect(shownAnswer(['none'])).toEqual(['none']);
    expect(shownAnswer(null)).toBeNull();
  });
});
