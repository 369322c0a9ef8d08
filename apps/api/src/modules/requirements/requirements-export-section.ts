import { REQUIREMENT_STATUS_LABELS, WORK_ITEM_STATUS_LABELS, type WorkItemStatus } from '@aegis/contracts';
import type { ReportBlock } from '../../lib/pdf-report-model';
import type { ExportSection } from '../projects/export/report-section';
import { count } from '../projects/export/report-format';
import { requirementService } from './requirement-service';

const columns = [
  { title: 'Requirement', width: '16%' },
  { title: 'What it asks', width: '46%' },
  { title: 'Status', width: '14%' },
  { title: 'Controls', width: '24%' },
];

const progress = (counts: Record<WorkItemStatus, number>) =>
  (Object.entries(counts) as [WorkItemStatus, number][])
    .filter(([, n]) => n > 0)
    .map(([status, n]) => `${n} ${WORK_ITEM_STATUS_LABELS[status].toLowerCase()}`)
    .join(', ');

/** Each applied framework's requirements with the status their controls give them. */
export const requirementsSection: ExportSection = {
  key: 'requirements',
  right: 'requirements:read',
  async build({ deps, ctx, projectId }) {
    // A framework has at most 5,000 requirements (template limit); the report lists them all.
    const { items, total } = await requirementService(deps).list(ctx, projectId, { descending: false, page: 1, size: 5000 });
    const byFramework = new Map<string, typeof items>();
    for (const item of items) byFramework.set(item.framework_name, [...(byFramework.get(item.framework_name) ?? []), item]);
    const blocks: ReportBlock[] = [];
    let applicableTotal = 0;
    for (const [name, requirements] of byFramework) {
      // Counted as the statement of applicability counts (issue 30, item 19): only the rows that apply;
      // those binding public authorities only or not applicable are listed but in no count.
      const applicable = requirements.filter((r) => r.applicable);
      applicableTotal += applicable.length;
      const done = applicable.filter((r) => r.status === 'completed').length;
      const partial = applicable.filter((r) => r.coverage === 'partial').length;
      const notApplicable = requirements.length - applicable.length;
      blocks.push({ kind: 'paragraph', text: name });
      blocks.push({
        kind: 'keyValues',
        items: [
          { label: 'Applicable requirements', value: `${count(applicable.length)}, of which ${count(done)} completed` },
          { label: 'Not applicable', value: notApplicable ? `${count(notApplicable)}, listed for reference and in no count (binding public authorities only, or excluded by the scoping)` : 'None' },
          { label: 'Partly covered', value: partial ? `${count(partial)} requirement(s) whose controls do not cover all they ask` : 'None' },
        ],
      });
      blocks.push({
        kind: 'table',
        columns,
        rows: requirements.map((r) => [
          r.code,
          [r.title, r.coverage === 'partial' && r.coverage_note ? `Partly covered: ${r.coverage_note}` : ''].filter(Boolean).join(' — '),
          REQUIREMENT_STATUS_LABELS[r.status],
          `${r.control_count}: ${progress(r.controls_by_status)}`,
        ]),
      });
    }
    return {
      title: 'Requirements',
      intro: `${count(applicableTotal)} applicable requirements of the frameworks this project applies (${count(total)} listed). A requirement is completed when every control in scope that serves it is approved.`,
      blocks: blocks.length ? blocks : [{ kind: 'empty', text: 'The project applies no framework yet.' }],
    };
  },
};
