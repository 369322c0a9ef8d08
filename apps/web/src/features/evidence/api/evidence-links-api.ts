import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type { EvidenceLight, LinkedEvidenceList, Page } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { activityKey, controlsKey, projectDashboardKey, projectKey } from '../../../lib/query-keys';

/** What a control's or a risk's page links evidence to: the control by its code, the risk by its id. */
export type EvidenceLinkTarget = { kind: 'control'; code: string } | { kind: 'risk'; id: string };

/**
 * Everything cached about a project's evidence sits under the project's key (so the live stream's
 * project-wide refresh and a project's deletion reach it); the linked lists and the picker below it.
 */
const evidenceRootKey = (projectId: string) => [...projectKey(projectId), 'evidence'] as const;
export const linkedEvidenceKey = (projectId: string, target: EvidenceLinkTarget) =>
  [...evidenceRootKey(projectId), 'linked', target.kind, target.kind === 'control' ? target.code : target.id] as const;
export const evidencePickerKey = (projectId: string, name: string) => [...evidenceRootKey(projectId), 'picker', name] as const;

const projectBase = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;
const targetBase = (projectId: string, target: EvidenceLinkTarget) =>
  target.kind === 'control'
    ? `${projectBase(projectId)}/controls/${encodeURIComponent(target.code)}/evidence`
    : `${projectBase(projectId)}/risks/${encodeURIComponent(target.id)}/evidence`;

/** The evidence linked to a control (listControlEvidence) or a risk (listRiskEvidence). Needs evidences:read. */
export async function listLinkedEvidence(projectId: string, target: EvidenceLinkTarget, signal?: AbortSignal): Promise<LinkedEvidenceList> {
  requireParams(target.kind === 'control' ? 'listControlEvidence' : 'listRiskEvidence', { project_id: projectId, ...(target.kind === 'control' ? { control_code: target.code } : { risk_id: target.id }) });
  return apiFetch<LinkedEvidenceList>(targetBase(projectId, target), { signal, notify: false });
}

export const linkedEvidenceQuery = (projectId: string, target: EvidenceLinkTarget) =>
  queryOptions({ queryKey: linkedEvidenceKey(projectId, target), queryFn: ({ signal }) => listLinkedEvidence(projectId, target, signal) });

export const useLinkedEvidence = (projectId: string, target: EvidenceLinkTarget) => useQuery(linkedEvidenceQuery(projectId, target));

/** Up to 250 of the project's evidence whose name (or text) matches (listEvidenceLight): the "attach existing" picker. */
export async function listEvidenceOptions(projectId: string, name: string, signal?: AbortSignal): Promise<Page<EvidenceLight>> {
  requireParams('listEvidenceLight', { project_id: projectId });
  return apiFetch<Page<EvidenceLight>>(`${projectBase(projectId)}/evidence_list`, { signal, query: { name: name || undefined }, notify: false });
}

export const evidenceOptionsQuery = (projectId: string, name: string) =>
  queryOptions({ queryKey: evidencePickerKey(projectId, name), queryFn: ({ signal }) => listEvidenceOptions(projectId, name, signal), placeholderData: keepPreviousData });

export const useEvidenceOptions = (projectId: string, name: string, enabled = true) => useQuery({ ...evidenceOptionsQuery(projectId, name), enabled });

/** Links one evidence (linkControlEvidence / linkRiskEvidence); linking again changes nothing. 409 when the control, the risk or the evidence is approved. */
export function linkEvidence(projectId: string, target: EvidenceLinkTarget, evidenceId: string): Promise<void> {
  requireParams(target.kind === 'control' ? 'linkControlEvidence' : 'linkRiskEvidence', { project_id: projectId, evidence_id: evidenceId });
  return apiFetch<void>(`${targetBase(projectId, target)}/${encodeURIComponent(evidenceId)}`, { method: 'PUT', notify: false });
}

/** Removes a link (unlinkControlEvidence / unlinkRiskEvidence); 409 when the control, the risk or the evidence is approved. */
export function unlinkEvidence(projectId: string, target: EvidenceLinkTarget, evidenceId: string): Promise<void> {
  requireParams(target.kind === 'control' ? 'unlinkControlEvidence' : 'unlinkRiskEvidence', { project_id: projectId, evidence_id: evidenceId });
  return apiFetch<void>(`${targetBase(projectId, target)}/${encodeURIComponent(evidenceId)}`, { method: 'DELETE', notify: false });
}

/**
 * After a link changes (or a file is uploaded onto the page): every evidence query of the project (the
 * lists, the detail, the linked lists), the controls (their evidence and attention), the risks, the
 * dashboard and the log.
 */
export function useRefreshAfterEvidenceLink(projectId: string) {
  const queryClient = useQueryClient();
  return () => {
    const stale: QueryKey[] = [
      evidenceRootKey(projectId),
      controlsKey(projectId),
      [...projectKey(projectId), 'risks'],
      projectDashboardKey(projectId),
      activityKey(projectId),
    ];
    return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}

/** Links several evidence one after the other (the API links one per call); stops at the first refusal, the ones before it staying linked. */
export function useLinkEvidence(projectId: string, target: EvidenceLinkTarget) {
  const refresh = useRefreshAfterEvidenceLink(projectId);
  return useMutation({
    mutationFn: async (evidence: readonly EvidenceLight[]) => {
      for (const item of evidence) await linkEvidence(projectId, target, item.id);
      return evidence;
    },
    // Refreshed after a refusal too: those linked before it are linked.
    onSettled: () => refresh(),
  });
}

export function useUnlinkEvidence(projectId: string, target: EvidenceLinkTarget) {
  const refresh = useRefreshAfterEvidenceLink(projectId);
  return useMutation({ mutationFn: (evidenceId: string) => unlinkEvidence(projectId, target, evidenceId), onSuccess: () => refresh() });
}
