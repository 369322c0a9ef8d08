import { useSearchParams } from 'react-router';
import { clearedControlFilters, readControlListParams, writeControlListParams, type ControlListParams } from './control-list-params';

/**
 * The controls list's filters, page and sort, read from and written to the URL. Changes replace the
 * history entry: Back leaves the list rather than undoing one filter at a time.
 */
export function useControlListParams(frameworkCodes: readonly string[]) {
  const [search, setSearch] = useSearchParams();
  return {
    params: readControlListParams(search, frameworkCodes),
    /** The query string as it stands: what a link back to this view carries. */
    search: search.toString(),
    change: (changes: Partial<ControlListParams>) => setSearch((current) => writeControlListParams(current, changes), { replace: true }),
    clear: () => setSearch((current) => clearedControlFilters(current), { replace: true }),
  };
}
