import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ControlRisk } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { risksKey } from './risk-keys';

/** The risks a control reduces, highest residual level first (the control's page). Needs risks_controls:read. */
export async function listControlRisks(projectId: string, controlCode: string, signal?: AbortSignal): Promise<ControlRisk[]> {
  requireParams('listControlRisks', { project_id: projectId, control_code: controlCode });
  const path = `/api/projects/${encodeURIComponent(projectId)}/controls/${encodeURIComponent(controlCode)}/risks`;
  return (await apiFetch<{ items: ControlRisk[] }>(path, { signal, notify: false })).items;
}

export const controlRisksQuery = (projectId: string, controlCode: string) =>
  // Under the risks: linking or unlinking from a risk's page, or a risk's new level, refreshes it.
  queryOptions({ queryKey: [...risksKey(projectId), 'of-control', controlCode], queryFn: ({ signal }) => listControlRisks(projectId, controlCode, signal) });

export const useControlRisks = (projectId: string, controlCode: string) => useQuery(controlRisksQuery(projectId, controlCode));
