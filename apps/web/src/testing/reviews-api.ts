import type { ControlDetail, CurrentUser, Project, ProjectMember, Review } from '@aegis/contracts';
import { MANUAL_TRANSITIONS } from '@aegis/contracts';
import { bodyOf, stubControlsApi } from './controls-api';
import { jsonResponse, type FetchCall } from './fetch-stub';
import { personOf } from './review-factories';

type ReviewsApi = {
  project: Project;
  detail: ControlDetail;
  members: ProjectMember[];
  /** The control's reviews, newest first; the calls change them as the server would. */
  reviews?: Review[];
  user?: CurrentUser;
  /** Answers first (project paths only); undefined falls through. */
  handle?: (call: FetchCall) => Response | undefined;
};

const settle = (control: ControlDetail, status: ControlDetail['status']) => {
  control.status_history.unshift({ from: control.status, to: status, at: '2026-11-22T08:00:00Z', by: null, justification: null, forced: false });
  control.status = status;
  control.locked = status === 'approved';
  control.allowed_transitions = status === 'in_review' ? [] : [...MANUAL_TRANSITIONS[status]];
};

/**
 * A stand-in for one control's reviews on top of the controls API: list, request (forced or not),
 * change reviewers, cancel, decide, moving the control's status as the server does. The signed-in
 * user is `user` (Alice Admin by default).
 */
export function stubReviewsApi({ project, detail, members, reviews = [], user, handle }: ReviewsApi) {
  const list = structuredClone(reviews);
  const path = `/api/projects/${project.id}/reviews/control/${detail.id}`;
  const me = user?.id ?? '0199a0b2-0000-7000-8000-000000000002';
  const person = (id: string) => personOf(members.find((member) => member.user_id === id) ?? { user_id: id, firstname: id, lastname: '', email: '', roles: [] });
  let control = (): ControlDetail => detail;

  const answer = (call: FetchCall): Response | undefined => {
    const own = handle?.(call);
    if (own) return own;
    const [where, search] = call.url.split('?');
    const method = call.init.method ?? 'GET';
    if (where !== path && where !== `${path}/decision`) return undefined;
    const pending = list.find((review) => review.status === 'in_review');
    if (method === 'GET') return jsonResponse(200, list);
    if (method === 'POST') {
      const body = bodyOf(call) as { reviewers: string[]; rule?: Review['rule']; message?: string; due_date?: string; justification?: string };
      const force = new URLSearchParams(search).get('force_update_status') === 'true';
      if (pending) return jsonResponse(409, { detail: 'A review of this is already pending: change its reviewers or cancel it first', code: 'conflict' });
      const target = control();
      const review: Review = {
        id: `0199a0b2-0000-7000-8000-${String(900 + list.length).padStart(12, '0')}`,
        concept: 'control',
        object_id: target.id,
        object_label: `${target.control_code} ${target.title}`,
        object_link: '',
        project_id: project.id,
        status: 'in_review',
        rule: body.rule ?? 'any',
        message: body.message ?? null,
        due_date: body.due_date ?? null,
        requested_by: person(me),
        requested_at: '2026-11-22T08:00:00Z',
        status_before: target.status === 'approved' ? 'in_progress' : target.status,
        status_requested: 'approved',
        forced: force,
        justification: body.justification ?? null,
        reviewers: body.reviewers.map((id) => ({ reviewer: person(id), decision: 'pending', comment: null, decided_at: null })),
        stale: false,
        changes: [],
        settled_at: null,
      };
      if (force && body.reviewers.length === 0) {
        review.status = 'approved';
        review.settled_at = review.requested_at;
        settle(target, 'approved');
      } else settle(target, 'in_review');
      list.unshift(review);
      return jsonResponse(201, review);
    }
    if (!pending) return jsonResponse(409, { detail: 'No review of this is pending', code: 'conflict' });
    if (method === 'DELETE') {
      pending.status = 'cancelled';
      pending.reviewers = pending.reviewers.map((entry) => ({ ...entry, decision: entry.decision === 'pending' ? 'cancelled' : entry.decision }));
      settle(control(), pending.status_before);
      return jsonResponse(200, pending);
    }
    if (where === path) {
      const ids = (bodyOf(call) as { reviewers: string[] }).reviewers;
      pending.reviewers = ids.map((id) => pending.reviewers.find((entry) => entry.reviewer.id === id) ?? { reviewer: person(id), decision: 'pending', comment: null, decided_at: null });
      return jsonResponse(200, pending);
    }
    const { decision, comment } = bodyOf(call) as { decision: 'approved' | 'rejected'; comment: string };
    pending.reviewers = pending.reviewers.map((entry) => (entry.reviewer.id === me ? { ...entry, decision, comment: comment || null, decided_at: '2026-11-22T09:00:00Z' } : entry));
    const outcome = decision === 'rejected' ? 'rejected' : pending.rule === 'any' || pending.reviewers.every((entry) => entry.decision === 'approved') ? 'approved' : undefined;
    if (outcome) {
      pending.status = outcome;
      pending.settled_at = '2026-11-22T09:00:00Z';
      pending.reviewers = pending.reviewers.map((entry) => (entry.decision === 'pending' ? { ...entry, decision: 'cancelled' } : entry));
      settle(control(), outcome === 'approved' ? 'approved' : 'in_progress');
    }
    return jsonResponse(200, pending);
  };

  const api = stubControlsApi({ project, details: [detail], members, user, handle: answer });
  control = () => api.control(detail.control_code)!;
  return { ...api, reviews: list, reviewsPath: path };
}
