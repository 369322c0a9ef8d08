import type { ClassificationRule } from './rule-terms';
import { gpai, highRisk, prohibited, scope, transparency } from './rules-categories';
import { duties, minimal, openSource, roles } from './rules-roles-duties';

export { ART_25_TERMS, ART_50_TRIGGERS, DEROGATION_CONDITIONS, GPAI_CATEGORIES, PLACED_BEFORE_HIGH_RISK_OBLIGATIONS, type ClassificationRule, type HighRiskBasis } from './rule-terms';

/**
 * The classification rules by stage, in the order they are evaluated (docs/eu-ai-act-classification.md):
 * scope, prohibited practices, high-risk, general-purpose AI models, roles, transparency (Art. 50 binds a
 * role, so it needs the roles), the open-source exclusion (it needs the categories), minimal risk, and the
 * duties that follow. `besideProhibition`: the stage is still evaluated once a prohibited practice holds;
 * the others are not, so a prohibition stands alone — the practice must stop, nothing says how to run it.
 */
export const CLASSIFICATION_STAGES: readonly { stage: string; rules: readonly ClassificationRule[]; besideProhibition: boolean }[] = [
  { stage: 'scope', rules: scope, besideProhibition: true },
  { stage: 'prohibited', rules: prohibited, besideProhibition: true },
  { stage: 'high_risk', rules: highRisk, besideProhibition: false },
  { stage: 'gpai', rules: gpai, besideProhibition: false },
  { stage: 'roles', rules: roles, besideProhibition: true },
  { stage: 'transparency', rules: transparency, besideProhibition: false },
  { stage: 'open_source', rules: openSource, besideProhibition: false },
  { stage: 'minimal', rules: minimal, besideProhibition: false },
  { stage: 'duties', rules: duties, besideProhibition: false },
];

export const CLASSIFICATION_RULES: readonly ClassificationRule[] = CLASSIFICATION_STAGES.flatMap((s) => s.rules.map((rule) => ({ ...rule, besideProhibition: s.besideProhibition })));
