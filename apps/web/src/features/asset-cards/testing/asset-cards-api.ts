import { ASSET_CARD_TYPES, MANUAL_TRANSITIONS, type AssetCardDetail, type AssetCardListItem, type AssetLineage, type ControlLight, type Project, type ProjectMember } from '@aegis/contracts';
import { ADA } from '../../../testing/factories';
import { jsonResponse, type FetchCall } from '../../../testing/fetch-stub';
import { stubProjectApi } from '../../../testing/project-api';
import { buildAssetCardDetail } from './asset-fixtures';

type AssetCardsApi = {
  project: Project;
  /** What every list page answers, whatever the filters; tests read the query it was asked with. */
  cards?: AssetCardListItem[];
  /** Cards by id; the calls change them as the server would. */
  details?: AssetCardDetail[];
  lineage?: AssetLineage;
  members?: ProjectMember[];
  controls?: ControlLight[];
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
const newId = (n: number) => `0199a0b2-0000-7000-8000-${String(880 + n).padStart(12, '0')}`;

/**
 * A stand-in for a project's asset cards API on top of the project's: the list (one page of `cards`,
 * whatever the query), the lineage, a card's detail (changed by PATCH and PUT as the server would),
 * creation, deletion, a Markdown download, the members and the light controls list. Records every call.
 */
export function stubAssetCardsApi({ project, cards = [], details = [], lineage = { nodes: [], edges: [] }, members = [], controls = [], handle }: AssetCardsApi) {
  const base = `/api/projects/${project.id}/asset_cards`;
  const byId = new Map(details.map((detail) => [detail.id, structuredClone(detail)]));
  const state = { created: 0 };
  const person = (id: string) => {
    const member = members.find((m) => m.user_id === id);
    return { id, name: member ? `${member.firstname} ${member.lastname}` : id, email: member?.email ?? '' };
  };

  const api = stubProjectApi({
    project,
    handle: (call) => {
      const answer = handle?.(call);
      if (answer) return answer;
      const path = call.url.split('?')[0]!;
      const method = call.init.method ?? 'GET';
      if (path === `/api/projects/${project.id}/users`) return jsonResponse(200, pageOf(members, call.url));
      if (path === `/api/v1/projects/${project.id}/controls`) return jsonResponse(200, pageOf(controls, call.url));
      if (path === `/api/organizations/${project.organization_id}/tags`) return jsonResponse(200, pageOf([], call.url));
      if (path === base && method === 'GET') return jsonResponse(200, pageOf(cards, call.url));
      if (path === `${base}/lineage`) return jsonResponse(200, lineage);
      if (path === base && method === 'POST') {
        const input = bodyOf<Partial<AssetCardDetail>>(call);
        state.created += 1;
        const created = buildAssetCardDetail({ ...input, id: newId(state.created), status: 'ready', owner: null, created_at: NOW, updated_at: NOW });
        byId.set(created.id, created);
        return jsonResponse(201, created);
      }
      const match = path.match(new RegExp(`^${base}/([^/]+)(?:/(assignees|download))?$`));
      if (!match) return undefined;
      const [, cardId, part] = match;
      const card = byId.get(cardId!);
      if (!card) return jsonResponse(404, { detail: 'Asset card not found', code: 'not_found' });
      if (part === 'download') {
        return new Response(`---\nlicense: ${card.facts.license ?? 'other'}\n---\n\n# ${card.name}\n`, {
          status: 200,
          headers: { 'Content-Type': 'text/markdown', 'Content-Disposition': `attachment; filename="${card.name.toLowerCase().replace(/\W+/g, '-')}.md"` },
        });
      }
      if (part === 'assignees') {
        const body = bodyOf<{ assignees: string[]; reviewers: string[] }>(call);
        card.assignees = body.assignees.map(person);
        card.reviewers = body.reviewers.map(person);
        return jsonResponse(200, card);
      }
      if (method === 'GET') return jsonResponse(200, card);
      if (method === 'DELETE') {
        byId.delete(card.id);
        return new Response(null, { status: 204 });
      }
      const { status, justification, upstream, owner_id, ...fields } = bodyOf<Partial<Omit<AssetCardDetail, 'upstream'>> & { justification?: string; upstream?: { card_id: string; relation: string }[]; owner_id?: string | null }>(call);
      Object.assign(card, fields);
      if (owner_id !== undefined) card.owner = owner_id ? person(owner_id) : null;
      if (upstream) {
        card.upstream = upstream.map(({ card_id, relation }) => {
          const node = lineage.nodes.find((n) => n.id === card_id);
          return { card: { id: card_id, name: node?.name ?? card_id, asset_card_type: node?.asset_card_type ?? ASSET_CARD_TYPES[0], status: node?.status ?? 'ready' }, relation: relation as AssetCardDetail['upstream'][number]['relation'] };
        });
        card.upstream_count = card.upstream.length;
      }
      if (status && status !== card.status) {
        card.status_history.unshift({ from: card.status, to: status, at: NOW, by: ADA, justification: justification ?? null, forced: false });
        card.status = status;
        card.locked = status === 'approved';
        card.allowed_transitions = [...MANUAL_TRANSITIONS[status]];
      }
      return jsonResponse(200, card);
    },
  });
  return { ...api, card: (id: string) => byId.get(id) };
}

export const callsOf = (calls: FetchCall[], path: string, method = 'GET') => calls.filter((call) => call.url.split('?')[0] === path && (call.init.method ?? 'GET') === method);
export const queryOf = (call: FetchCall) => Object.fromEntries(new URL(call.url, 'http://x').searchParams);
export { bodyOf };
