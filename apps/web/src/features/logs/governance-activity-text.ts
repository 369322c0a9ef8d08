import type { ActivityEntry } from '@aegis/contracts';
import { formatDate, formatFileSize } from '../../lib/format';
import { describeAssetCardAction } from './asset-card-activity-text';

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: unknown, key: string) => (isObject(value) && typeof value[key] === 'string' && value[key] ? (value[key] as string) : undefined);
const count = (value: unknown, key: string) => (isObject(value) && isObject(value.counts) && typeof value.counts[key] === 'number' ? (value.counts[key] as number) : 0);
const plural = (n: number, one: string, many: string) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

/** "12 requirements out of scope, 3 back in; 4 controls out of scope": what a re-evaluation moved. */
function applicabilityMoves(after: unknown): string {
  const parts = [
    count(after, 'requirements_out') && `${plural(count(after, 'requirements_out'), 'requirement', 'requirements')} out of scope`,
    count(after, 'requirements_in') && `${plural(count(after, 'requirements_in'), 'requirement', 'requirements')} back in`,
    count(after, 'controls_out') && `${plural(count(after, 'controls_out'), 'control', 'controls')} out of scope`,
    count(after, 'controls_restored') && `${plural(count(after, 'controls_restored'), 'control', 'controls')} restored`,
  ].filter(Boolean);
  return parts.length ? `: ${parts.join(', ')}` : '';
}

const number = (value: unknown, key: string) => (isObject(value) && typeof value[key] === 'number' ? (value[key] as number) : undefined);

/** "(policy.pdf, 245 KB)": the stored file of an upload, when the entry names it. */
function fileOf(after: unknown): string {
  const file = text(after, 'file_name');
  const size = number(after, 'size');
  const parts = [file, size === undefined ? undefined : formatFileSize(size)].filter(Boolean);
  return parts.length ? ` (${parts.join(', ')})` : '';
}

/** Entries of evidence (issue 21): uploads, versions, expiry, deletion, and on a control or risk its evidence and the suggestions decided. */
function describeEvidenceAction(entry: ActivityEntry, noun: string): string | undefined {
  const { after } = entry;
  const evidence = text(after, 'evidence');
  const named = evidence ? `evidence “${evidence}”` : 'evidence';
  if (entry.object_type === 'evidence') {
    switch (entry.action) {
      case 'created': {
        const component = text(after, 'component');
        return `uploaded ${noun}${fileOf(after)}${component ? ` onto ${component}` : ''}`;
      }
      case 'version_uploaded': {
        const version = number(after, 'version');
        return `uploaded ${version ? `version ${version}` : 'a new version'} of ${noun}${fileOf(after)}`;
      }
      case 'expired':
        return text(after, 'expires_on') ? `recorded that ${noun} expired on ${formatDate(text(after, 'expires_on'))}` : `recorded that ${noun} expired`;
      case 'deleted':
        return `deleted ${noun}`;
    }
    return undefined;
  }
  switch (entry.action) {
    case 'evidence_linked':
      return `linked ${named} to ${noun}`;
    case 'evidence_unlinked':
      return `unlinked ${named} from ${noun}`;
    case 'evidence_suggestion_accepted':
      return `accepted the suggested ${named} for ${noun}`;
    case 'evidence_suggestion_dismissed': {
      const why = text(after, 'why');
      return `dismissed the suggested ${named} for ${noun}${why ? `: “${why}”` : ''}`;
    }
    case 'evidence_expired':
      return `recorded that ${named} of ${noun} expired${text(after, 'expires_on') ? ` on ${formatDate(text(after, 'expires_on'))}` : ''}: it needs attention`;
    case 'needs_attention_changed': {
      const reason = text(after, 'needs_attention_reason');
      return `flagged ${noun} as needing attention${reason ? `: “${reason}”` : ''}`;
    }
    case 'needs_attention_cleared':
      return `cleared the attention flag of ${noun}`;
  }
  return undefined;
}

/**
 * Entries of the scoping (EU AI Act settings, questionnaires, applicability), of risks' treatment,
 * strategies and links, of evidence and of asset cards (asset-card-activity-text.ts), after the actor's name; undefined for any other entry. `noun` names the object
 * as the work-item sentences do ("risk R-3 Model drift").
 */
export function describeGovernanceAction(entry: ActivityEntry, noun: string): string | undefined {
  const { after, before } = entry;
  const evidence = describeEvidenceAction(entry, noun);
  if (evidence) return evidence;
  const assetCard = describeAssetCardAction(entry, noun);
  if (assetCard) return assetCard;
  switch (entry.action) {
    case 'eu_ai_act_settings_updated':
      return 'changed the EU AI Act settings';
    case 'applicability_changed':
      return `re-evaluated what applies to the project${applicabilityMoves(after)}`;
    case 'questionnaire_answered':
      return `answered a scoping question of ${text(after, 'framework_code') ?? 'a framework'}`;
    case 'questionnaire_completed':
      return text(after, 'framework_code') ? `completed the ${text(after, 'framework_code')} questionnaire` : 'completed a questionnaire';
    case 'questionnaire_reopened':
      return text(after, 'framework_code') ? `reopened the ${text(after, 'framework_code')} questionnaire` : 'reopened a questionnaire';
    case 'applicability_decided':
      return `decided whether ${noun} applies`;
    case 'treatment_updated':
      return `changed the treatment of ${noun}`;
    case 'strategy_added':
      return text(after, 'action') ? `added the action “${text(after, 'action')}” to ${noun}` : `added an action to ${noun}`;
    case 'strategy_updated':
      return `changed an action of ${noun}`;
    case 'strategy_removed':
      return text(before, 'action') ? `removed the action “${text(before, 'action')}” from ${noun}` : `removed an action from ${noun}`;
    case 'acceptance_revoked':
      return `revoked the acceptance of ${noun}`;
    case 'acceptance_approved':
      return `made the acceptance of ${noun} effective`;
    case 'control_linked':
      return `linked ${text(after, 'control') ?? 'a control'} to ${noun}`;
    case 'control_unlinked':
      return `unlinked ${text(after, 'control') ?? 'a control'} from ${noun}`;
    case 'risk_linked':
      return `linked ${noun} to risk ${text(after, 'risk') ?? ''}`.trimEnd();
    case 'risk_unlinked':
      return `unlinked ${noun} from risk ${text(after, 'risk') ?? ''}`.trimEnd();
  }
  return undefined;
}
