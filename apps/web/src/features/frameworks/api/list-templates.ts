import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { FrameworkSummary, Page, ProjectType } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { organizationFrameworksKey } from '../../../lib/query-keys';
import { organizationPath } from './paths';

export type TemplateSortField = 'name' | 'framework_code' | 'created_at';

export type TemplateFilters = {
  name?: string;
  /** Only frameworks meant for this project type. */
  projectType?: ProjectType;
  /** Also the platform frameworks the organization has switched off (to switch them on). */
  includeDisabled: boolean;
  sortBy: TemplateSortField;
  descending: boolean;
  page: number;
  size: number;
};

/** The frameworks the organization can use: enabled platform frameworks (built-ins included) and its own templates (templates:read). */
export function listTemplates(organizationId: string, filters: TemplateFilters, signal?: AbortSignal): Promise<Page<FrameworkSummary>> {
  requireParams('listTemplates', { organization_id: organizationId });
  const { name, projectType, includeDisabled, sortBy, descending, page, size } = filters;
  return apiFetch<Page<FrameworkSummary>>(`${organizationPath(organizationId)}/templates`, {
    signal,
    query: { name: name || undefined, project_type: projectType, include_disabled: includeDisabled || undefined, sort_by: sortBy, descending, page, size },
  });
}

export const templatesQuery = (organizationId: string, filters: TemplateFilters) =>
  queryOptions({
    queryKey: [...organizationFrameworksKey(organizationId), 'templates', filters],
    queryFn: ({ signal }) => listTemplates(organizationId, filters, signal),
    placeholderData: keepPreviousData,
  });

export const useTemplates = (organizationId: string, filters: TemplateFilters) => useQuery(templatesQuery(organizationId, filters));
