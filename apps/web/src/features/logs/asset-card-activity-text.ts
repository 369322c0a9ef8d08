import { ASSET_CARD_NATURE_LABELS, ASSET_CARD_TYPE_LABELS, LINEAGE_RELATION_LABELS, type ActivityEntry, type AssetCardNature, type AssetCardType, type LineageRelation } from '@aegis/contracts';
import { isObject, joined, textOf } from './activity-values';

/** Words for the key facts an update names (modules/asset-cards records `facts` whole, before and after). */
const FACT_WORDS: Record<string, string> = {
  license: 'licence',
  source_url: 'source URL',
  languages: 'languages',
  base_model: 'base model',
  task: 'task',
  metrics: 'metrics',
  personal_data: 'personal data',
  personal_data_categories: 'categories of personal data',
  size: 'size',
  time_span_start: 'time span',
  time_span_end: 'time span',
  provider: 'provider',
};

const isType = (value: unknown): value is AssetCardType => typeof value === 'string' && value in ASSET_CARD_TYPE_LABELS;
const isNature = (value: unknown): value is AssetCardNature => typeof value === 'string' && value in ASSET_CARD_NATURE_LABELS;
const isRelation = (value: unknown): value is LineageRelation => typeof value === 'string' && value in LINEAGE_RELATION_LABELS;
const relationWords = (relation: unknown) => (isRelation(relation) ? LINEAGE_RELATION_LABELS[relation].toLowerCase() : 'built from');
/** How the downstream card stands to the upstream one, as a verb: "is trained on", "uses". */
const relationVerb = (relation: unknown) => {
  if (relation === 'uses') return 'uses';
  if (relation === 'depends_on') return 'depends on';
  return isRelation(relation) ? `is ${LINEAGE_RELATION_LABELS[relation].toLowerCase()}` : 'is built from';
};
const quote = (name: string) => `“${name}”`;

type LineageEntry = { card_id: string; name: string; relation: unknown };
function lineageOf(value: unknown): LineageEntry[] {
  const list = isObject(value) && Array.isArray(value.upstream) ? value.upstream : [];
  return list.filter((item): item is LineageEntry => isObject(item) && typeof item.card_id === 'string' && typeof item.name === 'string');
}

/** "trained on “Loan applications”, no longer uses “Old model”": what a change of lineage added, moved and removed. */
function lineageMoves(entry: ActivityEntry): string {
  const before = lineageOf(entry.before);
  const after = lineageOf(entry.after);
  const parts: string[] = [];
  for (const link of after) {
    const was = before.find((old) => old.card_id === link.card_id);
    if (!was) parts.push(`${relationWords(link.relation)} ${quote(link.name)}`);
    else if (was.relation !== link.relation) parts.push(`${relationWords(link.relation)} ${quote(link.name)} (was ${relationWords(was.relation)})`);
  }
  for (const link of before.filter((old) => !after.some((now) => now.card_id === old.card_id))) parts.push(`no longer ${relationWords(link.relation)} ${quote(link.name)}`);
  return parts.length ? `: ${joined(parts)}` : '';
}

/** What an update changed, in words: the values of the short fields, only the names of the others. */
function contentChanges(entry: ActivityEntry, noun: string): string {
  const before = isObject(entry.before) ? entry.before : {};
  const after = isObject(entry.after) ? entry.after : {};
  const parts: string[] = [];
  if ('name' in after && textOf(after, 'name')) parts.push(`the name to ${quote(textOf(after, 'name'))}`);
  if ('asset_card_nature' in after && isNature(after.asset_card_nature)) parts.push(`the nature to ${ASSET_CARD_NATURE_LABELS[after.asset_card_nature].toLowerCase()}`);
  if ('version' in after) parts.push(textOf(after, 'version') ? `the version to ${quote(textOf(after, 'version'))}` : 'the version (removed)');
  if ('description' in after) parts.push('the description');
  if ('owner_id' in after) parts.push(after.owner_id ? 'the owner' : 'the owner (removed)');
  if ('facts' in after) {
    const was = isObject(before.facts) ? before.facts : {};
    const now = isObject(after.facts) ? after.facts : {};
    const words = [...new Set(Object.keys({ ...was, ...now }).filter((key) => JSON.stringify(was[key]) !== JSON.stringify(now[key])).map((key) => FACT_WORDS[key] ?? key.replace(/_/g, ' ')))];
    parts.push(words.length ? `the ${words.length === 1 ? 'key fact' : 'key facts'} ${joined(words)}` : 'the key facts');
  }
  const sections = Array.isArray(after.sections_changed) ? after.sections_changed.filter((key): key is string => typeof key === 'string') : [];
  if (sections.length) parts.push(`the ${sections.length === 1 ? 'section' : 'sections'} ${joined(sections.map((key) => key.replace(/_/g, ' ')))}`);
  return parts.length ? `changed ${noun}: ${joined(parts)}` : `changed ${noun}`;
}

/**
 * Entries of asset cards (issue 22), after the actor's name, as modules/asset-cards records them: a
 * card created or imported, changed, deleted, its lineage (on both ends), and on a control, risk or
 * evidence a card linked or unlinked (the card's own control/risk/evidence links read as theirs do).
 * Undefined for any other entry. `noun` names the object as the work-item sentences do
 * ("asset card Credit scoring model").
 */
export function describeAssetCardAction(entry: ActivityEntry, noun: string): string | undefined {
  const { after } = entry;
  const other = textOf(after, 'asset_card');
  if (entry.action === 'asset_card_linked') return `linked ${other ? `asset card ${quote(other)}` : 'an asset card'} to ${noun}`;
  if (entry.action === 'asset_card_unlinked') return `unlinked ${other ? `asset card ${quote(other)}` : 'an asset card'} from ${noun}`;
  if (entry.object_type !== 'asset_card') return undefined;
  switch (entry.action) {
    case 'created': {
      const from = textOf(after, 'imported_from');
      const type = isObject(after) && isType(after.asset_card_type) ? ` (${ASSET_CARD_TYPE_LABELS[after.asset_card_type].toLowerCase().replace(/^ai /, 'AI ')})` : '';
      return from ? `imported ${noun}${type} from ${from}` : `created ${noun}${type}`;
    }
    case 'updated':
      return contentChanges(entry, noun);
    case 'deleted':
      return `deleted ${noun}`;
    case 'lineage_changed':
      return `changed what ${noun} is built from${lineageMoves(entry)}`;
    case 'downstream_linked':
      return other ? `recorded that ${quote(other)} ${relationVerb(isObject(after) ? after.relation : undefined)} ${noun}` : `recorded a card built from ${noun}`;
    case 'downstream_unlinked':
      return other ? `recorded that ${quote(other)} is no longer built from ${noun}` : `recorded that a card is no longer built from ${noun}`;
    case 'upstream_unlinked':
      return other ? `recorded that ${noun} is no longer built from ${quote(other)}, which was deleted` : `recorded that ${noun} lost a card it was built from`;
  }
  return undefined;
}
