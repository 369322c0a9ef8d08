import { REQUIREMENT_STATUS_LABELS, type SoaItem } from '@aegis/contracts';
import type { ExportSection } from '../projects/export/report-section';
import { count } from '../projects/export/report-format';
import { ISO_42001, soaRows } from './soa-service';

const columns = [
  { title: 'Control', width: '10%' },
  { title: 'Title', width: '28%' },
  { title: 'Applies', width: '10%' },
  { title: 'Justification', width: '38%' },
  { title: 'Status', width: '14%' },
];

const justification = (item: SoaItem) => {
  if (item.decided_by === 'person') {
    const who = item.decided_by_user ? `${item.decided_by_user.name}, ` : '';
    return `${item.justification ?? ''} (decided by ${who}${item.decided_at?.slice(0, 10) ?? ''})`;
  }
  if (item.decided_by === 'engine') return `${item.justification ?? ''} (from the scoping answers)`;
  return 'Applies: no scoping answer or decision excludes it.';
};

/** The ISO/IEC 42001 statement of applicability, when the project applies it: every Annex A control, included or excluded and why, with its status. */
export const soaSection: ExportSection = {
  key: 'statement_of_applicability',
  right: 'requirements:read',
  async build({ deps, ctx, projectId }) {
    const found = await soaRows(deps, ctx, projectId, ISO_42001);
    // A project that does not apply ISO/IEC 42001 has no statement of applicability: the section is left out.
    if (!found) return null;
    const { items } = found;
    const included = items.filter((i) => i.included).length;
    const byPerson = items.filter((i) => i.decided_by === 'person').length;
    return {
      title: 'Statement of applicability (ISO/IEC 42001)',
      intro:
        'Every Annex A control of ISO/IEC 42001, whether it applies to this project and why: excluded by the scoping answers (the reason says which), ' +
        'included or excluded by a person (with their justification), or included because nothing excludes it. Clauses 4 to 10 always apply.',
      blocks: [
        {
          kind: 'keyValues',
          items: [
            { label: 'Included', value: count(included) },
            { label: 'Excluded', value: count(items.length - included) },
            { label: 'Decided by a person', value: byPerson ? count(byPerson) : 'None' },
          ],
        },
        {
          kind: 'table',
          columns,
          rows: items.map((item) => [item.code, item.title, item.included ? 'Included' : 'Excluded', justification(item), REQUIREMENT_STATUS_LABELS[item.status]]),
        },
      ],
    };
  },
};
