import type { ActivityEntry } from '@aegis/contracts';
import { projectMemberService } from '../projects/project-member-service';
import type { ExportSection } from '../projects/export/report-section';
import { ReportTable, type Column } from '../projects/export/report-table';

/** The newest entries of the project's activity log make it into the report; the log itself keeps everything. */
export const ACTIVITY_EXPORT_LIMIT = 200;

const words = (name: string) => name.replace(/_/g, ' ');

const columns: Column<ActivityEntry>[] = [
  { title: 'When (UTC)', width: '24%', value: (e) => e.created_at.slice(0, 16).replace('T', ' ') },
  { title: 'Who', width: '30%', value: (e) => e.actor?.name || e.actor?.email || 'A former user' },
  { title: 'What', width: '46%', value: (e) => `${words(e.action)} · ${words(e.object_type)}` },
];

export const activitySection: ExportSection = {
  key: 'activity',
  right: 'logs:read',
  async build({ deps, ctx, projectId }) {
    const log = await projectMemberService(deps).logs(ctx, projectId, projectId, 1, ACTIVITY_EXPORT_LIMIT);
    const shown = log.items.length;
    return {
      title: 'Activity',
      intro: log.total > shown ? `The ${shown} most recent of ${log.total} entries, newest first.` : `${log.total} ${log.total === 1 ? 'entry' : 'entries'}, newest first.`,
      content: <ReportTable columns={columns} rows={log.items} empty="Nothing has happened in this project yet." />,
    };
  },
};
