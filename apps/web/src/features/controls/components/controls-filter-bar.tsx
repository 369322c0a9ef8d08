import { useState } from 'react';
import FilterListIcon from '@mui/icons-material/FilterList';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { WORK_ITEM_STATUSES, WORK_ITEM_STATUS_LABELS, type AppliedFramework, type Tag } from '@aegis/contracts';
import { SearchField } from '../../../components/search-field';
import type { ControlListParams } from '../control-list-params';
import { MultiSelectField } from '../../../components/multi-select-field';
import { RequirementFilter } from './requirement-filter';

type Props = {
  projectId: string;
  frameworks: readonly AppliedFramework[];
  tags: readonly Tag[];
  tagsFailed: boolean;
  params: ControlListParams;
  search: string;
  onSearch: (text: string) => void;
  onChange: (changes: Partial<ControlListParams>) => void;
  onClear?: () => void;
};

const STATUS_OPTIONS = WORK_ITEM_STATUSES.map((status) => ({ value: status, label: WORK_ITEM_STATUS_LABELS[status] }));

/** How many filters besides the name are set: what the narrow screen's Filters button counts. */
const otherFilters = (params: ControlListParams) =>
  [params.framework, params.requirement, params.status.length, params.tags.length, params.isAssignedToMe, params.isAssignedToMeForReview, params.needsAttention].filter(Boolean).length;

/**
 * Every filter of the controls list (spec section 7), each kept in the URL by the screen. On a phone
 * the search stays in view and the other filters fold under a Filters button.
 */
export function ControlsFilterBar({ projectId, frameworks, tags, tagsFailed, params, search, onSearch, onChange, onClear }: Props) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [unfolded, setUnfolded] = useState(false);
  const shown = !narrow || unfolded;
  const count = otherFilters(params);
  const flags = [
    { field: 'isAssignedToMe', label: 'Assigned to me' },
    { field: 'isAssignedToMeForReview', label: 'To review by me' },
    { field: 'needsAttention', label: 'Needs attention' },
  ] as const;
  return (
    <Box role="search" aria-label="Filter the controls" sx={{ mb: 2 }}>
      {narrow && (
        <Stack direction="row" spacing={1} sx={{ mb: unfolded ? 2 : 0 }}>
          <SearchField value={search} onChange={onSearch} sx={{ flexGrow: 1 }} />
          <Button variant="outlined" startIcon={<FilterListIcon />} aria-expanded={unfolded} aria-controls="control-filters" onClick={() => setUnfolded(!unfolded)}>
            Filters{count > 0 ? ` (${count})` : ''}
          </Button>
        </Stack>
      )}
      {shown && (
        <Box id="control-filters">
          <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(5, minmax(0, 1fr))' } }}>
            {!narrow && <SearchField value={search} onChange={onSearch} />}
            <TextField
              select
              size="small"
              label="Framework"
              value={params.framework ?? ''}
              onChange={(event) => onChange({ framework: event.target.value || undefined, requirement: undefined })}
              slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true } }}
            >
              <MenuItem value="">All</MenuItem>
              {frameworks.map((framework) => (
                <MenuItem key={framework.framework_code} value={framework.framework_code}>
                  {framework.name}
                </MenuItem>
              ))}
            </TextField>
            <RequirementFilter projectId={projectId} value={params.requirement} framework={params.framework} onChange={(requirement) => onChange({ requirement })} />
            <MultiSelectField label="Status" value={params.status} options={STATUS_OPTIONS} onChange={(status) => onChange({ status })} />
            <MultiSelectField
              label="Tags"
              value={params.tags}
              options={tags.map((tag) => ({ value: tag.tag_id, label: tag.name }))}
              onChange={(chosen) => onChange({ tags: chosen })}
              disabled={tags.length === 0 && params.tags.length === 0}
              noneText={tagsFailed ? 'Tags could not be loaded' : tags.length === 0 ? 'No tags yet' : 'All'}
            />
          </Box>
          <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', columnGap: 2, mt: 1 }}>
            {flags.map(({ field, label }) => (
              <FormControlLabel key={field} label={label} control={<Checkbox checked={params[field]} onChange={(event) => onChange({ [field]: event.target.checked })} />} />
            ))}
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
