import {
  DEFAULT_RISK_MATRIX,
  levelAbove,
  MANUAL_TRANSITIONS,
  riskLevelOf,
  type ControlLight,
  type CurrentUser,
  type Project,
  type ProjectMember,
  type RiskControl,
  type RiskDetail,
  type RiskLibraryEntry,
  type RiskListItem,
  type RiskSettings,
  type RiskTreatment,
  type TreatmentStrategy,
} from '@aegis/contracts';
import { ADA, DEMO_ORGANIZATION } from '../../../testing/factories';
import { jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { stubProjectApi } from '../../../testing/project-api';
import { appetite, buildRiskDetail, buildTreatment, CONTROLS, heatMapOf, LIBRARY } from './risk-fixtures';

type RisksApi = {
  project: Project;
  /** What every register page answers, whatever the filters; tests read the query it was asked with. */
  risks?: RiskListItem[];
  /** Risks by id; the calls change them as the server would. */
  details?: RiskDetail[];
  treatments?: Record<string, RiskTreatment>;
  strategies?: Record<string, TreatmentStrategy[]>;
  links?: Record<string, RiskControl[]>;
  controls?: ControlLight[];
  library?: RiskLibraryEntry[];
  members?: ProjectMember[];
  settings?: RiskSettings;
  user?: CurrentUser;
  /** Answers first; undefined falls through. */
  handle?: (call: FetchCall) => Response | undefined;
};

const NOW = '2026-11-21T10:00:00Z';
const bodyOf = <T>(call: FetchCall) => JSON.parse(call.init.body as string) as T;
const pageOf = <T>(items: T[], url: string) => {
  const params = new URL(url, 'http://x').searchParams;
  const page = Number(params.get('page') ?? 1);
  const size = Number(params.get('size') ?? 10);
  return { items: items.slice((page - 1) * size, page * size), total: items.length, page, size, pages: Math.ceil(items.length / size) };
};
const newId = (n: number) => `0199a0b2-0000-7000-8000-${String(n).padStart(12, '0')}`;

export const DEFAULT_SETTINGS: RiskSettings = { matrix: DEFAULT_RISK_MATRIX, appetite, is_default: true, updated_by: null, updated_at: null };

/**
 * A stand-in for a project's risks API on top of the project's: the register (one page of `risks`,
 * whatever the query), its heat map, the library, a risk's detail, treatment, actions and links (changed
 * as the server would), the light controls list and the organization's risk settings. Records every call.
 */
export function stubRisksApi({ project, risks = [], details = [], treatments = {}, strategies = {}, links = {}, controls = CONTROLS, library = LIBRARY, members = [], settings = DEFAULT_SETTINGS, user, handle }: RisksApi) {
  const base = `/api/projects/${project.id}`;
  const byId = new Map(details.map((detail) => [detail.id, structuredClone(detail)]));
  const state = { treatments: structuredClone(treatments), strategies: structuredClone(strategies), links: structuredClone(links), settings: structuredClone(settings), created: 0 };
  const person = (id: string) => {
    const member = members.find((m) => m.user_id === id);
    return { id, name: member ? `${member.firstname} ${member.lastname}` : id, email: member?.email ?? '' };
  };

  const api = stubProjectApi({
    project,
    user,
    handleOutside: (call) => (call.url.split('?')[0] === '/api/risk-library' ? jsonResponse(200, { items: library }) : undefined),
    handle: (call) => {
      const answer = handle?.(call);
      if (answer) return answer;
      const path = call.url.split('?')[0]!;
      const method = call.init.method ?? 'GET';
      if (path === `/api/organizations/${DEMO_ORGANIZATION.id}/risk-settings`) {
        if (method === 'PUT') state.settings = { ...bodyOf<Pick<RiskSettings, 'matrix' | 'appetite'>>(call), is_default: false, updated_by: ADA, updated_at: NOW };
        return jsonResponse(200, state.settings);
      }
      if (path === `${base}/users`) return jsonResponse(200, pageOf(members, call.url));
      if (path === `/api/v1/projects/${project.id}/controls`) {
        const name = new URL(call.url, 'http://x').searchParams.get('name')?.toLowerCase() ?? '';
        return jsonResponse(200, pageOf(controls.filter((c) => `${c.control_code} ${c.title}`.toLowerCase().includes(name)), call.url));
      }
      if (path === `${base}/risks` && method === 'GET') return jsonResponse(200, pageOf(risks, call.url));
      if (path === `${base}/risks/heat-map`) return jsonResponse(200, heatMapOf(risks));
      if (path === `${base}/risks.csv`) {
        return new Response('Reference,Name\r\nR-1,Biased outcomes\r\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="project-risks.csv"' } });
      }
      if (path === `${base}/risks` && method === 'POST') {
        const input = bodyOf<Partial<RiskDetail>>(call);
        state.created += 1;
        const created = buildRiskDetail({ ...input, id: newId(800 + state.created), reference: `R-${risks.length + state.created}`, status: 'ready' });
        byId.set(created.id, created);
        return jsonResponse(201, created);
      }
      const match = path.match(new RegExp(`^${base}/risks/([^/]+)(?:/(assignees|treatment|acceptance/revoke|treatment-strategies|controls)(?:/([^/]+))?)?$`));
      if (!match) return undefined;
      const [, riskId, part, childId] = match;
      const risk = byId.get(riskId!);
      if (!risk) return jsonResponse(404, { detail: 'Risk not found', code: 'not_found' });
      if (!part) {
        if (method === 'GET') return jsonResponse(200, risk);
        if (method === 'DELETE') {
          byId.delete(risk.id);
          return new Response(null, { status: 204 });
        }
        const { status, justification, ...fields } = bodyOf<Partial<RiskDetail> & { justification?: string }>(call);
        Object.assign(risk, fields);
        if (fields.likelihood || fields.impact) {
          risk.inherent_score = risk.likelihood * risk.impact;
          risk.inherent_level = riskLevelOf(state.settings.matrix, risk.likelihood, risk.impact);
        }
        if (status && status !== risk.status) {
          risk.status_history.unshift({ from: risk.status, to: status, at: NOW, by: ADA, justification: justification ?? null, forced: false });
          risk.status = status;
          risk.locked = status === 'approved';
          risk.allowed_transitions = [...MANUAL_TRANSITIONS[status]];
          risk.out_of_scope_justification = status === 'out_of_scope' ? (justification ?? null) : null;
        }
        return jsonResponse(200, risk);
      }
      if (part === 'assignees') {
        const body = bodyOf<{ assignees: string[]; reviewers: string[] }>(call);
        risk.assignees = body.assignees.map(person);
        risk.reviewers = body.reviewers.map(person);
        return jsonResponse(200, risk);
      }
      if (part === 'treatment' || part === 'acceptance/revoke') {
        const current = state.treatments[risk.id] ?? buildTreatment(risk);
        if (method === 'GET') return jsonResponse(200, current);
        if (part === 'acceptance/revoke') {
          const { reason } = bodyOf<{ reason: string }>(call);
          const revoked = current.acceptance && { ...current.acceptance, status: 'revoked' as const, revoked_by: ADA, revoked_at: NOW, revoke_reason: reason };
          state.treatments[risk.id] = { ...current, acceptance: revoked, acceptance_history: revoked ? [revoked, ...current.acceptance_history.slice(1)] : [] };
          risk.needs_attention = true;
          risk.needs_attention_reason = 'Acceptance revoked';
          return jsonResponse(200, state.treatments[risk.id]);
        }
        const input = bodyOf<{ option: RiskTreatment['option']; plan: string; residual_likelihood: number | null; residual_impact: number | null; acceptance_rationale: string | null; acceptance_review_date: string | null }>(call);
        const rl = input.residual_likelihood ?? risk.likelihood;
        const ri = input.residual_impact ?? risk.impact;
        const level = riskLevelOf(state.settings.matrix, rl, ri);
        Object.assign(risk, { residual_likelihood: rl, residual_impact: ri, residual_score: rl * ri, residual_level: level, residual_assessed: input.residual_likelihood !== null, treatment_option: input.option });
        const acceptance =
          input.option === 'accept'
            ? {
                id: newId(950),
                status: levelAbove(level, 'medium') ? ('awaiting_review' as const) : ('active' as const),
                justification: input.acceptance_rationale ?? '',
                accepted_level: level,
                likelihood: risk.likelihood,
                impact: risk.impact,
                inherent_level: risk.inherent_level,
                residual_likelihood: rl,
                residual_impact: ri,
                residual_level: level,
                review_date: input.acceptance_review_date ?? '2027-11-21',
                expired: false,
                stale: false,
                stale_reasons: [],
                proposed_by: ADA,
                proposed_at: NOW,
                approved_by: levelAbove(level, 'medium') ? null : ADA,
                approved_at: levelAbove(level, 'medium') ? null : NOW,
                approval_forced: false,
                revoked_by: null,
                revoked_at: null,
                revoke_reason: null,
              }
            : null;
        state.treatments[risk.id] = {
          ...current,
          option: input.option,
          plan: input.plan,
          residual_likelihood: input.residual_likelihood,
          residual_impact: input.residual_impact,
          residual_score: rl * ri,
          residual_level: level,
          acceptance_rationale: input.acceptance_rationale,
          acceptance_needs_review: levelAbove(level, 'medium'),
          acceptance,
          acceptance_history: acceptance ? [acceptance] : [],
          updated_by: ADA,
          updated_at: NOW,
        };
        return jsonResponse(200, state.treatments[risk.id]);
      }
      if (part === 'treatment-strategies') {
        const list = (state.strategies[risk.id] ??= []);
        if (method === 'GET') return jsonResponse(200, { items: list });
        if (method === 'DELETE') {
          state.strategies[risk.id] = list.filter((s) => s.id !== childId);
          return new Response(null, { status: 204 });
        }
        const input = bodyOf<{ action?: string; owner_id?: string | null; due_date?: string | null; status?: TreatmentStrategy['status'] }>(call);
        const existing = list.find((s) => s.id === childId);
        const strategy: TreatmentStrategy = {
          ...(existing ?? { id: newId(960 + list.length), risk_id: risk.id, action: '', owner: null, due_date: null, status: 'planned', overdue: false, created_at: NOW, updated_at: NOW }),
          ...(input.action !== undefined ? { action: input.action } : {}),
          ...(input.owner_id !== undefined ? { owner: input.owner_id ? person(input.owner_id) : null } : {}),
          ...(input.due_date !== undefined ? { due_date: input.due_date } : {}),
          ...(input.status ? { status: input.status } : {}),
        };
        state.strategies[risk.id] = existing ? list.map((s) => (s.id === childId ? strategy : s)) : [...list, strategy];
        return jsonResponse(existing ? 200 : 201, strategy);
      }
      const linked = (state.links[risk.id] ??= []);
      if (method === 'GET') return jsonResponse(200, { items: linked });
      if (method === 'DELETE') {
        state.links[risk.id] = linked.filter((c) => c.id !== childId);
        return new Response(null, { status: 204 });
      }
      const control = controls.find((c) => c.id === childId);
      if (!control) return jsonResponse(404, { detail: `Control ${childId} is not a control of this project`, code: 'not_found' });
      const link: RiskControl = { id: control.id, control_code: control.control_code, title: control.title, status: control.status, linked_by: ADA, linked_at: NOW };
      state.links[risk.id] = [...linked.filter((c) => c.id !== control.id), link];
      return jsonResponse(200, link);
    },
  });
  return { ...api, state, risk: (id: string) => byId.get(id) };
}

export const callsOf = (calls: FetchCall[], path: string, method = 'GET') => calls.filter((call) => call.url.split('?')[0] === path && (call.init.method ?? 'GET') === method);
export const queryOf = (call: FetchCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);
export { bodyOf };
