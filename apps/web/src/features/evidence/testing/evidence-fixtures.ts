import { MANUAL_TRANSITIONS, type ControlLight, type EvidenceDetail, type EvidenceListItem, type EvidenceVersion, type RiskLight } from '@aegis/contracts';
import { ADA } from '../../../testing/factories';

const NOW = '2026-11-21T09:00:00Z';
export const EVIDENCE_ID = '0199a0b2-0000-7000-8000-0000000000d1';
export const SHA_1 = 'a'.repeat(64);
export const SHA_2 = '0123456789abcdef'.repeat(4);

export function buildVersion(overrides: Partial<EvidenceVersion> = {}): EvidenceVersion {
  return {
    id: '0199a0b2-0000-7000-8000-0000000001d1',
    version: 1,
    file_name: 'bias-audit-2026.pdf',
    size: 1_572_864,
    content_type: 'application/pdf',
    file_type: 'pdf',
    sha256: SHA_1,
    text_status: 'extracted',
    text_error: null,
    uploaded_by: ADA,
    uploaded_at: NOW,
    ...overrides,
  };
}

/** An evidence as the list shows it: a 1.5 MB PDF, effective 01-11-2026, not expiring, linked to nothing. */
export function buildEvidenceListItem(overrides: Partial<EvidenceListItem> = {}): EvidenceListItem {
  return {
    id: EVIDENCE_ID,
    name: 'Bias audit 2026',
    description: 'The yearly audit of the screening model for bias.',
    status: 'ready',
    file_name: 'bias-audit-2026.pdf',
    size: 1_572_864,
    content_type: 'application/pdf',
    file_type: 'pdf',
    sha256: SHA_1,
    version: 1,
    text_status: 'extracted',
    effective_date: '2026-11-01',
    expires_on: null,
    expiry_state: 'none',
    controls: [],
    risks: [],
    assignees: [],
    tags: [],
    review_status: null,
    approval_forced: false,
    snippet: null,
    uploaded_by: ADA,
    uploaded_at: NOW,
    created_at: NOW,
    updated_at: NOW,
    ...overrides,
  };
}

export function buildEvidenceDetail(overrides: Partial<EvidenceDetail> = {}): EvidenceDetail {
  const item = buildEvidenceListItem(overrides);
  return {
    ...item,
    versions: [buildVersion({ file_name: item.file_name, size: item.size, sha256: item.sha256, file_type: item.file_type, content_type: item.content_type })],
    locked: item.status === 'approved',
    held_by_approved_controls: [],
    allowed_transitions: [...MANUAL_TRANSITIONS[item.status]],
    status_history: [],
    reviewers: [],
    created_by: ADA,
    ...overrides,
  };
}

export const CONTROLS: ControlLight[] = [
  { id: '0199a0b2-0000-7000-8000-0000000000c1', control_code: 'MFF-1.RSK.01', title: 'Risk management system', status: 'in_progress' },
  { id: '0199a0b2-0000-7000-8000-0000000000c2', control_code: 'MFF-1.DAT.02', title: 'Data governance', status: 'approved' },
];

export const RISKS: RiskLight[] = [
  { id: '0199a0b2-0000-7000-8000-000000000e01', reference: 'R-1', name: 'Biased outcomes against applicants', status: 'ready', inherent_level: 'high', residual_level: 'medium' },
  { id: '0199a0b2-0000-7000-8000-000000000e02', reference: 'R-2', name: 'Prompt injection', status: 'in_progress', inherent_level: 'critical', residual_level: 'high' },
];
