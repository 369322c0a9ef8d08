import {
  EVIDENCE_FILE_TYPE_LABELS,
  MANUAL_TRANSITIONS,
  type ControlLight,
  type CurrentUser,
  type EvidenceDetail,
  type EvidenceListItem,
  type Project,
  type ProjectMember,
  type RiskLight,
  type Tag,
} from '@aegis/contracts';
import { ADA, DEMO_ORGANIZATION } from '../../../testing/factories';
import { jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { stubProjectApi } from '../../../testing/project-api';
import { buildEvidenceDetail, buildVersion, CONTROLS, RISKS } from './evidence-fixtures';

type EvidenceApi = {
  project: Project;
  /** What every list page answers, whatever the filters; tests read the query it was asked with. */
  items?: EvidenceListItem[];
  /** Evidence by id; the calls change them as the server would. */
  details?: EvidenceDetail[];
  controls?: ControlLight[];
  risks?: RiskLight[];
  members?: ProjectMember[];
  tags?: Tag[];
  user?: CurrentUser;
  /** Answers first; undefined falls through. */
  handle?: (call: FetchCall) => Response | undefined;
};

const NOW = '2026-11-21T10:00:00Z';
export const bodyOf = <T>(call: FetchCall) => JSON.parse(call.init.body as string) as T;
export const queryOf = (call: FetchCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);
export const callsOf = (calls: FetchCall[], path: string, method = 'GET') => calls.filter((call) => call.url.split('?')[0] === path && (call.init.method ?? 'GET') === method);
const pageOf = <T>(items: T[], url: string) => {
  const params = new URL(url, 'http://x').searchParams;
  const page = Number(params.get('page') ?? 1);
  const size = Number(params.get('size') ?? 10);
  return { items: items.slice((page - 1) * size, page * size), total: items.length, page, size, pages: Math.ceil(items.length / size) };
};
const newId = (n: number) => `0199a0b2-0000-7000-8000-${String(n).padStart(12, '0')}`;

/**
 * A stand-in for a project's evidence API on top of the project's: the list (one page of `items`,
 * whatever the query), the file types counted from them, the CSV index, an evidence's detail and its
 * changes (as the server would make them), downloads, uploads and new versions, and the light lists of
 * controls and risks, the members and the organization's tags. Records every call.
 */
export function stubEvidenceApi({ project, items = [], details = [], controls = CONTROLS, risks = RISKS, members = [], tags = [], user, handle }: EvidenceApi) {
  const base = `/api/projects/${project.id}`;
  const byId = new Map(details.map((detail) => [detail.id, structuredClone(detail)]));
  const state = { uploaded: 0 };
  const person = (id: string) => {
    const member = members.find((m) => m.user_id === id);
    return { id, name: member ? `${member.firstname} ${member.lastname}` : id, email: member?.email ?? '' };
  };

  const api = stubProjectApi({
    project,
    user,
    handle: (call) => {
      const answer = handle?.(call);
      if (answer) return answer;
      const path = call.url.split('?')[0]!;
      const method = call.init.method ?? 'GET';
      const query = queryOf(call);
      if (path === `/api/organizations/${DEMO_ORGANIZATION.id}/tags`) return jsonResponse(200, pageOf(tags, call.url));
      if (path === `${base}/users`) return jsonResponse(200, pageOf(members, call.url));
      if (path === `/api/v1/projects/${project.id}/controls`) {
        const name = (query.name ?? '').toLowerCase();
        return jsonResponse(200, pageOf(controls.filter((c) => `${c.control_code} ${c.title}`.toLowerCase().includes(name)), call.url));
      }
      if (path === `${base}/risks/list`) {
        const name = (query.name ?? '').toLowerCase();
        return jsonResponse(200, pageOf(risks.filter((r) => `${r.reference} ${r.name}`.toLowerCase().includes(name)), call.url));
      }
      if (path === `${base}/evidence` && method === 'GET') return jsonResponse(200, pageOf(items, call.url));
      if (path === `${base}/evidence/files/types`) {
        const counts = new Map<EvidenceListItem['file_type'], number>();
        for (const item of items) counts.set(item.file_type, (counts.get(item.file_type) ?? 0) + 1);
        return jsonResponse(200, { items: [...counts].map(([type, count]) => ({ file_type: type, label: EVIDENCE_FILE_TYPE_LABELS[type], count })) });
      }
      if (path === `${base}/evidence_list`) return jsonResponse(200, pageOf(items.map(({ id, name, file_name, file_type, status, size }) => ({ id, name, file_name, file_type, status, size })), call.url));
      if (path === `${base}/evidence.csv`) {
        return new Response('name,version,file,size,sha256\r\n', { status: 200, headers: { 'Content-Type': 'text/csv', 'Content-Disposition': 'attachment; filename="credit-scoring-evidence.csv"' } });
      }
      if (path === `${base}/evidence` && method === 'POST') {
        const file = (call.init.body as FormData).get('file') as File;
        state.uploaded += 1;
        const created = buildEvidenceDetail({ id: newId(700 + state.uploaded), name: query.name ?? file.name, description: query.description ?? '', file_name: file.name, size: file.size });
        byId.set(created.id, created);
        return jsonResponse(201, created);
      }
      const match = path.match(new RegExp(`^${base}/evidence/([^/]+)(?:/(assignees|versions|download))?$`));
      if (!match) return undefined;
      const [, evidenceId, part] = match;
      const evidence = byId.get(evidenceId!);
      if (!evidence) return jsonResponse(404, { detail: 'Evidence not found', code: 'not_found' });
      if (!part) {
        if (method === 'GET') return jsonResponse(200, evidence);
        if (method === 'DELETE') {
          byId.delete(evidence.id);
          return new Response(null, { status: 204 });
        }
        const { status, justification: _why, control_ids, risk_ids, tags: tagIds, ...fields } = bodyOf<Omit<Partial<EvidenceDetail>, 'tags'> & { justification?: string; control_ids?: string[]; risk_ids?: string[]; tags?: string[] }>(call);
        Object.assign(evidence, fields);
        if (control_ids) {
          evidence.controls = control_ids.map((id) => {
            const control = controls.find((c) => c.id === id)!;
            return { id, control_code: control.control_code, title: control.title, status: control.status, score: null, score_result: null, score_reason: null };
          });
        }
        if (risk_ids) evidence.risks = risk_ids.map((id) => ({ ...risks.find((r) => r.id === id)! })).map(({ id, reference, name, status: s }) => ({ id, reference, name, status: s }));
        if (tagIds) evidence.tags = tagIds.map((id) => tags.find((t) => t.tag_id === id)!).map(({ tag_id, name, color }) => ({ tag_id, name, color }));
        if (status && status !== evidence.status) {
          evidence.status_history.unshift({ from: evidence.status, to: status, at: NOW, by: ADA, justification: _why ?? null, forced: false });
          evidence.status = status;
          evidence.locked = status === 'approved';
          evidence.allowed_transitions = [...MANUAL_TRANSITIONS[status]];
        }
        return jsonResponse(200, evidence);
      }
      if (part === 'assignees') {
        const body = bodyOf<{ assignees: string[]; reviewers: string[] }>(call);
        evidence.assignees = body.assignees.map(person);
        evidence.reviewers = body.reviewers.map(person);
        return jsonResponse(200, evidence);
      }
      if (part === 'versions') {
        const file = (call.init.body as FormData).get('file') as File;
        const version = buildVersion({ id: newId(800 + evidence.version), version: evidence.version + 1, file_name: file.name, size: file.size, sha256: 'b'.repeat(64), uploaded_at: NOW });
        Object.assign(evidence, { version: version.version, file_name: file.name, size: file.size, sha256: version.sha256, versions: [...evidence.versions, version] });
        return jsonResponse(201, evidence);
      }
      const wanted = Number(query.version ?? evidence.version);
      const version = evidence.versions.find((v) => v.version === wanted);
      if (!version) return jsonResponse(404, { detail: `Evidence has no version ${wanted}`, code: 'not_found' });
      return new Response(`bytes of ${version.file_name}`, {
        status: 200,
        headers: { 'Content-Type': version.content_type, 'Content-Disposition': `${query.inline === 'true' ? 'inline' : 'attachment'}; filename="${version.file_name}"` },
      });
    },
  });
  return { ...api, state, evidence: (id: string) => byId.get(id) };
}
