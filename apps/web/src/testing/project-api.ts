import type { ActivityEntry, Comment, CurrentUser, OrganizationConfig, Project, ProjectDashboard } from '@aegis/contracts';
import { stubAppApi } from './app-api';
import { ADA, buildComment } from './factories';
import { jsonResponse, type FetchCall } from './fetch-stub';
import { frameworksHandler, type FrameworksState } from './frameworks-api';

type ProjectApi = {
  project: Project;
  /** Answer GET /api/projects/{id} with this status and no project (403, 404…). */
  projectStatus?: number;
  /** Members by role on the dashboard; the total is the project's member count. */
  dashboard?: Partial<ProjectDashboard['members_by_role']>;
  /** The dashboard's other counts (requirements, controls by status, to review); zeros unless given. */
  counts?: Partial<Pick<ProjectDashboard, 'requirements' | 'controls' | 'to_review'>>;
  /** The project's log, newest first. */
  activity?: ActivityEntry[];
  /** The project's thread, oldest first; POSTs append to it. */
  comments?: Comment[];
  /** The organization's frameworks and what the project applies (by project id); the calls change it. */
  frameworks?: Partial<FrameworksState>;
  user?: CurrentUser;
  organizationConfig?: OrganizationConfig;
  /** Answers first; return undefined to fall through. */
  handle?: (call: FetchCall) => Response | undefined;
  /** Answers calls outside the project (the organization's tags, the user's work…); undefined falls through. */
  handleOutside?: (call: FetchCall) => Response | undefined;
};

const pageOf = <T>(items: T[], url: string) => {
  const params = new URL(url, 'http://x').searchParams;
  const page = Number(params.get('page') ?? 1);
  const size = Number(params.get('size') ?? 10);
  return { items: items.slice((page - 1) * size, page * size), total: items.length, page, size, pages: Math.ceil(items.length / size) };
};

/**
 * A stand-in for the project's API, on top of the signed-in app's: the project, its dashboard counts,
 * its log, its comment thread (pages sliced as the server does) and its frameworks. Records every call.
 */
export function stubProjectApi({ project, projectStatus, dashboard = {}, counts = {}, activity = [], comments = [], frameworks = {}, user, organizationConfig, handle, handleOutside }: ProjectApi) {
  const calls: FetchCall[] = [];
  const frameworksState: FrameworksState = { templates: [], details: {}, platform: [], platformDetails: {}, projectFrameworks: {}, ...frameworks };
  const frameworkCalls = frameworksHandler(frameworksState);
  const base = `/api/projects/${project.id}`;
  const thread = [...comments];
  const byRole = { owner: 0, editor: 0, reviewer: 0, auditor: 0, ...dashboard };
  stubAppApi({
    user,
    organizationConfig,
    handle: (call) => {
      const path = call.url.split('?')[0]!;
      const method = call.init.method ?? 'GET';
      // A 5xx starts health polling: the service is up, so no test is sent to /service-down later.
      if (path === '/api/health') return jsonResponse(200, { status: 'ok' });
      const own = path.startsWith('/api/projects/') || path.startsWith('/api/v1/projects/') || path.startsWith('/api/organizations/');
      if (!own) return handleOutside?.(call);
      calls.push(call);
      const answer = handle?.(call) ?? frameworkCalls(call);
      if (answer) return answer;
      if (!path.startsWith('/api/projects/')) return handleOutside?.(call);
      if (path === base && method === 'GET') {
        return projectStatus ? jsonResponse(projectStatus, { detail: 'No', code: projectStatus === 403 ? 'forbidden' : 'not_found' }) : jsonResponse(200, project);
      }
      if (path === `${base}/dashboard`) {
        const none = { total: 0, by_status: { ready: 0, in_progress: 0, in_review: 0, approved: 0, completed: 0, out_of_scope: 0 } };
        return jsonResponse(200, { project_id: project.id, members: project.members, members_by_role: byRole, requirements: none, controls: none, to_review: 0, ...counts });
      }
      if (path === `${base}/logs/${project.id}`) return jsonResponse(200, pageOf(activity, call.url));
      if (path === `${base}/comments/project/${project.id}`) {
        if (method === 'GET') return jsonResponse(200, pageOf(thread, call.url));
        const { body } = JSON.parse(call.init.body as string) as { body: string };
        const created = buildComment({ comment_id: `0199a0b2-0000-7000-8000-${String(900 + thread.length).padStart(12, '0')}`, body: body.trim(), author: ADA, object_id: project.id, created_at: '2026-11-21T08:00:00Z' });
        thread.push(created);
        return jsonResponse(201, created);
      }
      // Any other object's thread and log start empty.
      if (/\/(comments\/\w+|logs)\/[0-9a-f-]+$/.test(path) && method === 'GET') return jsonResponse(200, pageOf([], call.url));
      return undefined;
    },
  });
  return { calls, thread, frameworks: frameworksState };
}
