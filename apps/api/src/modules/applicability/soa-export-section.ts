import { REQUIREMENT_STATUS_LABELS, type SoaHeader, type SoaItem } from '@aegis/contracts';
import { displayDate, displayDateTime } from '../../lib/display-date';
import type { ReportBlock } from '../../lib/pdf-report-model';
import type { ExportSection } from '../projects/export/report-section';
import { count } from '../projects/export/report-format';
import { EU_AI_ACT } from './applicability-engine';
import { ISO_42001, soaRows, statementOf } from './soa-service';

const columns = [
  { title: 'Requirement', width: '12%' },
  { title: 'Title', width: '24%' },
  { title: 'Applies', width: '10%' },
  { title: 'Why, and its legal basis', width: '40%' },
  { title: 'Status', width: '14%' },
];

/** The reason (with its article), and who decided and when for a person's decision. */
const why = (item: SoaItem) => {
  if (item.decided_by !== 'person') return item.reason;
  const who = item.decided_by_user ? `${item.decided_by_user.name}, ` : '';
  return `${item.reason} (decided by ${who}${item.decided_at ? displayDate(item.decided_at) : ''})`;
};

/** The EU AI Act statement's header: the classification with its reasons, the settings, who answered them and when, the application dates. */
function headerBlocks(header: SoaHeader): ReportBlock[] {
  const answered = header.answered_by ? `${header.answered_by.name} (${header.answered_by.email})${header.answered_at ? `, ${displayDateTime(header.answered_at)} UTC` : ''}` : 'Not answered yet';
  return [
    {
      kind: 'keyValues',
      items: [
        { label: 'Classification', value: `${header.classification.label}${header.classification.status === 'complete' ? '' : ' (incomplete: required settings unanswered)'}` },
        ...header.classification.reasons.map((r) => ({ label: 'Because', value: `${r.text} (${r.article})` })),
        ...header.classification.warnings.map((r) => ({ label: 'Warning', value: `${r.text} (${r.article})` })),
        { label: 'Settings answered by', value: answered },
      ],
    },
    { kind: 'keyValues', items: header.settings.map((s) => ({ label: s.label, value: s.answers.length ? s.answers.join('; ') : 'Not answered' })) },
    header.dates.length
      ? { kind: 'keyValues', items: header.dates.map((d) => ({ label: `From ${displayDate(d.date)}`, value: `${d.what} (${d.basis})${d.applies_now ? '' : ', not yet applicable'}` })) }
      : { kind: 'empty', text: 'No application date concerns this classification.' },
    { kind: 'note', text: `Application dates: ${header.dates_source}.` },
  ];
}

/**
 * The statements of applicability of the frameworks that have one and the project applies: the EU AI Act
 * (issue 30, item 19: its header, then every requirement row included or excluded and why, with its
 * article; the rows binding public authorities only apart, in no count) and ISO/IEC 42001 (its Annex A
 * controls). The counts are the statement's, which are the requirements list's rows.
 */
export const soaSection: ExportSection = {
  key: 'statement_of_applicability',
  right: 'requirements:read',
  async build({ deps, ctx, projectId }) {
    const blocks: ReportBlock[] = [];
    const now = new Date();
    for (const code of [EU_AI_ACT, ISO_42001]) {
      const found = await soaRows(deps, ctx, projectId, code, undefined, now);
      // A framework the project does not apply has no statement here.
      if (!found) continue;
      const statement = statementOf(found.framework, found, now);
      const byPerson = statement.items.filter((i) => i.decided_by === 'person').length;
      blocks.push({ kind: 'paragraph', text: `${statement.framework_name}: statement of applicability` });
      if (statement.header) blocks.push(...headerBlocks(statement.header));
      blocks.push({
        kind: 'keyValues',
        items: [
          { label: 'Included', value: count(statement.counts.included) },
          { label: 'Excluded', value: count(statement.counts.excluded) },
          { label: 'Decided by a person', value: byPerson ? count(byPerson) : 'None' },
          ...(statement.authorities_only.length ? [{ label: 'Binding public authorities only', value: 'Listed apart below, for reference: neither included nor excluded, in no count' }] : []),
          ...(statement.deleted.length ? [{ label: 'Deleted by amendment', value: 'Listed apart below, for reference: never applicable, in no count' }] : []),
        ],
      });
      blocks.push({
        kind: 'table',
        columns,
        rows: statement.items.map((item) => [item.code, item.title, item.included ? (item.applies_from ? `Included from ${displayDate(item.applies_from)}` : 'Included') : 'Excluded', why(item), REQUIREMENT_STATUS_LABELS[item.status]]),
      });
      if (statement.authorities_only.length) {
        blocks.push({ kind: 'paragraph', text: `${statement.framework_name}: binds authorities only (for reference)` });
        blocks.push({ kind: 'table', columns, rows: statement.authorities_only.map((item) => [item.code, item.title, 'Authorities only', item.reason, '—']) });
      }
      if (statement.deleted.length) {
        blocks.push({ kind: 'paragraph', text: `${statement.framework_name}: deleted by amendment (for reference)` });
        blocks.push({ kind: 'table', columns, rows: statement.deleted.map((item) => [item.code, item.title, 'Deleted', item.reason, '—']) });
      }
    }
    if (blocks.length === 0) return null;
    return {
      title: 'Statement of applicability',
      intro:
        'For each framework with a statement of applicability, every requirement it decides, whether it applies to this project and why, with its legal basis: ' +
        'the scoping answers that make it apply or the one that excludes it, or a person’s decision with their justification. ' +
        'For the EU AI Act, the classification and the settings it was decided on come first; paragraphs that bind public authorities only, and those deleted by an amending act, are listed apart and counted nowhere. ' +
        'For ISO/IEC 42001, its Annex A controls: clauses 4 to 10 always apply.',
      blocks,
    };
  },
};
