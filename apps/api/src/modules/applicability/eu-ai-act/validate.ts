import { EU_AI_ACT_SETTING_FIELDS, type EuAiActSettingFieldInfo, type EuAiActSettings, type EuAiActSettingsInput } from '@aegis/contracts';
import { evaluateAppliesWhen } from '../../frameworks/applies-when';
import { CONFLICTS } from './conflicts';
import { settingsFacts } from './facts';
import { EU_AI_ACT_SETTING_FIELD_INFO } from './setting-fields';

export interface SettingsProblem {
  path: string;
  message: string;
}

export type SettingsValidation = { ok: true; settings: EuAiActSettings } | { ok: false; problems: SettingsProblem[] };

const FIELD_INFO = new Map(EU_AI_ACT_SETTING_FIELD_INFO.map((f) => [f.key, f]));
const quoted = (values: readonly string[]) => values.map((v) => `"${v}"`).join(', ');

/**
 * Checks the settings a client sends and normalizes them: a single-choice field holds one value, a
 * multiple-choice field a list in the options' order (a lone value is taken as a list of one; an empty
 * list clears the field like null). Refuses unknown options, a list for a single-choice field, `none`
 * beside other options, two options of one exclusive group, and the `reject` conflicts of conflicts.ts.
 */
export function validateEuAiActSettings(input: EuAiActSettingsInput): SettingsValidation {
  const problems: SettingsProblem[] = [];
  const settings = {} as EuAiActSettings;
  for (const key of EU_AI_ACT_SETTING_FIELDS) {
    const info = FIELD_INFO.get(key)!;
    const result = normalizeField(info, input[key]);
    if (typeof result === 'object' && result !== null && 'problem' in result) {
      problems.push({ path: `body.${key}`, message: result.problem });
      settings[key] = null;
    } else {
      settings[key] = result;
    }
  }
  if (problems.length > 0) return { ok: false, problems };

  const facts = settingsFacts(settings);
  for (const conflict of CONFLICTS) {
    if (conflict.outcome === 'reject' && evaluateAppliesWhen(conflict.when, facts) === true) {
      problems.push({ path: `body.${conflict.field}`, message: `${conflict.message} (${conflict.article})` });
    }
  }
  return problems.length > 0 ? { ok: false, problems } : { ok: true, settings };
}

function normalizeField(info: EuAiActSettingFieldInfo, raw: string | string[] | null | undefined): string | string[] | null | { problem: string } {
  const allowed = info.options.map((o) => o.value);
  const allowedText = `allowed: ${quoted(allowed)}`;
  if (raw === null || raw === undefined) return null;
  if (!info.multiple && Array.isArray(raw)) {
    return { problem: `${info.key} takes one option, not a list; ${allowedText}` };
  }
  const given = [...new Set(Array.isArray(raw) ? raw : [raw])];
  const unknown = given.filter((v) => !allowed.includes(v));
  if (unknown.length > 0) {
    const what = unknown.length === 1 ? `${quoted(unknown)} is not an option` : `${quoted(unknown)} are not options`;
    return { problem: `${info.key}: ${what} of this field; ${allowedText}` };
  }
  if (!info.multiple) return given[0] ?? null;
  if (given.length === 0) return null;
  if (given.includes('none') && given.length > 1) {
    return { problem: `${info.key}: "none" cannot be chosen with other options (${quoted(given.filter((v) => v !== 'none'))})` };
  }
  const byGroup = new Map<string, string[]>();
  for (const value of given) {
    const group = info.options.find((o) => o.value === value)!.group;
    if (group !== null) byGroup.set(group, [...(byGroup.get(group) ?? []), value]);
  }
  for (const [group, values] of byGroup) {
    if (values.length > 1) {
      return { problem: `${info.key}: ${quoted(values)} exclude each other (${group.replace(/_/g, ' ')}); choose one` };
    }
  }
  return allowed.filter((v) => given.includes(v));
}
