import { useSearchParams } from 'react-router';
import { clearedEvidenceFilters, readEvidenceListParams, writeEvidenceListParams, type EvidenceListParams } from './evidence-list-params';

/**
 * The list's filters, page and sort, read from and written to the URL. Changes replace the history
 * entry: Back leaves the list rather than undoing one filter at a time.
 */
export function useEvidenceListParams() {
  const [search, setSearch] = useSearchParams();
  return {
    params: readEvidenceListParams(search),
    change: (changes: Partial<EvidenceListParams>) => setSearch((current) => writeEvidenceListParams(current, changes), { replace: true }),
    clear: () => setSearch((current) => clearedEvidenceFilters(current), { replace: true }),
  };
}
