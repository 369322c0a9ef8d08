import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EvidenceSuggestion, EvidenceSuggestionList } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { evidenceQueryKeys, useRefreshAfterEvidenceChange } from './evidence-api';

/** A control's suggestions, under the project's evidence: a link or an upload elsewhere refreshes them. */
export const evidenceSuggestionsKey = (projectId: string, controlCode: string) => [...evidenceQueryKeys.all(projectId), 'suggestions', controlCode] as const;

const suggestionsPath = (projectId: string, controlCode: string) =>
  `/api/projects/${encodeURIComponent(projectId)}/controls/${encodeURIComponent(controlCode)}/evidence-suggestions`;
const suggestionPath = (projectId: string, suggestionId: string, decision: 'accept' | 'dismiss') =>
  `/api/projects/${encodeURIComponent(projectId)}/evidence-suggestions/${encodeURIComponent(suggestionId)}/${decision}`;

/** The control's last proposals, proposed and decided (listEvidenceSuggestions). Needs evidences:read. */
export async function listEvidenceSuggestions(projectId: string, controlCode: string, signal?: AbortSignal): Promise<EvidenceSuggestionList> {
  requireParams('listEvidenceSuggestions', { project_id: projectId, control_code: controlCode });
  return apiFetch<EvidenceSuggestionList>(suggestionsPath(projectId, controlCode), { signal, notify: false });
}

/** Ranks the project's evidence for the control again (runEvidenceSuggestions). Needs evidences:suggestions_agent_run. */
export function runEvidenceSuggestions(projectId: string, controlCode: string): Promise<EvidenceSuggestionList> {
  requireParams('runEvidenceSuggestions', { project_id: projectId, control_code: controlCode });
  return apiFetch<EvidenceSuggestionList>(suggestionsPath(projectId, controlCode), { method: 'POST', notify: false });
}

/** Accepting links the evidence to the control (the lock rule applies: 409 when either is approved). */
export function acceptEvidenceSuggestion(projectId: string, suggestionId: string): Promise<EvidenceSuggestion> {
  requireParams('acceptEvidenceSuggestion', { project_id: projectId, suggestion_id: suggestionId });
  return apiFetch<EvidenceSuggestion>(suggestionPath(projectId, suggestionId, 'accept'), { method: 'POST', json: {}, notify: false });
}

/** Dismissing keeps the proposal (decided) and its reason in the log; it is not proposed again. */
export function dismissEvidenceSuggestion(projectId: string, suggestionId: string, reason?: string): Promise<EvidenceSuggestion> {
  requireParams('dismissEvidenceSuggestion', { project_id: projectId, suggestion_id: suggestionId });
  return apiFetch<EvidenceSuggestion>(suggestionPath(projectId, suggestionId, 'dismiss'), { method: 'POST', json: reason ? { reason } : {}, notify: false });
}

export const evidenceSuggestionsQuery = (projectId: string, controlCode: string) =>
  queryOptions({ queryKey: evidenceSuggestionsKey(projectId, controlCode), queryFn: ({ signal }) => listEvidenceSuggestions(projectId, controlCode, signal) });

export const useEvidenceSuggestions = (projectId: string, controlCode: string) => useQuery(evidenceSuggestionsQuery(projectId, controlCode));

export function useRunEvidenceSuggestions(projectId: string, controlCode: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => runEvidenceSuggestions(projectId, controlCode),
    onSuccess: (list) => queryClient.setQueryData(evidenceSuggestionsKey(projectId, controlCode), list),
  });
}

/** Puts the decided proposal in the cached list at once, then refreshes what the decision changed (an accepted one is a new link). */
function useDecision(projectId: string, controlCode: string) {
  const queryClient = useQueryClient();
  const refresh = useRefreshAfterEvidenceChange(projectId);
  return (decided: EvidenceSuggestion) => {
    queryClient.setQueryData<EvidenceSuggestionList>(evidenceSuggestionsKey(projectId, controlCode), (list) =>
      list ? { ...list, items: list.items.map((item) => (item.id === decided.id ? decided : item)) } : list,
    );
    return refresh({ links: decided.status === 'accepted' });
  };
}

export function useAcceptEvidenceSuggestion(projectId: string, controlCode: string) {
  const decided = useDecision(projectId, controlCode);
  return useMutation({ mutationFn: (suggestionId: string) => acceptEvidenceSuggestion(projectId, suggestionId), onSuccess: decided });
}

export function useDismissEvidenceSuggestion(projectId: string, controlCode: string) {
  const decided = useDecision(projectId, controlCode);
  return useMutation({ mutationFn: ({ id, reason }: { id: string; reason?: string }) => dismissEvidenceSuggestion(projectId, id, reason), onSuccess: decided });
}
