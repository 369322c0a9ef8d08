import { useSearchParams } from 'react-router';
import { REQUIREMENT_STATUSES, type RequirementStatus } from '@aegis/contracts';

export type RequirementScreenFilters = { name: string; framework?: string; status?: RequirementStatus };

/** The filters of the requirements screen as the URL states them (`name`, `framework`, `status`); values it cannot use are left out. */
export function readRequirementFilters(search: URLSearchParams, frameworkCodes: readonly string[]): RequirementScreenFilters {
  const framework = search.get('framework') ?? '';
  const status = search.get('status') ?? '';
  return {
    name: search.get('name')?.trim() ?? '',
    framework: frameworkCodes.includes(framework) ? framework : undefined,
    status: (REQUIREMENT_STATUSES as readonly string[]).includes(status) ? (status as RequirementStatus) : undefined,
  };
}

/** The screen's filters, read from and written to the URL (replacing the entry, as the controls list does). */
export function useRequirementFilters(frameworkCodes: readonly string[]) {
  const [search, setSearch] = useSearchParams();
  const set = (key: 'framework' | 'status' | 'name', value: string | undefined) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  return {
    filters: readRequirementFilters(search, frameworkCodes),
    setFramework: (framework: string | undefined) => set('framework', framework),
    setStatus: (status: RequirementStatus | undefined) => set('status', status),
    clear: () =>
      setSearch(
        (current) => {
          const next = new URLSearchParams(current);
          for (const key of ['framework', 'status', 'name']) next.delete(key);
          return next;
        },
        { replace: true },
      ),
  };
}
