import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import type {
  EvidenceDetail,
  EvidenceFileTypes,
  EvidenceLight,
  EvidenceListItem,
  Page,
  UpdateEvidence,
  UpdateRiskAssignees,
  UploadEvidenceQuery,
} from '@aegis/contracts';
import { apiDownload, apiFetch, apiUpload, requireParams } from '../../../lib/api-client';
import { activityKey, controlsKey, myWorkKey, projectDashboardKey, projectKey } from '../../../lib/query-keys';
import type { UploadProgress } from '../../../lib/xhr-fetch';
import { evidenceQueryString, type EvidenceListParams } from '../evidence-list-params';

/**
 * Everything cached about a project's evidence sits under one key below the project's
 * (['project', projectId, 'evidence']): a change to one evidence refreshes its lists, the file types,
 * its detail and the lists on the control and risk pages together; deleting or leaving the project
 * drops them; and the live stream's project-wide refresh (concept `evidence`, lib/live-invalidation.ts)
 * reaches them when someone else changes evidence.
 */
export const evidenceQueryKeys = {
  all: (projectId: string) => [...projectKey(projectId), 'evidence'] as const,
  lists: (projectId: string) => [...evidenceQueryKeys.all(projectId), 'list'] as const,
  list: (projectId: string, params: EvidenceListParams) => [...evidenceQueryKeys.lists(projectId), params] as const,
  light: (projectId: string, name: string) => [...evidenceQueryKeys.all(projectId), 'light', name] as const,
  fileTypes: (projectId: string) => [...evidenceQueryKeys.all(projectId), 'file-types'] as const,
  detail: (projectId: string, evidenceId: string) => [...evidenceQueryKeys.all(projectId), 'detail', evidenceId] as const,
  /** The evidence linked to one control (its page's section). */
  control: (projectId: string, controlCode: string) => [...evidenceQueryKeys.all(projectId), 'control', controlCode] as const,
  /** The evidence linked to one risk (its page's section). */
  risk: (projectId: string, riskId: string) => [...evidenceQueryKeys.all(projectId), 'risk', riskId] as const,
};

/** The risk feature's key (features/risks/api/risk-keys.ts), which features may not import: links to evidence show on risks' pages. */
const risksKey = (projectId: string) => [...projectKey(projectId), 'risks'] as const;

const projectBase = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}`;
const evidenceBase = (projectId: string, evidenceId: string) => `${projectBase(projectId)}/evidence/${encodeURIComponent(evidenceId)}`;

// ---------------------------------------------------------------------------------------------------
// Reading

/** One page of the project's evidence, filtered and sorted (spec sections 3 and 7). Needs evidences:read. */
export function listEvidence(projectId: string, params: EvidenceListParams, signal?: AbortSignal): Promise<Page<EvidenceListItem>> {
  requireParams('listEvidence', { project_id: projectId });
  return apiFetch<Page<EvidenceListItem>>(`${projectBase(projectId)}/evidence`, { signal, query: evidenceQueryString(params) });
}

export const evidenceListQuery = (projectId: string, params: EvidenceListParams) =>
  queryOptions({
    queryKey: evidenceQueryKeys.list(projectId, params),
    queryFn: ({ signal }) => listEvidence(projectId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useEvidenceList = (projectId: string, params: EvidenceListParams) => useQuery(evidenceListQuery(projectId, params));

/** Up to 250 of the project's evidence matching `name`, light (pickers: "attach existing"). */
export function listEvidenceLight(projectId: string, name: string, signal?: AbortSignal): Promise<Page<EvidenceLight>> {
  requireParams('listEvidenceLight', { project_id: projectId });
  return apiFetch<Page<EvidenceLight>>(`${projectBase(projectId)}/evidence_list`, { signal, query: { name: name || undefined } });
}

export const evidenceLightQuery = (projectId: string, name: string) =>
  queryOptions({
    queryKey: evidenceQueryKeys.light(projectId, name),
    queryFn: ({ signal }) => listEvidenceLight(projectId, name, signal),
    placeholderData: keepPreviousData,
  });

export const useEvidenceLight = (projectId: string, name: string, enabled = true) => useQuery({ ...evidenceLightQuery(projectId, name), enabled });

/** The file types present in the project with how many of each: the file-type chips. */
export function listEvidenceFileTypes(projectId: string, signal?: AbortSignal): Promise<EvidenceFileTypes> {
  requireParams('listEvidenceFileTypes', { project_id: projectId });
  return apiFetch<EvidenceFileTypes>(`${projectBase(projectId)}/evidence/files/types`, { signal });
}

export const evidenceFileTypesQuery = (projectId: string) =>
  queryOptions({ queryKey: evidenceQueryKeys.fileTypes(projectId), queryFn: ({ signal }) => listEvidenceFileTypes(projectId, signal) });

export const useEvidenceFileTypes = (projectId: string) => useQuery(evidenceFileTypesQuery(projectId));

/** One evidence with its versions, links, people, status history and the moves the caller may make. 404 when the project has no such evidence. */
export function getEvidence(projectId: string, evidenceId: string, signal?: AbortSignal): Promise<EvidenceDetail> {
  requireParams('getEvidence', { project_id: projectId, evidence_id: evidenceId });
  return apiFetch<EvidenceDetail>(evidenceBase(projectId, evidenceId), { signal, notify: false });
}

export const evidenceDetailQuery = (projectId: string, evidenceId: string) =>
  queryOptions({ queryKey: evidenceQueryKeys.detail(projectId, evidenceId), queryFn: ({ signal }) => getEvidence(projectId, evidenceId, signal) });

export const useEvidence = (projectId: string, evidenceId: string) => useQuery(evidenceDetailQuery(projectId, evidenceId));

// ---------------------------------------------------------------------------------------------------
// Refreshing after a change

type RefreshOptions = {
  /** The evidence as the server answered it: shown at once, before the refresh comes back. */
  detail?: EvidenceDetail;
  /** The change touched links (or what linked items show: a new version, a deletion): the controls' and risks' pages list their evidence. */
  links?: boolean;
};

/**
 * After a change to evidence (upload, fields, status, people, links, a version, a deletion): every
 * evidence query of the project, its dashboard, its log and the user's work; with `links`, the
 * controls and risks too.
 */
export function useRefreshAfterEvidenceChange(projectId: string) {
  const queryClient = useQueryClient();
  return ({ detail, links = false }: RefreshOptions = {}) => {
    if (detail) queryClient.setQueryData(evidenceQueryKeys.detail(projectId, detail.id), detail);
    const stale: QueryKey[] = [evidenceQueryKeys.all(projectId), projectDashboardKey(projectId), activityKey(projectId), myWorkKey()];
    if (links) stale.push(controlsKey(projectId), risksKey(projectId));
    return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}

// ---------------------------------------------------------------------------------------------------
// Changing

/**
 * Changes the evidence's content, validity, links, tags or status within the life cycle; answers it as
 * it is then. 409 when it is approved (locked) or under review, or when a link would change an approved
 * control or risk; 422 naming the field. The caller shows refusals where the person acted.
 */
export function updateEvidence(projectId: string, evidenceId: string, input: UpdateEvidence): Promise<EvidenceDetail> {
  requireParams('updateEvidence', { project_id: projectId, evidence_id: evidenceId, body: input });
  return apiFetch<EvidenceDetail>(evidenceBase(projectId, evidenceId), { method: 'PATCH', json: input, notify: false });
}

export function useUpdateEvidence(projectId: string, evidenceId: string) {
  const refresh = useRefreshAfterEvidenceChange(projectId);
  return useMutation({
    mutationFn: (input: UpdateEvidence) => updateEvidence(projectId, evidenceId, input),
    onSuccess: (detail, input) => refresh({ detail, links: input.control_ids !== undefined || input.risk_ids !== undefined || input.status !== undefined }),
  });
}

/** Replaces the owners (assignees) and reviewers: project members only (422 naming who is not); those newly named are notified. */
export function updateEvidenceAssignees(projectId: string, evidenceId: string, input: UpdateRiskAssignees): Promise<EvidenceDetail> {
  requireParams('updateEvidenceAssignees', { project_id: projectId, evidence_id: evidenceId, body: input });
  return apiFetch<EvidenceDetail>(`${evidenceBase(projectId, evidenceId)}/assignees`, { method: 'PUT', json: input, notify: false });
}

export function useUpdateEvidenceAssignees(projectId: string, evidenceId: string) {
  const refresh = useRefreshAfterEvidenceChange(projectId);
  return useMutation({ mutationFn: (input: UpdateRiskAssignees) => updateEvidenceAssignees(projectId, evidenceId, input), onSuccess: (detail) => refresh({ detail }) });
}

/**
 * Deletes the evidence with every version of its file (purged from storage), its links, comments and
 * reviews; the log keeps a record. 409 when approved, under review, or linked to an approved control
 * (`held_by_approved_control`: "reopen the control first").
 */
export function deleteEvidence(projectId: string, evidenceId: string): Promise<void> {
  requireParams('deleteEvidence', { project_id: projectId, evidence_id: evidenceId });
  return apiFetch<void>(evidenceBase(projectId, evidenceId), { method: 'DELETE', notify: false });
}

export function useDeleteEvidence(projectId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterEvidenceChange(projectId);
  return useMutation({
    mutationFn: (evidenceId: string) => deleteEvidence(projectId, evidenceId),
    onSuccess: (_nothing, evidenceId) => {
      // Gone: nothing is to read it again.
      queryClient.removeQueries({ queryKey: evidenceQueryKeys.detail(projectId, evidenceId) });
      return refresh({ links: true });
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// Files

export type FileUpload = {
  file: File;
  onProgress?: (progress: UploadProgress) => void;
  signal?: AbortSignal;
};

/**
 * Uploads one file as new evidence (multipart part `file`) with its name, description, validity and
 * the control or risk it is attached to; the upload's progress is reported as it goes (XMLHttpRequest),
 * with the session's bearer token, XSRF echo and 401 refresh of the API client. 201 with the evidence;
 * 413 past 100 MB, 422 an empty file or a `component_id` not of the project, 503 storage unreachable.
 * The dialog shows refusals itself, so no red notice.
 */
export function uploadEvidence(projectId: string, { file, onProgress, signal }: FileUpload, query: Partial<UploadEvidenceQuery> = {}): Promise<EvidenceDetail> {
  requireParams('uploadEvidence', { project_id: projectId, file });
  return apiUpload<EvidenceDetail>(`${projectBase(projectId)}/evidence`, file, {
    query: { ...query },
    // Always through XMLHttpRequest, so that the progress bar moves even when nobody listens yet.
    onUploadProgress: onProgress ?? (() => undefined),
    signal,
    notify: false,
  });
}

/**
 * A new file for the evidence; the old versions stay with their hashes. 409 when the evidence is
 * approved (locked) or linked to an approved control (`held_by_approved_control`).
 */
export function uploadEvidenceVersion(projectId: string, evidenceId: string, { file, onProgress, signal }: FileUpload, query: { effective_date?: string } = {}): Promise<EvidenceDetail> {
  requireParams('uploadEvidenceVersion', { project_id: projectId, evidence_id: evidenceId, file });
  return apiUpload<EvidenceDetail>(`${evidenceBase(projectId, evidenceId)}/versions`, file, {
    query: { ...query },
    onUploadProgress: onProgress ?? (() => undefined),
    signal,
    notify: false,
  });
}

export function useUploadEvidenceVersion(projectId: string, evidenceId: string) {
  const refresh = useRefreshAfterEvidenceChange(projectId);
  return useMutation({
    mutationFn: ({ upload, effectiveDate }: { upload: FileUpload; effectiveDate?: string }) =>
      uploadEvidenceVersion(projectId, evidenceId, upload, effectiveDate ? { effective_date: effectiveDate } : {}),
    onSuccess: (detail) => refresh({ detail, links: true }),
  });
}

export type DownloadOptions = {
  /** A version's number; the current one when absent. */
  version?: number;
  /** Shown by the browser (PDFs and images) rather than saved. */
  inline?: boolean;
};

/** Where the file (or one of its versions) is downloaded from. */
export function evidenceDownloadPath(projectId: string, evidenceId: string, { version, inline }: DownloadOptions = {}): string {
  const query = new URLSearchParams();
  if (version !== undefined) query.set('version', String(version));
  if (inline) query.set('inline', 'true');
  const text = query.toString();
  return `${evidenceBase(projectId, evidenceId)}/download${text ? `?${text}` : ''}`;
}

/**
 * The file's bytes (evidences:download), with the name the server gives it. A refusal's detail is read
 * from the returned blob (spec section 8); the caller says it where the person acted.
 */
export function downloadEvidence(projectId: string, evidenceId: string, options: DownloadOptions = {}, signal?: AbortSignal): Promise<{ blob: Blob; filename: string }> {
  requireParams('downloadEvidence', { project_id: projectId, evidence_id: evidenceId });
  return apiDownload(evidenceDownloadPath(projectId, evidenceId, options), { notify: false, signal });
}
