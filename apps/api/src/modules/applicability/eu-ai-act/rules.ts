import type { ClassificationRule } from './rule-terms';
import { gpai, highRisk, prohibited, scope, transparency } from './rules-categories';
import { duties, minimal, openSource, roles } from './rules-roles-duties';

export { ART_25_TERMS, DEROGATION_CONDITIONS, GPAI_CATEGORIES, type ClassificationRule, type HighRiskBasis } from './rule-terms';

/**
 * The classification rules, in the order they are evaluated (docs/eu-ai-act-classification.md): scope,
 * prohibited practices, high-risk, transparency, general-purpose AI models, roles, the open-source
 * exclusion (it needs the categories), minimal risk, and the duties that follow.
 */
export const CLASSIFICATION_RULES: readonly ClassificationRule[] = [
  ...scope,
  ...prohibited,
  ...highRisk,
  ...transparency,
  ...gpai,
  ...roles,
  ...openSource,
  ...minimal,
  ...duties,
];
