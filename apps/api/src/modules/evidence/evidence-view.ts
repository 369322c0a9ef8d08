import type { EvidenceControlRef, EvidenceListItem, EvidenceRiskRef, ExpiryState, PersonRef } from '@aegis/contracts';
import { EXPIRY_WARNING_DAYS } from '@aegis/contracts';
import type { RequestContext } from '../../plugins/auth';
import type { WorkItem } from '../work-items/work-items';
import type { EvidenceRow } from './evidence-list-repository';
import { daysBetween, iso, parsed, personOf } from './sql-helpers';

export const evidenceLink = (projectId: string, evidenceId: string) => `/projects/project-detail/${projectId}/evidence-detail/${evidenceId}`;
export const controlLink = (projectId: string, code: string) => `/projects/project-detail/${projectId}/control-detail/${encodeURIComponent(code)}`;
export const riskLink = (projectId: string, riskId: string) => `/projects/project-detail/${projectId}/risk-detail/${riskId}`;

/** An evidence as the shared work-item pieces need it (people, tags, status history, notifications, live events). */
export const evidenceItem = (ctx: Pick<RequestContext, 'organizationId'>, projectId: string, row: { id: string; name: string }): WorkItem => ({
  organizationId: ctx.organizationId!,
  projectId,
  itemType: 'evidence',
  itemId: row.id,
  label: row.name,
  link: evidenceLink(projectId, row.id),
});

/**
 * Validity on a day: no expiry date → none; past it → expired; within EXPIRY_WARNING_DAYS of it →
 * expiring; else valid. The file proves its period up to and including its expiry day.
 */
export function expiryStateOf(expiresOn: string | null, today: string): ExpiryState {
  if (expiresOn === null) return 'none';
  const left = daysBetween(today, expiresOn);
  if (left < 0) return 'expired';
  return left <= EXPIRY_WARNING_DAYS ? 'expiring' : 'valid';
}

export const toListItem = (row: EvidenceRow, today: string): EvidenceListItem => ({
  id: row.id,
  name: row.name,
  description: row.description,
  status: row.status,
  file_name: row.file_name,
  size: Number(row.size),
  content_type: row.content_type,
  file_type: row.file_type,
  sha256: row.sha256,
  version: Number(row.version),
  text_status: row.text_status,
  effective_date: row.effective_date,
  expires_on: row.expires_on,
  expiry_state: expiryStateOf(row.expires_on, today),
  controls: parsed<EvidenceControlRef[]>(row.controls),
  risks: parsed<EvidenceRiskRef[]>(row.risks),
  assignees: parsed<PersonRef[]>(row.assignees),
  tags: parsed(row.tags),
  review_status: row.review_status ?? null,
  approval_forced: Boolean(row.approval_forced),
  snippet: row.snippet ?? null,
  uploaded_by: personOf(row.uploaded_by),
  uploaded_at: iso(row.uploaded_at),
  created_at: iso(row.created_at),
  updated_at: iso(row.updated_at),
});
