import { WORK_ITEM_STATUS_LABELS } from '@aegis/contracts';
import type { ExportSection } from '../projects/export/report-section';
import { displayDate, displayDateTime } from '../../lib/display-date';
import { count } from '../projects/export/report-format';
import { latestApprovals } from '../reviews/approvals';
import { appliedFrameworks } from '../frameworks/project-framework-service';
import { workItems } from '../work-items/work-items';
import { controlService } from './control-service';

const columns = [
  { title: 'Control', width: '14%' },
  { title: 'Title', width: '26%' },
  { title: 'Status', width: '11%' },
  { title: 'Approval', width: '21%' },
  { title: 'Assignees', width: '13%' },
  { title: 'Frameworks', width: '15%' },
];

/** Reopenings of approved controls, newest first. */
const reopenedColumns = [
  { title: 'Reopened control', width: '34%' },
  { title: 'By, when', width: '30%' },
  { title: 'Reason', width: '36%' },
];

/** Every control of the project, once, with its status, who works on it and the frameworks it serves. */
export const controlsSection: ExportSection = {
  key: 'controls',
  right: 'controls:read',
  async build({ deps, ctx, projectId }) {
    const service = controlService(deps);
    // Controls are instantiated once per definition: a few hundred at most, read in pages of 250.
    const first = await service.list(ctx, projectId, { descending: false, page: 1, size: 250, is_assigned_to_me: false, is_assigned_to_me_for_review: false });
    const items = [...first.items];
    for (let page = 2; page <= first.pages; page++) {
      items.push(...(await service.list(ctx, projectId, { descending: false, page, size: 250, is_assigned_to_me: false, is_assigned_to_me_for_review: false })).items);
    }
    const approvals = await latestApprovals(deps.db, ctx.organizationId!, 'control', items.filter((c) => c.status === 'approved').map((c) => c.id));
    const approval = (id: string) => {
      const found = approvals.get(id);
      if (!found) return '—';
      const who = `${found.forced ? 'Forced by' : 'Approved by'} ${found.by ?? 'a former user'}, ${displayDateTime(found.at)}`;
      return found.comment ? `${who}: “${found.comment}”` : who;
    };
    const names = new Map((await appliedFrameworks(deps.db, ctx.organizationId!, projectId)).map((f) => [f.code, f.name]));
    const rows = items.map((c) => [
      c.control_code,
      [c.title, c.due_date ? `Due ${displayDate(c.due_date)}` : '', c.needs_attention ? 'Needs attention' : ''].filter(Boolean).join(' · '),
      WORK_ITEM_STATUS_LABELS[c.status],
      c.status === 'approved' ? approval(c.id) : '—',
      c.assignees.map((a) => a.name).join(', ') || '—',
      c.frameworks.map((code) => names.get(code) ?? code).join(', '),
    ]);
    const approved = items.filter((c) => c.status === 'approved').length;
    const forced = items.filter((c) => c.approval_forced).length;
    // Every reopening of an approved control, with who, when and why: an auditor sees what was undone.
    const reopenings = await workItems.reopenings(deps.db, ctx.organizationId!, projectId, 'control');
    const reopened = reopenings.map((r) => [r.label || '—', `Reopened by ${r.by ?? 'a former user'}, ${displayDateTime(r.at)}`, r.reason ? `“${r.reason}”` : '—']);
    return {
      title: 'Controls',
      intro: `${count(items.length)} controls serve the project's frameworks; each is done once and counts for every requirement that maps to it. ${count(approved)} approved${forced ? `, ${count(forced)} of them by force (without a review)` : ''}.`,
      blocks: [
        rows.length ? { kind: 'table', columns, rows } : { kind: 'empty', text: 'The project has no controls yet: apply a framework.' },
        ...(reopened.length ? [{ kind: 'table' as const, columns: reopenedColumns, rows: reopened }] : []),
      ],
    };
  },
};
