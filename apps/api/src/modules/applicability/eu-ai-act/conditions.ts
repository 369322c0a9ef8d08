import type { AppliesWhen, EuAiActSettingField } from '@aegis/contracts';

/**
 * Shorthands for the conditions of the rules, conflicts and dates tables. They are the `applies_when`
 * language of the framework templates (evaluated three-valued by evaluateAppliesWhen) over the facts of
 * facts.ts: the settings by field key, `answered.<field>`, and the derived `is.<category>`, `is.<role>` and
 * `is.basis.<high-risk basis>`.
 */

/** The field's answer is one of the values (for a list, any of its values is). */
export const chosen = (field: EuAiActSettingField, ...values: string[]): AppliesWhen => ({ field, in: values });

/** A derived fact: a category (`high_risk`, `out_of_scope`, …), a role (`provider`, …) or `basis.<basis>` holds. */
export const holds = (fact: string): AppliesWhen => ({ field: `is.${fact}`, equals: true });

export const answered = (field: EuAiActSettingField): AppliesWhen => ({ field: `answered.${field}`, equals: true });

export const all = (...conditions: AppliesWhen[]): AppliesWhen => ({ all: conditions });
export const any = (...conditions: AppliesWhen[]): AppliesWhen => ({ any: conditions });
export const not = (condition: AppliesWhen): AppliesWhen => ({ not: condition });
