import type { AppliesWhen, TemplateRequirement } from '@aegis/contracts';

/** Scoping answers by field id: a single answer is a scalar, a multiple-choice answer an array. */
export type ScopingAnswers = Readonly<Record<string, string | number | boolean | readonly (string | number | boolean)[] | null | undefined>>;

/** `unknown` when the answers a condition needs are missing: scoping is not finished yet. */
export type Truth = true | false | 'unknown';

/**
 * Evaluates an applies_when condition (docs/framework-templates.md). Three-valued so that an unanswered
 * question never hides a requirement: only a condition that is definitely false makes it not applicable.
 */
export function evaluateAppliesWhen(condition: AppliesWhen, answers: ScopingAnswers): Truth {
  if ('all' in condition) {
    const results = condition.all.map((c) => evaluateAppliesWhen(c, answers));
    return results.includes(false) ? false : results.includes('unknown') ? 'unknown' : true;
  }
  if ('any' in condition) {
    const results = condition.any.map((c) => evaluateAppliesWhen(c, answers));
    return results.includes(true) ? true : results.includes('unknown') ? 'unknown' : false;
  }
  if ('not' in condition) {
    const result = evaluateAppliesWhen(condition.not, answers);
    return result === 'unknown' ? result : !result;
  }
  const answer = answers[condition.field];
  const given = Array.isArray(answer) ? answer : answer === null || answer === undefined ? [] : [answer];
  if (given.length === 0) return 'unknown';
  const wanted = 'in' in condition ? condition.in : [condition.equals];
  return given.some((value) => wanted.includes(value));
}

/** A requirement applies unless its own condition or an ancestor's is definitely false. */
export function isApplicable(conditions: readonly (AppliesWhen | undefined)[], answers: ScopingAnswers): boolean {
  return conditions.every((c) => c === undefined || evaluateAppliesWhen(c, answers) !== false);
}

/**
 * The date from which a requirement applies to a project with these answers: the nearest dated node of its
 * chain (the requirement, then its ancestors; pass them root first), its first `applies_from_when` case
 * whose condition definitely holds, otherwise its `applies_from`. Null when no node is dated.
 */
export function appliesFromFor(chain: readonly Pick<TemplateRequirement, 'applies_from' | 'applies_from_when'>[], answers: ScopingAnswers): string | null {
  for (let i = chain.length - 1; i >= 0; i--) {
    const node = chain[i]!;
    if (!node.applies_from) continue;
    return node.applies_from_when?.find((c) => evaluateAppliesWhen(c.when, answers) === true)?.date ?? node.applies_from;
  }
  return null;
}
