import type { ProjectMember, Review } from '@aegis/contracts';
import { buildControlDetail } from './factories';

/** The project's members the review tests name: who asks, who decides. */
export const EDDIE: ProjectMember = { user_id: '0199a0b2-0000-7000-8000-0000000000b3', firstname: 'Eddie', lastname: 'Editor', email: 'editor@demo.local', roles: ['editor'] };
export const RITA: ProjectMember = { user_id: '0199a0b2-0000-7000-8000-0000000000b4', firstname: 'Rita', lastname: 'Reviewer', email: 'reviewer@demo.local', roles: ['reviewer'] };
export const ADAM: ProjectMember = { user_id: '0199a0b2-0000-7000-8000-0000000000b5', firstname: 'Adam', lastname: 'Auditor', email: 'auditor@demo.local', roles: ['auditor'] };

export const personOf = (member: ProjectMember) => ({ id: member.user_id, name: `${member.firstname} ${member.lastname}`, email: member.email });

/** A pending review of the factory control, asked by Eddie Editor of Rita Reviewer. */
export function buildReview(overrides: Partial<Review> = {}): Review {
  const control = buildControlDetail();
  return {
    id: '0199a0b2-0000-7000-8000-0000000000f1',
    concept: 'control',
    object_id: control.id,
    object_label: `${control.control_code} ${control.title}`,
    object_link: `/projects/project-detail/0199a0b2-0000-7000-8000-0000000000c1/control-detail/${control.control_code}`,
    project_id: '0199a0b2-0000-7000-8000-0000000000c1',
    status: 'in_review',
    rule: 'any',
    message: null,
    due_date: null,
    requested_by: personOf(EDDIE),
    requested_at: '2026-11-21T08:00:00Z',
    status_before: 'in_progress',
    status_requested: 'approved',
    forced: false,
    justification: null,
    reviewers: [{ reviewer: personOf(RITA), decision: 'pending', comment: null, decided_at: null }],
    stale: false,
    changes: [],
    settled_at: null,
    ...overrides,
  };
}
