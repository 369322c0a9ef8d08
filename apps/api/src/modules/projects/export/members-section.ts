import { PROJECT_ROLE_LABELS } from '@aegis/contracts';
import { projectMemberRepository } from '../project-member-repository';
import type { ExportSection } from './report-section';
import { count, leftOutNote } from './report-format';

/** A project's people fit on a few pages; a report listing an organization's thousands would be read by nobody. */
export const MEMBERS_EXPORT_LIMIT = 500;

const columns = [
  { title: 'Name', width: '35%' },
  { title: 'E-mail', width: '40%' },
  { title: 'Roles', width: '25%' },
];

/** Everyone on the project with their roles, by name. */
export const membersSection: ExportSection = {
  key: 'members',
  right: 'users:read',
  async build({ deps, ctx, projectId }) {
    const { items, total } = await projectMemberRepository.list(deps.db, ctx.organizationId!, projectId, { descending: false, page: 1, size: MEMBERS_EXPORT_LIMIT });
    const rows = items.map((m) => [`${m.firstname} ${m.lastname}`.trim(), m.email, m.roles.map((role) => PROJECT_ROLE_LABELS[role]).join(', ')]);
    return {
      title: 'Members',
      intro: `${count(total)} ${total === 1 ? 'person holds' : 'people hold'} a role on this project.`,
      blocks: [
        ...leftOutNote(rows.length, total, { which: 'first', things: 'people by name', rest: 'others', where: "the project's member list" }),
        rows.length ? { kind: 'table', columns, rows } : { kind: 'empty', text: 'Nobody holds a role on this project.' },
      ],
    };
  },
};
