import type { CurrentUser, FrameworkDetail, FrameworkSummary, OrganizationConfig, PlatformFramework, PlatformFrameworkDetail, ProjectFramework } from '@aegis/contracts';
import { stubAppApi } from './app-api';
import { DEMO_ORGANIZATION } from './factories';
import { buildProjectFramework } from './framework-factories';
import { jsonResponse, type FetchCall } from './fetch-stub';

/** What the frameworks endpoints hold; the stub changes it as the app calls them. */
export type FrameworksState = {
  templates: FrameworkSummary[];
  details: Record<string, FrameworkDetail>;
  platform: PlatformFramework[];
  platformDetails: Record<string, PlatformFrameworkDetail>;
  /** By project id. */
  projectFrameworks: Record<string, ProjectFramework[]>;
};

export type Call = FetchCall & { method: string; path: string; query: URLSearchParams };

type Answer = Response | Promise<Response> | undefined;

const pageOf = <T>(items: T[], query: URLSearchParams) => {
  const page = Number(query.get('page') ?? 1);
  const size = Number(query.get('size') ?? 10);
  return { items: items.slice((page - 1) * size, page * size), total: items.length, page, size, pages: Math.ceil(items.length / size) };
};

const byField = <T extends { name: string; framework_code: string }>(items: T[], query: URLSearchParams) => {
  const name = query.get('name')?.toLowerCase();
  const field = query.get('sort_by') === 'framework_code' ? 'framework_code' : 'name';
  const sorted = items.filter((item) => !name || item.name.toLowerCase().includes(name)).sort((a, b) => a[field].localeCompare(b[field]));
  return query.get('descending') === 'true' ? sorted.reverse() : sorted;
};

const notFound = () => jsonResponse(404, { detail: 'Not found', code: 'not_found' });

/**
 * The frameworks endpoints of the API contract (packages/contracts/src/frameworks.ts) over `state`:
 * lists filter, sort and page as the server does; toggles, deletions and applications change the state
 * (MFF-1 cannot be switched off). Uploads answer 201 with `uploaded` unless `onUpload` answers; an
 * accepted one joins the templates.
 */
export function frameworksHandler(state: FrameworksState, options: { onUpload?: (call: Call) => Answer; uploaded?: FrameworkSummary } = {}) {
  const org = `/api/organizations/${DEMO_ORGANIZATION.id}`;
  return (fetchCall: FetchCall): Answer => {
    const parsed = new URL(fetchCall.url, 'http://x');
    const call: Call = { ...fetchCall, method: fetchCall.init.method ?? 'GET', path: parsed.pathname, query: parsed.searchParams };
    const { method, path, query } = call;
    const body = () => JSON.parse(fetchCall.init.body as string) as unknown;

    if (path === `${org}/templates` && method === 'GET') {
      const type = query.get('project_type');
      const visible = state.templates.filter((t) => (query.get('include_disabled') === 'true' || t.enabled) && (!type || t.project_types.includes(type as never)));
      return jsonResponse(200, pageOf(byField(visible, query), query));
    }
    if ((path === `${org}/templates` || path === '/api/v1/platform-frameworks') && method === 'POST') {
      const answer = options.onUpload?.(call) ?? jsonResponse(201, options.uploaded);
      // An accepted upload joins the catalogue, whenever it is answered.
      return Promise.resolve(answer).then((response) => {
        if (response.status === 201 && options.uploaded) state.templates.push(options.uploaded);
        return response;
      });
    }
    const ownTemplate = path.match(new RegExp(`^${org}/templates/([^/]+)$`));
    if (ownTemplate && method === 'DELETE') {
      const code = decodeURIComponent(ownTemplate[1]!);
      state.templates = state.templates.filter((t) => t.framework_code !== code);
      return new Response(null, { status: 204 });
    }
    const toggle = path.match(/^\/api\/organizations\/([^/]+)\/platform-frameworks$/);
    if (toggle && method === 'POST') {
      const { framework_code, enabled } = body() as { framework_code: string; enabled: boolean };
      if (framework_code === 'MFF-1' && !enabled) return jsonResponse(409, { detail: 'MFF-1 cannot be switched off.', code: 'conflict' });
      const framework = state.templates.find((t) => t.framework_code === framework_code);
      if (framework && toggle[1] === DEMO_ORGANIZATION.id) framework.enabled = enabled;
      for (const detail of Object.values(state.platformDetails)) {
        if (detail.framework.framework_code !== framework_code) continue;
        const organization = detail.organizations.find((o) => o.organization_id === toggle[1]);
        if (organization) organization.enabled = enabled;
      }
      return jsonResponse(200, { ...(framework ?? {}), framework_code, enabled });
    }
    const detail = path.match(new RegExp(`^${org}/frameworks/([^/]+)$`));
    if (detail && method === 'GET') return state.details[decodeURIComponent(detail[1]!)] ? jsonResponse(200, state.details[decodeURIComponent(detail[1]!)]) : notFound();

    if (path === '/api/v1/platform-frameworks' && method === 'GET') return jsonResponse(200, pageOf(byField(state.platform, query), query));
    const platform = path.match(/^\/api\/v1\/platform-frameworks\/([^/]+)$/);
    if (platform) {
      const code = decodeURIComponent(platform[1]!);
      if (method === 'GET') return state.platformDetails[code] ? jsonResponse(200, state.platformDetails[code]) : notFound();
      if (method === 'DELETE') {
        state.platform = state.platform.filter((p) => p.framework_code !== code);
        return new Response(null, { status: 204 });
      }
    }

    const project = path.match(/^\/api(\/v1)?\/projects\/([^/]+)\/frameworks(?:\/([^/]+))?$/);
    if (project) {
      const [, v1, projectId, code] = project;
      const applied = (state.projectFrameworks[projectId!] ??= []);
      if (method === 'GET') return jsonResponse(200, pageOf(applied, query));
      if (method === 'DELETE' && code) {
        state.projectFrameworks[projectId!] = applied.filter((f) => f.framework_code !== decodeURIComponent(code));
        return new Response(null, { status: 204 });
      }
      if (method === 'POST') {
        const codes = v1 ? (body() as string[]) : [(body() as { framework_code: string }).framework_code];
        for (const c of codes) {
          if (applied.some((f) => f.framework_code === c)) {
            if (!v1) return jsonResponse(409, { detail: 'Already applied', code: 'conflict' });
            continue;
          }
          const summary = state.templates.find((t) => t.framework_code === c);
          applied.push(buildProjectFramework({ framework_code: c, name: summary?.name ?? c, controls_by_status: { ready: 12, in_progress: 0, in_review: 0, approved: 0, out_of_scope: 0 } }));
        }
        return v1 ? jsonResponse(200, applied) : jsonResponse(201, applied[applied.length - 1]);
      }
    }
    return undefined;
  };
}

type Stub = Partial<FrameworksState> & {
  user?: CurrentUser;
  organizationConfig?: OrganizationConfig;
  onUpload?: (call: Call) => Answer;
  uploaded?: FrameworkSummary;
  /** Answers first; return undefined to fall through. */
  handle?: (call: FetchCall) => Answer;
};

/** The signed-in app's API with the frameworks endpoints over the given state; records the frameworks calls. */
export function stubFrameworksApi({ user, organizationConfig, onUpload, uploaded, handle, ...initial }: Stub = {}) {
  const state: FrameworksState = { templates: [], details: {}, platform: [], platformDetails: {}, projectFrameworks: {}, ...initial };
  const calls: Call[] = [];
  const frameworks = frameworksHandler(state, { onUpload, uploaded });
  const fetch = stubAppApi({
    user,
    organizationConfig,
    handle: (call) => {
      const answer = handle?.(call) ?? frameworks(call);
      if (answer) {
        const parsed = new URL(call.url, 'http://x');
        calls.push({ ...call, method: call.init.method ?? 'GET', path: parsed.pathname, query: parsed.searchParams });
      }
      return answer;
    },
  });
  return { state, calls, fetch };
}
