import { useSearchParams } from 'react-router';
import { clearedAssetFilters, readAssetListParams, writeAssetListParams, type AssetListParams } from './asset-list-params';

/**
 * The Assets tab's filters, page and sort, read from and written to the URL. Changes replace the
 * history entry: Back leaves the list rather than undoing one filter at a time.
 */
export function useAssetListParams() {
  const [search, setSearch] = useSearchParams();
  return {
    params: readAssetListParams(search),
    change: (changes: Partial<AssetListParams>) => setSearch((current) => writeAssetListParams(current, changes), { replace: true }),
    clear: () => setSearch((current) => clearedAssetFilters(current), { replace: true }),
  };
}
