import { useMutation, useQueryClient } from '@tanstack/react-query';
import { createOrganization as createOrganizationBody, type CreateOrganization, type Organization } from '@aegis/contracts';
import { apiFetch, requireParams } from '../../../lib/api-client';
import { ADMIN_ORGANIZATIONS_KEY } from './list-organization-metrics';

/** The create form checks its input with the request schema before sending. */
export const createOrganizationSchema = createOrganizationBody;

/** The first admin's invitation: no e-mail goes out, the operator hands the link over. */
export type AdminInvitation = { email: string; signup_link: string; expires_at: string; email_sent: boolean };
export type CreatedOrganization = Organization & { admin_invitation: AdminInvitation | null };

export function createOrganization(input: CreateOrganization): Promise<CreatedOrganization> {
  requireParams('createOrganization', { body: input });
  return apiFetch<CreatedOrganization>('/api/organizations', { method: 'POST', json: input });
}

export function useCreateOrganization() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganization,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ADMIN_ORGANIZATIONS_KEY }),
  });
}
