import { useSearchParams } from 'react-router';
import { clearedRiskFilters, readRiskListParams, writeRiskListParams, type RiskListParams } from './risk-list-params';

/**
 * The register's filters, heat map cell, page and sort, read from and written to the URL. Changes
 * replace the history entry: Back leaves the list rather than undoing one filter at a time.
 */
export function useRiskListParams() {
  const [search, setSearch] = useSearchParams();
  return {
    params: readRiskListParams(search),
    /** The query string as it stands: what a link back to this view carries. */
    search: search.toString(),
    change: (changes: Partial<RiskListParams>) => setSearch((current) => writeRiskListParams(current, changes), { replace: true }),
    clear: () => setSearch((current) => clearedRiskFilters(current), { replace: true }),
  };
}
