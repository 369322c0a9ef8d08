// The EU AI Act settings options, classification rules and application dates (as data) and the pure
// classifier; the routes and the applicability engine use these. See docs/eu-ai-act-classification.md.
export { classifyEuAiAct, type EuAiActClassificationResult } from './classify';
export { APPLICATION_DATES, DATES_SOURCE, type ApplicationDateEntry } from './dates';
export { CLASSIFICATION_RULES, type ClassificationRule } from './rules';
export { CONFLICTS, type Conflict } from './conflicts';
export { EU_AI_ACT_SETTING_FIELD_INFO } from './setting-fields';
export { validateEuAiActSettings, type SettingsProblem, type SettingsValidation } from './validate';
