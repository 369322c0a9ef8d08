import { EU_AI_ACT_SETTING_FIELDS, type EuAiActSettings } from '@aegis/contracts';

/** The saved settings with every field (null where unanswered): what was stored, whatever its age, read as the form's eight fields. */
export function savedSettings(stored: Record<string, unknown> | null | undefined): EuAiActSettings {
  const value = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : null);
  return Object.fromEntries(EU_AI_ACT_SETTING_FIELDS.map((field) => [field, value(stored?.[field])])) as EuAiActSettings;
}
