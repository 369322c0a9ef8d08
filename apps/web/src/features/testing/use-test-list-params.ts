import { useSearchParams } from 'react-router';
import { clearedTestFilters, readTestListParams, writeTestListParams, type TestListParams } from './test-list-params';

/** The tests list's filters, page and sort, read from and written to the URL (replacing the history entry). */
export function useTestListParams() {
  const [search, setSearch] = useSearchParams();
  return {
    params: readTestListParams(search),
    change: (changes: Partial<TestListParams>) => setSearch((current) => writeTestListParams(current, changes), { replace: true }),
    clear: () => setSearch((current) => clearedTestFilters(current), { replace: true }),
  };
}
