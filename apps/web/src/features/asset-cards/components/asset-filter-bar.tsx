import { useState } from 'react';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { ASSET_CARD_NATURE_LABELS, ASSET_CARD_NATURES, ASSET_CARD_TYPE_LABELS, ASSET_CARD_TYPES, WORK_ITEM_STATUSES, WORK_ITEM_STATUS_LABELS } from '@aegis/contracts';
import { MultiSelectField } from '../../../components/multi-select-field';
import { SearchField } from '../../../components/search-field';
import type { AssetListParams } from '../asset-list-params';

type Props = {
  params: AssetListParams;
  search: string;
  onSearch: (text: string) => void;
  onChange: (changes: Partial<AssetListParams>) => void;
  onClear?: () => void;
};

const STATUS_OPTIONS = WORK_ITEM_STATUSES.map((status) => ({ value: status, label: WORK_ITEM_STATUS_LABELS[status] }));
const TYPE_OPTIONS = ASSET_CARD_TYPES.map((type) => ({ value: type, label: ASSET_CARD_TYPE_LABELS[type] }));
const NATURE_OPTIONS = ASSET_CARD_NATURES.map((nature) => ({ value: nature, label: ASSET_CARD_NATURE_LABELS[nature] }));

const otherFilters = (params: AssetListParams) => [params.status.length, params.type.length, params.nature.length, params.isAssignedToMe].filter(Boolean).length;

/**
 * The Assets tab's filters (spec section 7: name, status, assigned to me, type, nature), each kept in
 * the URL by the screen. On a phone the search stays in view and the rest folds under a Filters button.
 */
export function AssetFilterBar({ params, search, onSearch, onChange, onClear }: Props) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [unfolded, setUnfolded] = useState(false);
  const shown = !narrow || unfolded;
  const count = otherFilters(params);
  return (
    <Box role="search" aria-label="Filter the asset cards" sx={{ mb: 2 }}>
      {narrow && (
        <Stack direction="row" spacing={1} sx={{ mb: unfolded ? 2 : 0 }}>
          <SearchField value={search} onChange={onSearch} sx={{ flexGrow: 1 }} />
          <Button variant="outlined" startIcon={<FilterListIcon />} aria-expanded={unfolded} aria-controls="asset-filters" onClick={() => setUnfolded(!unfolded)}>
            Filters{count > 0 ? ` (${count})` : ''}
          </Button>
        </Stack>
      )}
      {shown && (
        <Box id="asset-filters">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' } }}>
            {!narrow && <SearchField value={search} onChange={onSearch} />}
            <MultiSelectField label="Type" value={params.type} options={TYPE_OPTIONS} onChange={(type) => onChange({ type })} />
            <MultiSelectField label="Nature" value={params.nature} options={NATURE_OPTIONS} onChange={(nature) => onChange({ nature })} />
            <MultiSelectField label="Status" value={params.status} options={STATUS_OPTIONS} onChange={(status) => onChange({ status })} />
          </Box>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 2, mt: 1 }}>
            <FormControlLabel label="Assigned to me" control={<Checkbox checked={params.isAssignedToMe} onChange={(event) => onChange({ isAssignedToMe: event.target.checked })} />} />
            {onClear && (
              <Button onClick={onClear} sx={{ ml: { sm: 'auto' } }}>
                Clear filters
              </Button>
            )}
          </Stack>
        </Box>
      )}
    </Box>
  );
}
