import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import {
  createAssetCard as createAssetCardBody,
  updateAssetCard as updateAssetCardBody,
  updateAssetCardAssignees as updateAssetCardAssigneesBody,
  type AssetCardDetail,
  type AssetCardImportPreview,
  type AssetCardListItem,
  type AssetCardNature,
  type AssetCardType,
  type AssetLineage,
  type CreateAssetCard,
  type Page,
  type UpdateAssetCard,
} from '@aegis/contracts';
import type { z } from 'zod';
import { apiDownload, apiFetch, apiUpload, requireParams } from '../../../lib/api-client';
import { errorDetail } from '../../../lib/errors';
import { notifyError } from '../../../lib/notifier';
import { activityKey, controlsKey, myWorkKey, projectDashboardKey, projectKey } from '../../../lib/query-keys';
import { saveFile } from '../../../lib/save-file';
import { assetCardsQueryString, type AssetListParams } from '../asset-list-params';

/**
 * Everything cached about a project's asset cards sits under one key below the project's
 * (['project', projectId, 'asset-cards']): a change to a card refreshes the list, the lineage and the
 * card's page together; deleting or leaving the project drops them; and the live stream's project-wide
 * refresh (concept `asset_card`, which lib/live-invalidation.ts sends to the project's key like every
 * concept but reviews and controls) reaches them when someone else changes a card.
 */
export const assetCardKeys = {
  all: (projectId: string) => [...projectKey(projectId), 'asset-cards'] as const,
  lists: (projectId: string) => [...assetCardKeys.all(projectId), 'list'] as const,
  list: (projectId: string, params: AssetListParams) => [...assetCardKeys.lists(projectId), params] as const,
  lineage: (projectId: string) => [...assetCardKeys.all(projectId), 'lineage'] as const,
  detail: (projectId: string, assetCardId: string) => [...assetCardKeys.all(projectId), 'detail', assetCardId] as const,
};

/** Keys of the features whose pages show what a card links to (features may not import one another's). */
const risksKey = (projectId: string) => [...projectKey(projectId), 'risks'] as const;
const evidenceKey = (projectId: string) => [...projectKey(projectId), 'evidence'] as const;

const cardsBase = (projectId: string) => `/api/projects/${encodeURIComponent(projectId)}/asset_cards`;
const cardBase = (projectId: string, assetCardId: string) => `${cardsBase(projectId)}/${encodeURIComponent(assetCardId)}`;

/** The forms check their input with the request schemas before sending. */
export const createAssetCardSchema = createAssetCardBody;
export const updateAssetCardSchema = updateAssetCardBody;
export const updateAssetCardAssigneesSchema = updateAssetCardAssigneesBody;
export type UpdateAssetCardAssignees = z.infer<typeof updateAssetCardAssigneesBody>;

// ---------------------------------------------------------------------------------------------------
// Reading

/** One page of the project's asset cards, filtered and sorted (spec section 7). Needs asset_cards:read. */
export function listAssetCards(projectId: string, params: AssetListParams, signal?: AbortSignal): Promise<Page<AssetCardListItem>> {
  requireParams('listAssetCards', { project_id: projectId });
  return apiFetch<Page<AssetCardListItem>>(cardsBase(projectId), { signal, query: assetCardsQueryString(params) });
}

export const assetCardsQuery = (projectId: string, params: AssetListParams) =>
  queryOptions({
    queryKey: assetCardKeys.list(projectId, params),
    queryFn: ({ signal }) => listAssetCards(projectId, params, signal),
    placeholderData: keepPreviousData,
  });

export const useAssetCards = (projectId: string, params: AssetListParams) => useQuery(assetCardsQuery(projectId, params));

/** Every card of the project and every lineage link between them: the lineage view, and the cards a card may be built from. */
export function getAssetLineage(projectId: string, signal?: AbortSignal): Promise<AssetLineage> {
  requireParams('getAssetLineage', { project_id: projectId });
  return apiFetch<AssetLineage>(`${cardsBase(projectId)}/lineage`, { signal });
}

export const assetLineageQuery = (projectId: string) => queryOptions({ queryKey: assetCardKeys.lineage(projectId), queryFn: ({ signal }) => getAssetLineage(projectId, signal) });

export const useAssetLineage = (projectId: string, enabled = true) => useQuery({ ...assetLineageQuery(projectId), enabled });

/** A card with its facts, sections, lineage, links, people, status history and the moves the caller may make. 404 when the project has no such card. */
export function getAssetCard(projectId: string, assetCardId: string, signal?: AbortSignal): Promise<AssetCardDetail> {
  requireParams('getAssetCard', { project_id: projectId, asset_card_id: assetCardId });
  return apiFetch<AssetCardDetail>(cardBase(projectId, assetCardId), { signal, notify: false });
}

export const assetCardQuery = (projectId: string, assetCardId: string) =>
  queryOptions({ queryKey: assetCardKeys.detail(projectId, assetCardId), queryFn: ({ signal }) => getAssetCard(projectId, assetCardId, signal) });

export const useAssetCard = (projectId: string, assetCardId: string) => useQuery(assetCardQuery(projectId, assetCardId));

// ---------------------------------------------------------------------------------------------------
// Refreshing after a change

type RefreshOptions = {
  /** The card as the server answered it: shown at once, before the refresh comes back. */
  detail?: AssetCardDetail;
  /** The change touched links to controls, risks or evidence (or removed a card holding some). */
  links?: boolean;
};

/**
 * After a change to a card (creation, import, fields, status, people, lineage, links, deletion): every
 * asset card query of the project (list, lineage, each card: a lineage change shows on both ends), its
 * dashboard, its log and the user's work; with `links`, the controls, risks and evidence too.
 */
export function useRefreshAfterAssetCardChange(projectId: string) {
  const queryClient = useQueryClient();
  return ({ detail, links = false }: RefreshOptions = {}) => {
    if (detail) queryClient.setQueryData(assetCardKeys.detail(projectId, detail.id), detail);
    const stale: QueryKey[] = [assetCardKeys.all(projectId), projectDashboardKey(projectId), activityKey(projectId), myWorkKey()];
    if (links) stale.push(controlsKey(projectId), risksKey(projectId), evidenceKey(projectId));
    return Promise.all(stale.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
  };
}

// ---------------------------------------------------------------------------------------------------
// Changing

/** Adds a card (it starts ready). 422 names the field it refuses (an unknown type or nature, a section of another type, a card of another project upstream). */
export function createAssetCard(projectId: string, input: CreateAssetCard): Promise<AssetCardDetail> {
  requireParams('createAssetCard', { project_id: projectId, body: input });
  return apiFetch<AssetCardDetail>(cardsBase(projectId), { method: 'POST', json: input, notify: false });
}

export function useCreateAssetCard(projectId: string) {
  const refresh = useRefreshAfterAssetCardChange(projectId);
  return useMutation({ mutationFn: (input: CreateAssetCard) => createAssetCard(projectId, input), onSuccess: (detail) => refresh({ detail }) });
}

/**
 * Changes a card's content, lineage, links, tags or status within the life cycle; answers the card as
 * it is then. 409 when it is approved (locked: reopen it first, with a reason) or under review, or when
 * a link would change an approved control or risk; 422 naming the field (a lineage cycle, a section of
 * another type, an id of another project). The caller shows refusals where the person acted.
 */
export function updateAssetCard(projectId: string, assetCardId: string, input: UpdateAssetCard): Promise<AssetCardDetail> {
  requireParams('updateAssetCard', { project_id: projectId, asset_card_id: assetCardId, body: input });
  return apiFetch<AssetCardDetail>(cardBase(projectId, assetCardId), { method: 'PATCH', json: input, notify: false });
}

export function useUpdateAssetCard(projectId: string, assetCardId: string) {
  const refresh = useRefreshAfterAssetCardChange(projectId);
  return useMutation({
    mutationFn: (input: UpdateAssetCard) => updateAssetCard(projectId, assetCardId, input),
    onSuccess: (detail, input) => refresh({ detail, links: input.control_ids !== undefined || input.risk_ids !== undefined || input.evidence_ids !== undefined }),
  });
}

/** Replaces the assignees and reviewers (project members only: 422 naming who is not); those newly named are notified. Allowed on an approved card. */
export function updateAssetCardAssignees(projectId: string, assetCardId: string, input: UpdateAssetCardAssignees): Promise<AssetCardDetail> {
  requireParams('updateAssetCardAssignees', { project_id: projectId, asset_card_id: assetCardId, body: input });
  return apiFetch<AssetCardDetail>(`${cardBase(projectId, assetCardId)}/assignees`, { method: 'PUT', json: input, notify: false });
}

export function useUpdateAssetCardAssignees(projectId: string, assetCardId: string) {
  const refresh = useRefreshAfterAssetCardChange(projectId);
  return useMutation({ mutationFn: (input: UpdateAssetCardAssignees) => updateAssetCardAssignees(projectId, assetCardId, input), onSuccess: (detail) => refresh({ detail }) });
}

/** Deletes the card with its lineage links, links, comments and reviews (the log keeps it). 409 when approved or under review. */
export function deleteAssetCard(projectId: string, assetCardId: string): Promise<void> {
  requireParams('deleteAssetCard', { project_id: projectId, asset_card_id: assetCardId });
  return apiFetch<void>(cardBase(projectId, assetCardId), { method: 'DELETE', notify: false });
}

export function useDeleteAssetCard(projectId: string, assetCardId: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterAssetCardChange(projectId);
  return useMutation({
    mutationFn: () => deleteAssetCard(projectId, assetCardId),
    onSuccess: () => {
      // Gone: nothing is to read it again.
      queryClient.removeQueries({ queryKey: assetCardKeys.detail(projectId, assetCardId) });
      return refresh({ links: true });
    },
  });
}

// ---------------------------------------------------------------------------------------------------
// Files

export type ImportAssetCard = {
  /** A Hugging Face model or dataset card (README.md), at most MAX_ASSET_CARD_FILE_BYTES. */
  file: File;
  /** Read from the card when absent (dataset-card keys make it a dataset, else a model). */
  type?: AssetCardType;
  nature?: AssetCardNature;
  /** The card's name when the file gives none (or to replace the one it gives). */
  name?: string;
};

const importQuery = ({ type, nature, name }: ImportAssetCard) => ({ asset_card_type: type, asset_card_nature: nature, name: name?.trim() || undefined });

/**
 * What importing the file would create (name — null when it must be given —, type, nature, licence,
 * datasets and the cards they link, metrics), creating nothing: the import dialog shows it first.
 */
export function previewAssetCardImport(projectId: string, input: ImportAssetCard, signal?: AbortSignal): Promise<AssetCardImportPreview> {
  requireParams('previewAssetCardImport', { project_id: projectId, file: input.file });
  return apiUpload<AssetCardImportPreview>(`${cardsBase(projectId)}/import/preview`, input.file, { query: importQuery(input), notify: false, signal });
}

/** The preview of a chosen file, read again when the file or what is asked changes. */
export function useAssetCardImportPreview(projectId: string, input: ImportAssetCard | null) {
  return useQuery({
    queryKey: ['asset-card-import-preview', projectId, input?.file.name, input?.file.size, input?.file.lastModified, input?.type, input?.nature, input?.name?.trim()],
    queryFn: ({ signal }) => previewAssetCardImport(projectId, input!, signal),
    enabled: input !== null,
    retry: false,
    staleTime: Infinity,
    gcTime: 0,
    placeholderData: keepPreviousData,
  });
}

/**
 * Creates a card from an uploaded Hugging Face README.md (multipart `file`): its front matter mapped to
 * the key facts, its `##` sections to the card's. 201 with the card; 413 past 1 MB; 422 naming the
 * problem (not a text file, bad YAML front matter with its line). The dialog shows refusals itself.
 */
export function importAssetCard(projectId: string, { file, type, nature, name }: ImportAssetCard): Promise<AssetCardDetail> {
  requireParams('importAssetCard', { project_id: projectId, file });
  return apiUpload<AssetCardDetail>(`${cardsBase(projectId)}/import`, file, { query: importQuery({ file, type, nature, name }), notify: false });
}

export function useImportAssetCard(projectId: string) {
  const refresh = useRefreshAfterAssetCardChange(projectId);
  return useMutation({ mutationFn: (input: ImportAssetCard) => importAssetCard(projectId, input), onSuccess: (detail) => refresh({ detail }) });
}

export type AssetCardDownloadFormat = 'markdown' | 'json';

/**
 * The card as a file (asset_cards:download): Markdown in the Hugging Face card format (YAML front
 * matter, then its sections) or JSON, with the name the server gives it. A refusal's detail is read
 * from the returned blob (spec section 8); the caller says it where the person acted.
 */
export function downloadAssetCard(projectId: string, assetCardId: string, format: AssetCardDownloadFormat, signal?: AbortSignal): Promise<{ blob: Blob; filename: string }> {
  requireParams('downloadAssetCard', { project_id: projectId, asset_card_id: assetCardId });
  return apiDownload(`${cardBase(projectId, assetCardId)}/download`, { query: { format }, notify: false, signal });
}

/** A name for the file when the server gives none: the card's name, made safe, with the format's extension. */
export function fallbackFileName(name: string, format: AssetCardDownloadFormat): string {
  const base = name.normalize('NFKD').replace(/[^\w.-]+/g, '-').replace(/^-+|-+$/g, '').toLowerCase() || 'asset-card';
  return `${base}.${format === 'markdown' ? 'md' : 'json'}`;
}

/** Downloads the card and hands it to the browser as a file; a refusal (its detail read from the blob) is a red notice. */
export function useDownloadAssetCard(projectId: string) {
  return useMutation({
    mutationFn: ({ assetCardId, format }: { assetCardId: string; format: AssetCardDownloadFormat; name: string }) => downloadAssetCard(projectId, assetCardId, format),
    onSuccess: ({ blob, filename }, { format, name }) => saveFile(blob, filename === 'download' ? fallbackFileName(name, format) : filename),
    onError: (error) => notifyError(`The card could not be downloaded: ${errorDetail(error)}`),
  });
}
