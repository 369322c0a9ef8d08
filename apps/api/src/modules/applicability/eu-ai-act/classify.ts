import {
  EU_AI_ACT_CATEGORIES,
  EU_AI_ACT_CATEGORY_LABELS,
  EU_AI_ACT_ROLES,
  type ApplicationDate,
  type ClassificationReason,
  type EuAiActCategory,
  type EuAiActClassification,
  type EuAiActRole,
  type EuAiActSettingField,
  type EuAiActSettings,
} from '@aegis/contracts';
import { evaluateAppliesWhen } from '../../frameworks/applies-when';
import { applicableArticles } from './articles';
import { CONFLICTS } from './conflicts';
import { APPLICATION_DATES } from './dates';
import { type Facts, isAnswered, settingsFacts, valuesOf } from './facts';
import { ART_25_TERMS, ART_50_TRIGGERS, CLASSIFICATION_RULES, GPAI_CATEGORIES, type HighRiskBasis } from './rules';
import { deriveScoping } from './scoping';
import { EU_AI_ACT_SETTING_FIELD_INFO } from './setting-fields';
import { AUTHORISED_REAL_TIME_RBI } from './use-cases';

export interface EuAiActClassificationResult {
  classification: EuAiActClassification;
  /** Answers to the EU_AI_ACT template's `eu_ai_act.*` scoping questions; a field left out is unknown. */
  scoping: Record<string, string[]>;
  /** Why the whole Regulation does not apply (with its article), or null when it may. */
  outOfScopeReason: string | null;
}

const HIGH_RISK_BASES: readonly HighRiskBasis[] = ['annex_i_section_a', 'annex_i_section_b', 'annex_iii', 'annex_iii_derogation'];
const LOCATIONS = ['eu', 'non_eu_reaching_eu', 'non_eu_not_reaching_eu'];
const ALWAYS_REQUIRED = EU_AI_ACT_SETTING_FIELD_INFO.filter((f) => f.required).map((f) => f.key);
const holds = (facts: Facts, fact: string) => facts[`is.${fact}`] === true;

/**
 * Classifies a system or model from its EU AI Act settings by running the rules of rules.ts in order.
 * The categories stack (high-risk and transparency and GPAI at once); out of scope stands alone, and so
 * does a prohibited practice (with the roles that say who the prohibition binds).
 * `today` decides which application dates already apply.
 */
export function classifyEuAiAct(settings: EuAiActSettings, today: Date): EuAiActClassificationResult {
  const facts = settingsFacts(settings);
  for (const fact of [...EU_AI_ACT_CATEGORIES, ...EU_AI_ACT_ROLES, ...HIGH_RISK_BASES.map((b) => `basis.${b}`)]) facts[`is.${fact}`] = false;

  const reasons: (ClassificationReason & { outOfScope: boolean })[] = [];
  for (const rule of CLASSIFICATION_RULES) {
    if (holds(facts, 'out_of_scope') && !rule.adds.outOfScope) continue;
    if (holds(facts, 'prohibited') && rule.besideProhibition !== true) continue;
    if (evaluateAppliesWhen(rule.when, facts) !== true) continue;
    const { outOfScope, category, highRiskBasis, roles } = rule.adds;
    if (outOfScope) facts['is.out_of_scope'] = true;
    if (category) facts[`is.${category}`] = true;
    if (highRiskBasis) facts[`is.basis.${highRiskBasis}`] = true;
    for (const role of roles ?? []) facts[`is.${role}`] = true;
    reasons.push({ rule: rule.id, text: rule.text, article: rule.article, outOfScope: outOfScope === true });
  }

  const outOfScope = holds(facts, 'out_of_scope');
  const categories: EuAiActCategory[] = outOfScope ? ['out_of_scope'] : EU_AI_ACT_CATEGORIES.filter((c) => holds(facts, c));
  const roles: EuAiActRole[] = outOfScope ? [] : EU_AI_ACT_ROLES.filter((r) => holds(facts, r));
  const highRiskBasis = outOfScope ? [] : HIGH_RISK_BASES.filter((b) => holds(facts, `basis.${b}`));
  const kept = reasons.filter((r) => r.outOfScope === outOfScope).map(({ rule, text, article }) => ({ rule, text, article }));
  const warnings = CONFLICTS.filter((c) => c.outcome === 'warn' && evaluateAppliesWhen(c.when, facts) === true).map((c) => ({
    rule: c.id,
    text: c.message,
    article: c.article,
  }));

  const missing = outOfScope ? [] : missingFields(facts);
  const scoping = deriveScoping({ facts, categories, highRiskBasis, roles, categoriesKnown: categoriesKnown(facts), rolesKnown: rolesKnown(facts) });
  const answeredAny = EU_AI_ACT_SETTING_FIELD_INFO.some((f) => isAnswered(facts, f.key));
  const dates: ApplicationDate[] = APPLICATION_DATES.filter((d) => !outOfScope && answeredAny && evaluateAppliesWhen(d.relevantWhen, facts) === true)
    .map((d) => ({ date: d.date, what: d.what, basis: d.basis, applies_now: d.date <= isoDay(today) }))
    .sort((a, b) => a.date.localeCompare(b.date));

  const classification: EuAiActClassification = {
    status: missing.length > 0 ? 'incomplete' : 'complete',
    missing,
    categories,
    high_risk_basis: highRiskBasis,
    roles,
    label: categories.length > 0 ? categories.map((c) => EU_AI_ACT_CATEGORY_LABELS[c]).join(' · ') : 'Not classified yet',
    reasons: kept,
    warnings,
    // Nothing answered yet: no article list (it would be every article, since an unanswered question never hides one).
    applicable_articles: outOfScope || !answeredAny ? [] : applicableArticles(scoping),
    dates,
  };
  const first = kept[0];
  return { classification, scoping, outOfScopeReason: outOfScope && first ? `${first.text} (${first.article})` : null };
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const isGpai = (facts: Facts) => valuesOf(facts, 'product_category').some((v) => GPAI_CATEGORIES.includes(v));

/** The required fields still unanswered; establishment needs a location, and a GPAI model its properties. */
function missingFields(facts: Facts): EuAiActSettingField[] {
  const missing = ALWAYS_REQUIRED.filter((f) => !isAnswered(facts, f));
  if (isAnswered(facts, 'establishment') && !valuesOf(facts, 'establishment').some((v) => LOCATIONS.includes(v))) missing.push('establishment');
  if (isGpai(facts) && !isAnswered(facts, 'model_property')) missing.push('model_property');
  return EU_AI_ACT_SETTING_FIELD_INFO.map((f) => f.key).filter((k) => missing.includes(k));
}

/** The answers every category rule reads are given. */
function categoriesKnown(facts: Facts): boolean {
  const needed: EuAiActSettingField[] = ['product_category', 'use_case', 'project_requirements', 'critical_issues'];
  if (isGpai(facts)) needed.push('model_property');
  if (valuesOf(facts, 'use_case').includes(AUTHORISED_REAL_TIME_RBI)) needed.push('establishment');
  // Art. 50 binds a role (50(1)–(2) providers, 50(3)–(4) deployers): the transparency category needs the roles.
  if (valuesOf(facts, 'project_requirements').some((v) => ART_50_TRIGGERS.includes(v))) needed.push('role', 'supply_terms');
  return needed.every((f) => isAnswered(facts, f));
}

/** The answers the roles depend on are given (Art. 25 changes and product manufacturers also need the categories). */
function rolesKnown(facts: Facts): boolean {
  if (!(['product_category', 'role', 'supply_terms'] as const).every((f) => isAnswered(facts, f))) return false;
  const dependsOnHighRisk = valuesOf(facts, 'supply_terms').some((v) => ART_25_TERMS.includes(v)) || valuesOf(facts, 'role').includes('product_manufacturer');
  return !dependsOnHighRisk || categoriesKnown(facts);
}
