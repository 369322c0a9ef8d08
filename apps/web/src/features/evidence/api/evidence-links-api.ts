import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { EvidenceLight, LinkedEvidenceList } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { evidenceQueryKeys, useRefreshAfterEvidenceChange } from './evidence-api';

/** What a control's or a risk's page links evidence to: the control by its code, the risk by its id. */
export type EvidenceLinkTarget = { kind: 'control'; code: string } | { kind: 'risk'; id: string };

/** Under the project's evidence: a change to any evidence (an upload, a new version, a link made on its page) refreshes the page's list. */
export const linkedEvidenceKey = (projectId: string, target: EvidenceLinkTarget) =>
  target.kind === 'control' ? evidenceQueryKeys.control(projectId, target.code) : evidenceQueryKeys.risk(projectId, target.id);

const targetBase = (projectId: string, target: EvidenceLinkTarget) =>
  target.kind === 'control'
    ? `/api/projects/${encodeURIComponent(projectId)}/controls/${encodeURIComponent(target.code)}/evidence`
    : `/api/projects/${encodeURIComponent(projectId)}/risks/${encodeURIComponent(target.id)}/evidence`;

const targetParams = (target: EvidenceLinkTarget) => (target.kind === 'control' ? { control_code: target.code } : { risk_id: target.id });

/** The evidence linked to a control (listControlEvidence) or a risk (listRiskEvidence), with each link's score. Needs evidences:read. */
export async function listLinkedEvidence(projectId: string, target: EvidenceLinkTarget, signal?: AbortSignal): Promise<LinkedEvidenceList> {
  requireParams(target.kind === 'control' ? 'listControlEvidence' : 'listRiskEvidence', { project_id: projectId, ...targetParams(target) });
  return apiFetch<LinkedEvidenceList>(targetBase(projectId, target), { signal, notify: false });
}

export const linkedEvidenceQuery = (projectId: string, target: EvidenceLinkTarget) =>
  queryOptions({ queryKey: linkedEvidenceKey(projectId, target), queryFn: ({ signal }) => listLinkedEvidence(projectId, target, signal) });

export const useLinkedEvidence = (projectId: string, target: EvidenceLinkTarget) => useQuery(linkedEvidenceQuery(projectId, target));

/** Links one evidence (linkControlEvidence / linkRiskEvidence); linking again changes nothing. 409 when the control, the risk or the evidence is approved. */
export function linkEvidence(projectId: string, target: EvidenceLinkTarget, evidenceId: string): Promise<void> {
  requireParams(target.kind === 'control' ? 'linkControlEvidence' : 'linkRiskEvidence', { project_id: projectId, ...targetParams(target), evidence_id: evidenceId });
  return apiFetch<void>(`${targetBase(projectId, target)}/${encodeURIComponent(evidenceId)}`, { method: 'PUT', notify: false });
}

/** Removes a link (unlinkControlEvidence / unlinkRiskEvidence); 404 when not linked, 409 when the control, the risk or the evidence is approved. */
export function unlinkEvidence(projectId: string, target: EvidenceLinkTarget, evidenceId: string): Promise<void> {
  requireParams(target.kind === 'control' ? 'unlinkControlEvidence' : 'unlinkRiskEvidence', { project_id: projectId, ...targetParams(target), evidence_id: evidenceId });
  return apiFetch<void>(`${targetBase(projectId, target)}/${encodeURIComponent(evidenceId)}`, { method: 'DELETE', notify: false });
}

/** Links several evidence one after the other (the API links one per call); stops at the first refusal, the ones before it staying linked. */
export function useLinkEvidence(projectId: string, target: EvidenceLinkTarget) {
  const refresh = useRefreshAfterEvidenceChange(projectId);
  return useMutation({
    mutationFn: async (evidence: readonly EvidenceLight[]) => {
      for (const item of evidence) await linkEvidence(projectId, target, item.id);
      return evidence;
    },
    // Refreshed after a refusal too: those linked before it are linked.
    onSettled: () => refresh({ links: true }),
  });
}

export function useUnlinkEvidence(projectId: string, target: EvidenceLinkTarget) {
  const refresh = useRefreshAfterEvidenceChange(projectId);
  return useMutation({ mutationFn: (evidenceId: string) => unlinkEvidence(projectId, target, evidenceId), onSuccess: () => refresh({ links: true }) });
}
