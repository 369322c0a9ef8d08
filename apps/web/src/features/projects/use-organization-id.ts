import { useQuery } from '@tanstack/react-query';
import { currentUserQueryOptions } from '../../lib/current-user';

/** The signed-in user's current organization; the session guard has loaded the user into the cache. */
export function useOrganizationId(): string | undefined {
  const { data: user } = useQuery(currentUserQueryOptions());
  return user?.organization?.id;
}
