import { projectMemberService } from '../projects/project-member-service';
import type { ExportSection } from '../projects/export/report-section';
import { displayDateTime } from '../../lib/display-date';
import { count, leftOutNote } from '../projects/export/report-format';

/** The newest entries of the project's activity log make it into the report; the log itself keeps everything. */
export const ACTIVITY_EXPORT_LIMIT = 500;

const words = (name: string) => name.replace(/_/g, ' ');

const columns = [
  { title: 'When (UTC)', width: '24%' },
  { title: 'Who', width: '30%' },
  { title: 'What', width: '46%' },
];

export const activitySection: ExportSection = {
  key: 'activity',
  right: 'logs:read',
  async build({ deps, ctx, projectId }) {
    // One page of the newest entries and a count: a log of millions costs the report no more than 500 rows.
    const log = await projectMemberService(deps).logs(ctx, projectId, projectId, 1, ACTIVITY_EXPORT_LIMIT);
    const rows = log.items.map((e) => [displayDateTime(e.created_at), e.actor?.name || e.actor?.email || 'A former user', `${words(e.action)} · ${words(e.object_type)}`]);
    return {
      title: 'Activity',
      intro: `${count(log.total)} ${log.total === 1 ? 'entry' : 'entries'}, newest first.`,
      blocks: [
        ...leftOutNote(rows.length, log.total, { which: 'latest', things: 'entries', rest: 'older entries', where: "the project's activity log" }),
        rows.length ? { kind: 'table', columns, rows } : { kind: 'empty', text: 'Nothing has happened in this project yet.' },
      ],
    };
  },
};
