import { EU_AI_ACT_SETTING_FIELDS, type EuAiActSettingField, type EuAiActSettingFieldInfo, type EuAiActSettings, type EuAiActSettingsInput } from '@aegis/contracts';

/** A field's answer as the form holds it: a list (of one, for a single choice); empty when unanswered. */
export type Draft = Record<EuAiActSettingField, string[]>;

export function draftOf(settings: EuAiActSettings): Draft {
  const answer = (value: EuAiActSettings[EuAiActSettingField]) => (value === null ? [] : Array.isArray(value) ? [...value] : [value]);
  return Object.fromEntries(EU_AI_ACT_SETTING_FIELDS.map((field) => [field, answer(settings[field])])) as Draft;
}

/** The body the form sends: every field, unanswered ones as null (which clears them). */
export function inputOf(draft: Draft, fields: readonly EuAiActSettingFieldInfo[]): EuAiActSettingsInput {
  const multiple = new Set(fields.filter((field) => field.multiple).map((field) => field.key));
  return Object.fromEntries(
    EU_AI_ACT_SETTING_FIELDS.map((field) => {
      const values = draft[field];
      if (values.length === 0) return [field, null];
      return [field, multiple.has(field) ? values : values[0]];
    }),
  ) as EuAiActSettingsInput;
}

export function sameDraft(a: Draft, b: Draft): boolean {
  return EU_AI_ACT_SETTING_FIELDS.every((field) => {
    const left = [...a[field]].sort();
    const right = [...b[field]].sort();
    return left.length === right.length && left.every((value, index) => value === right[index]);
  });
}

/** The option that says none of the others holds: it excludes every other option of its field. */
export const NONE_OPTION = 'none';

/**
 * A multiple choice as the person changed it, with the options that exclude each other (as the API
 * checks them) kept apart: the one just chosen replaces any other of its group, "None of these" replaces
 * everything else, and anything else replaces "None of these".
 */
export function chooseOptions(field: EuAiActSettingFieldInfo, before: readonly string[], after: readonly string[]): string[] {
  const added = after.filter((value) => !before.includes(value));
  if (added.includes(NONE_OPTION)) return [NONE_OPTION];
  const groupOf = new Map(field.options.map((option) => [option.value, option.group]));
  const newGroups = new Set(added.map((value) => groupOf.get(value)).filter((group): group is string => Boolean(group)));
  return after.filter((value) => added.includes(value) || (!newGroups.has(groupOf.get(value) ?? '') && !(added.length > 0 && value === NONE_OPTION)));
}

/**
 * A questionnaire's multiple choice as the person changed it (issue 29, item 14): "none" just chosen
 * replaces everything else, anything else chosen replaces "none", as the API checks it.
 */
export function chooseAnswer(before: readonly string[], after: readonly string[]): string[] {
  const added = after.filter((value) => !before.includes(value));
  if (added.includes(NONE_OPTION)) return [NONE_OPTION];
  return added.length > 0 ? after.filter((value) => value !== NONE_OPTION) : [...after];
}

/** An answer as shown: a "none" stored beside chosen options (before the API refused it) shows the chosen ones only. */
export function shownAnswer(answer: readonly string[] | null): string[] | null {
  if (!answer) return null;
  return answer.length > 1 ? answer.filter((value) => value !== NONE_OPTION) : [...answer];
}
