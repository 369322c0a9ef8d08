import { PROJECT_ROLE_LABELS, type ProjectMember } from '@aegis/contracts';
import { projectMemberRepository } from '../project-member-repository';
import type { ExportSection } from './report-section';
import { ReportTable, type Column } from './report-table';

const PAGE = 250;

const columns: Column<ProjectMember>[] = [
  { title: 'Name', width: '35%', value: (m) => `${m.firstname} ${m.lastname}`.trim() },
  { title: 'E-mail', width: '40%', value: (m) => m.email },
  { title: 'Roles', width: '25%', value: (m) => m.roles.map((role) => PROJECT_ROLE_LABELS[role]).join(', ') },
];

/** Everyone on the project with their roles, by name. */
export const membersSection: ExportSection = {
  key: 'members',
  right: 'users:read',
  async build({ deps, ctx, projectId }) {
    const members: ProjectMember[] = [];
    for (let page = 1; ; page += 1) {
      const { items, total } = await projectMemberRepository.list(deps.db, ctx.organizationId!, projectId, { descending: false, page, size: PAGE });
      members.push(...items);
      if (members.length >= total || items.length === 0) break;
    }
    return {
      title: 'Members',
      intro: `${members.length} ${members.length === 1 ? 'person holds' : 'people hold'} a role on this project.`,
      content: <ReportTable columns={columns} rows={members} empty="Nobody holds a role on this project." />,
    };
  },
};
