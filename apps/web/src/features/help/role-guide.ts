import type { OrganizationRole, ProjectRole } from '@aegis/contracts';

/**
 * What each role may do, in words, summarised from the role table (PERMISSIONS.md, the `permissions`
 * contract): the table decides, this only explains it.
 */
export type RoleSummary<R extends string> = { role: R; name: string; summary: string };

export const ORGANIZATION_ROLE_GUIDE: RoleSummary<OrganizationRole>[] = [
  {
    role: 'admin',
    name: 'Admin',
    summary:
      'Runs the organization: its settings, its people (inviting, roles, deactivating), frameworks and tags. Has full access to every project of the organization, as its owner would.',
  },
  {
    role: 'member',
    name: 'Member',
    summary:
      'Sees the organization’s people, frameworks, tags and shared files, and may create projects. Sees only the projects where they hold a project role, and does there what that role allows.',
  },
  {
    role: 'internal',
    name: 'Internal',
    summary:
      'Staff of the team that operates the platform: everything an admin may do, plus the admin area, where organizations and the platform’s frameworks are managed.',
  },
];

export const PROJECT_ROLE_GUIDE: RoleSummary<ProjectRole>[] = [
  {
    role: 'owner',
    name: 'Owner',
    summary: 'Everything in the project: its settings, its members and their roles, deleting it, and all an editor does.',
  },
  {
    role: 'editor',
    name: 'Editor',
    summary:
      'Does the work: applies frameworks, works on controls (status, assignees, assessments), risks and their treatment, evidence, asset cards, testing and the EU AI Act settings; asks for and updates reviews; comments.',
  },
  {
    role: 'reviewer',
    name: 'Reviewer',
    summary: 'Reads the whole project, comments, and approves or rejects the reviews that name them as a reviewer.',
  },
  {
    role: 'auditor',
    name: 'Auditor',
    summary:
      'Reads the whole project, comments, updates controls and records control assessments; asks for reviews, decides them, and may settle a review’s status when it is stuck.',
  },
];
