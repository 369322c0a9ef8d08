import type { AssetCardListItem, AssetCardType, AssetCardNature, ReviewStatus, WorkItemStatus } from '@aegis/contracts';
import type { RequestContext } from '../../plugins/auth';
import type { WorkItem } from '../work-items/work-items';
import { iso, parsed, personOf } from './sql-helpers';

/** Where a card lives in the web app (the Assets tab's detail page). */
export const assetCardLink = (projectId: string, cardId: string) => `/projects/project-detail/${projectId}/asset-detail/${cardId}`;
export const controlLink = (projectId: string, code: string) => `/projects/project-detail/${projectId}/control-detail/${encodeURIComponent(code)}`;
export const riskLink = (projectId: string, riskId: string) => `/projects/project-detail/${projectId}/risk-detail/${riskId}`;
export const evidenceLink = (projectId: string, evidenceId: string) => `/projects/project-detail/${projectId}/evidence-detail/${evidenceId}`;

/** A card as the shared work-item pieces need it (people, tags, status history, notifications, live events). */
export const assetCardItem = (ctx: Pick<RequestContext, 'organizationId'>, projectId: string, row: { id: string; name: string }): WorkItem => ({
  organizationId: ctx.organizationId!,
  projectId,
  itemType: 'asset_card',
  itemId: row.id,
  label: row.name,
  link: assetCardLink(projectId, row.id),
});

/** A card row of a list page with its decorations (asset-card-repository.ts). */
export type AssetCardRow = {
  id: string;
  name: string;
  asset_card_type: AssetCardType;
  asset_card_nature: AssetCardNature;
  status: WorkItemStatus;
  version: string | null;
  license: string | null;
  needs_attention: boolean;
  updated_at: Date | string;
  owner: unknown;
  assignees: unknown;
  tags: unknown;
  upstream_count: number;
  downstream_count: number;
  control_count: number;
  risk_count: number;
  evidence_count: number;
  review_status: ReviewStatus | null;
  approval_forced: boolean;
};

export const toListItem = (row: AssetCardRow): AssetCardListItem => ({
  id: row.id,
  name: row.name,
  asset_card_type: row.asset_card_type,
  asset_card_nature: row.asset_card_nature,
  status: row.status,
  version: row.version,
  owner: personOf(row.owner),
  license: row.license,
  assignees: parsed(row.assignees),
  tags: parsed(row.tags),
  upstream_count: Number(row.upstream_count),
  downstream_count: Number(row.downstream_count),
  control_count: Number(row.control_count),
  risk_count: Number(row.risk_count),
  evidence_count: Number(row.evidence_count),
  review_status: row.review_status ?? null,
  approval_forced: Boolean(row.approval_forced),
  needs_attention: Boolean(row.needs_attention),
  updated_at: iso(row.updated_at),
});
