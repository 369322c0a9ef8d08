import { EU_AI_ACT_SETTING_FIELDS, type EuAiActSettings } from '@aegis/contracts';
import type { ScopingAnswers } from '../../frameworks/applies-when';

/**
 * What the rules, conflicts and dates conditions are evaluated over: each settings field by its key (a
 * value or a list; an unanswered field is absent, so conditions over it stay unknown), `answered.<field>`,
 * and the derived facts `is.<category>` / `is.<role>`, which are always true or false.
 */
export type Facts = Record<string, string | boolean | string[]>;

export function settingsFacts(settings: EuAiActSettings): Facts {
  const facts: Facts = {};
  for (const field of EU_AI_ACT_SETTING_FIELDS) {
    const value = settings[field];
    const given = value === null ? [] : Array.isArray(value) ? value : [value];
    facts[`answered.${field}`] = given.length > 0;
    if (given.length > 0) facts[field] = Array.isArray(value) ? [...given] : given[0]!;
  }
  return facts;
}

export const isAnswered = (facts: Facts, field: string): boolean => facts[`answered.${field}`] === true;

/** The chosen values of a field (none when unanswered). */
export function valuesOf(facts: Facts, field: string): string[] {
  const value = facts[field];
  return typeof value === 'string' ? [value] : Array.isArray(value) ? value : [];
}

export const asAnswers = (facts: Facts): ScopingAnswers => facts;
