import {
  MANUAL_TRANSITIONS,
  type ControlAssessment,
  type ControlChange,
  type CurrentUser,
  type ControlDetail,
  type ControlListItem,
  type MyWorkItem,
  type Project,
  type ProjectFramework,
  type ProjectMember,
  type RequirementListItem,
  type Tag,
} from '@aegis/contracts';
import { DEMO_ORGANIZATION } from './factories';
import { jsonResponse, type FetchCall } from './fetch-stub';
import { stubProjectApi } from './project-api';

type ControlsApi = {
  project: Project;
  /** What every controls list answers, whatever the page; tests read the query it was asked with. */
  controls?: ControlListItem[];
  /** Controls by code; PATCHes change them as the server would (status, people, fields). */
  details?: ControlDetail[];
  requirements?: RequirementListItem[];
  frameworks?: ProjectFramework[];
  members?: ProjectMember[];
  tags?: Tag[];
  assessments?: ControlAssessment[];
  work?: MyWorkItem[];
  /** The signed-in user (Alice Admin by default). */
  user?: CurrentUser;
  /** Answers first (project paths only); undefined falls through. */
  handle?: (call: FetchCall) => Response | undefined;
};

export const query = (call: FetchCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);
const bodyOf = (call: FetchCall) => JSON.parse(call.init.body as string) as Record<string, unknown>;

function pageOf<T>(items: T[], url: string) {
  const params = new URL(url, 'http://x').searchParams;
  const page = Number(params.get('page') ?? 1);
  const size = Number(params.get('size') ?? 10);
  return { items: items.slice((page - 1) * size, page * size), total: items.length, page, size, pages: Math.ceil(items.length / size) };
}

/**
 * A stand-in for a project's requirements and controls API, on top of the project's: lists, a
 * control's detail and its changes, bulk changes, assessments, members, the organization's tags and
 * the user's work. Records every project call.
 */
export function stubControlsApi({ project, controls = [], details = [], requirements = [], frameworks = [], members = [], tags = [], assessments = [], work = [], user, handle }: ControlsApi) {
  const base = `/api/projects/${project.id}`;
  const byCode = new Map(details.map((detail) => [detail.control_code, structuredClone(detail)]));
  const history = [...assessments];
  const person = (id: string) => {
    const member = members.find((m) => m.user_id === id);
    return { id, name: member ? `${member.firstname} ${member.lastname}` : id, email: member?.email ?? '' };
  };

  const api = stubProjectApi({
    project,
    user,
    handleOutside: (call) => {
      const path = call.url.split('?')[0];
      if (path === `/api/organizations/${DEMO_ORGANIZATION.id}/tags`) return jsonResponse(200, pageOf(tags, call.url));
      if (path === '/api/users/me/work') return jsonResponse(200, { items: work });
      return undefined;
    },
    handle: (call) => {
      const answer = handle?.(call);
      if (answer) return answer;
      const path = call.url.split('?')[0]!;
      const method = call.init.method ?? 'GET';
      if (path === `${base}/controls` && method === 'GET') {
        // The controls as they are, as the page asked for (earlier pages counted as full).
        const { page, size } = pageOf([], call.url);
        return jsonResponse(200, { items: controls, total: (page - 1) * size + controls.length, page, size, pages: controls.length ? page : 0 });
      }
      if (path === `${base}/controls/bulk`) {
        // As the server's lock rule: an approved control refuses a status change, the others take it.
        const body = bodyOf(call) as { control_codes: string[]; status?: string };
        const chosen = body.control_codes.map((code) => controls.find((c) => c.control_code === code) ?? { id: code, control_code: code, status: 'ready' });
        const locked = (c: { status: string }) => body.status !== undefined && c.status === 'approved';
        return jsonResponse(200, {
          updated: chosen.filter((c) => !locked(c)).map((c) => c.id),
          refused: chosen.filter(locked).map((c) => ({ id: c.id, control_code: c.control_code, code: 'locked', detail: 'This control is approved and locked: its status cannot change — reopen it first' })),
        });
      }
      if (path === `${base}/requirements`) {
        const framework = query(call).framework;
        return jsonResponse(200, pageOf(requirements.filter((r) => !framework || r.framework_code === framework), call.url));
      }
      if (path === `${base}/frameworks`) return jsonResponse(200, pageOf(frameworks, call.url));
      if (path === `${base}/users`) return jsonResponse(200, pageOf(members, call.url));
      const match = path.match(new RegExp(`^${base}/controls/([^/]+)(/assignees|/assessments)?$`));
      if (!match) return undefined;
      const control = byCode.get(decodeURIComponent(match[1]!));
      if (!control) return jsonResponse(404, { detail: 'Control not found', code: 'not_found' });
      if (match[2] === '/assessments') {
        if (method === 'GET') return jsonResponse(200, pageOf(history, call.url));
        const body = bodyOf(call) as Pick<ControlAssessment, 'result' | 'rationale'>;
        const created: ControlAssessment = { id: `0199a0b2-0000-7000-8000-${String(700 + history.length).padStart(12, '0')}`, ...body, assessed_by: null, created_at: '2026-11-21T08:00:00Z' };
        history.unshift(created);
        return jsonResponse(201, created);
      }
      if (method === 'GET') return jsonResponse(200, control);
      const body = bodyOf(call);
      if (match[2] === '/assignees') {
        control.assignees = (body.assignees as string[]).map(person);
        control.reviewers = (body.reviewers as string[]).map(person);
      } else {
        const { status, justification, tags: tagIds, ...fields } = body as Partial<ControlDetail> & { justification?: string; tags?: string[] };
        Object.assign(control, fields);
        if (tagIds) control.tags = tags.filter((tag) => tagIds.includes(tag.tag_id)).map(({ tag_id, name, color }) => ({ tag_id, name, color }));
        const entry = status && status !== control.status ? { from: control.status, to: status, at: '2026-11-21T08:00:00Z', by: null, justification: justification ?? null, forced: false } : null;
        if (entry) {
          control.status_history.unshift(entry);
          control.status = entry.to;
          control.locked = entry.to === 'approved';
          control.out_of_scope_justification = entry.to === 'out_of_scope' ? (justification ?? null) : null;
          control.allowed_transitions = [...MANUAL_TRANSITIONS[entry.to]];
        }
        // As the server: what the change moved, not the whole detail.
        const { id, control_code, status: now, notes, due_date, tags: own, review_status, approval_forced, updated_at, out_of_scope_justification, locked, allowed_transitions } = control;
        const change: ControlChange = { id, control_code, status: now, notes, due_date, tags: own, review_status, approval_forced, updated_at, out_of_scope_justification, locked, allowed_transitions, status_change: entry };
        return jsonResponse(200, change);
      }
      return jsonResponse(200, control);
    },
  });
  return { ...api, control: (code: string) => byCode.get(code) };
}

/** The calls made to one path (no query), with a method. */
export const callsOf = (calls: FetchCall[], path: string, method = 'GET') => calls.filter((call) => call.url.split('?')[0] === path && (call.init.method ?? 'GET') === method);
export { bodyOf };
