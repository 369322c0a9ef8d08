import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { MAX_PAGE_SIZE, type ControlLight, type EvidenceLight, type Page, type RiskLight, type Tag } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { controlsKey, projectKey } from '../../../lib/query-keys';

/*
 * What a card's page picks from: the project's controls, risks and evidence (their light lists, made
 * for pickers) and the organization's tags. The other features have their own; features may not share them.
 */

/** Up to 50 of the project's controls matching `name` (code or title), by code. Needs controls:read. */
export function listControlOptions(projectId: string, name: string, signal?: AbortSignal): Promise<Page<ControlLight>> {
  requireParams('listControlsLight', { project_id: projectId });
  return apiFetch<Page<ControlLight>>(`/api/v1/projects/${encodeURIComponent(projectId)}/controls`, {
    signal,
    query: { name: name || undefined, sort_by: 'control_code', page: 1, size: 50 },
  });
}

export const useControlOptions = (projectId: string, name: string, enabled = true) =>
  useQuery({
    // Under the project's controls: a control's status change refreshes the picker too.
    queryKey: [...controlsKey(projectId), 'light', name],
    queryFn: ({ signal }) => listControlOptions(projectId, name, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Up to 50 of the project's risks matching `name` (reference or name), by reference. Needs risks:read. */
export function listRiskOptions(projectId: string, name: string, signal?: AbortSignal): Promise<Page<RiskLight>> {
  requireParams('listRisksLight', { project_id: projectId });
  return apiFetch<Page<RiskLight>>(`/api/projects/${encodeURIComponent(projectId)}/risks/list`, {
    signal,
    query: { name: name || undefined, sort_by: 'reference', page: 1, size: 50 },
  });
}

export const useRiskOptions = (projectId: string, name: string, enabled = true) =>
  useQuery({
    // Under the project's risks (features/risks/api/risk-keys.ts): a change to a risk refreshes the picker.
    queryKey: [...projectKey(projectId), 'risks', 'light', name],
    queryFn: ({ signal }) => listRiskOptions(projectId, name, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Up to 250 of the project's evidence matching `name`, light. Needs evidences:read. */
export function listEvidenceOptions(projectId: string, name: string, signal?: AbortSignal): Promise<Page<EvidenceLight>> {
  requireParams('listEvidenceLight', { project_id: projectId });
  return apiFetch<Page<EvidenceLight>>(`/api/projects/${encodeURIComponent(projectId)}/evidence_list`, { signal, query: { name: name || undefined } });
}

export const useEvidenceOptions = (projectId: string, name: string, enabled = true) =>
  useQuery({
    // Under the project's evidence (features/evidence): a change to an evidence refreshes the picker.
    queryKey: [...projectKey(projectId), 'evidence', 'light', name],
    queryFn: ({ signal }) => listEvidenceOptions(projectId, name, signal),
    placeholderData: keepPreviousData,
    enabled,
  });

/** Every tag of the organization, by name (tags:read: every member). */
export async function listOrganizationTags(organizationId: string, signal?: AbortSignal): Promise<Tag[]> {
  requireParams('listTags', { organization_id: organizationId });
  const page = await apiFetch<Page<Tag>>(`/api/organizations/${encodeURIComponent(organizationId)}/tags`, { signal, query: { page: 1, size: MAX_PAGE_SIZE } });
  return page.items;
}

export const organizationTagsQuery = (organizationId: string) =>
  queryOptions({
    // Under the organization's tags (features/tags): creating or renaming one there refreshes these.
    queryKey: ['tags', organizationId, 'all'],
    queryFn: ({ signal }) => listOrganizationTags(organizationId, signal),
    staleTime: 60_000,
  });

export const useOrganizationTags = (organizationId: string) => useQuery(organizationTagsQuery(organizationId));
