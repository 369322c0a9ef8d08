import { assetCardFacts, MANUAL_TRANSITIONS, type AssetCardDetail, type AssetCardListItem, type AssetLineage } from '@aegis/contracts';
import { ADA } from '../../../testing/factories';

const NOW = '2026-11-21T09:00:00Z';
export const assetId = (n: number) => `0199a0b2-0000-7000-8000-${String(700 + n).padStart(12, '0')}`;
export const DATASET_ID = assetId(1);
export const MODEL_ID = assetId(2);
export const SYSTEM_ID = assetId(3);

/** A card as the Assets tab lists it: a dataset, ready, unless told otherwise. */
export function buildAssetCardListItem(overrides: Partial<AssetCardListItem> = {}): AssetCardListItem {
  return {
    id: DATASET_ID,
    name: 'Loan applications 2019–2024',
    asset_card_type: 'dataset',
    asset_card_nature: 'in_house',
    status: 'ready',
    version: '2024.1',
    owner: ADA,
    license: null,
    assignees: [],
    tags: [],
    upstream_count: 0,
    downstream_count: 1,
    control_count: 0,
    risk_count: 0,
    evidence_count: 0,
    review_status: null,
    approval_forced: false,
    needs_attention: false,
    updated_at: NOW,
    ...overrides,
  };
}

/** A card's page: the list item with empty facts and sections, no links, and the moves of its status. */
export function buildAssetCardDetail(overrides: Partial<AssetCardDetail> = {}): AssetCardDetail {
  const status = overrides.status ?? 'ready';
  return {
    ...buildAssetCardListItem(),
    description: '',
    facts: assetCardFacts.parse({}),
    sections: {},
    extra_metadata: {},
    upstream: [],
    downstream: [],
    controls: [],
    risks: [],
    evidences: [],
    reviewers: [],
    locked: status === 'approved',
    allowed_transitions: [...MANUAL_TRANSITIONS[status]],
    status_history: [],
    imported_from: null,
    created_by: ADA,
    created_at: NOW,
    ...overrides,
  };
}

/** The demo project's lineage: loan applications → credit scoring model → loan decision system, and a KYC service the system uses; a lone component. */
export const LINEAGE: AssetLineage = {
  nodes: [
    { id: SYSTEM_ID, name: 'Loan decision assistant', asset_card_type: 'ai_system', asset_card_nature: 'in_house', status: 'in_progress' },
    { id: MODEL_ID, name: 'Credit scoring model', asset_card_type: 'model', asset_card_nature: 'in_house', status: 'ready' },
    { id: DATASET_ID, name: 'Loan applications 2019–2024', asset_card_type: 'dataset', asset_card_nature: 'in_house', status: 'approved' },
    { id: assetId(4), name: 'KYC check API', asset_card_type: 'third_party_service', asset_card_nature: 'third_party', status: 'ready' },
    { id: assetId(5), name: 'PDF renderer', asset_card_type: 'software_component', asset_card_nature: 'open_source', status: 'ready' },
  ],
  edges: [
    { from_id: DATASET_ID, to_id: MODEL_ID, relation: 'trained_on' },
    { from_id: MODEL_ID, to_id: SYSTEM_ID, relation: 'uses' },
    { from_id: assetId(4), to_id: SYSTEM_ID, relation: 'uses' },
  ],
};
