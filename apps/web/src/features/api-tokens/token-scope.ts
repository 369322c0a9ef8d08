import { API_TOKEN_PUSH_RIGHTS, type ApiToken } from '@aegis/contracts';

/** The rights choices of the creation dialog: all the user's rights, or the pipeline preset. */
export const RIGHTS_CHOICES = {
  all: { label: 'All my rights', rights: null },
  push: { label: `Push test metrics only (${API_TOKEN_PUSH_RIGHTS.join(', ')})`, rights: [...API_TOKEN_PUSH_RIGHTS] },
} as const;
export type RightsChoice = keyof typeof RIGHTS_CHOICES;

/** What a token reaches, as the list says it: "Credit Scoring Model · testing_logs:create", "All projects · all rights". */
export function tokenScope(token: Pick<ApiToken, 'project_id' | 'project_name' | 'rights'>): string {
  const project = token.project_id ? (token.project_name ?? 'One project') : 'All projects';
  const rights = token.rights ? token.rights.join(', ') : 'all rights';
  return `${project} · ${rights}`;
}
