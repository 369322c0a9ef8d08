import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ControlListItem } from '@aegis/contracts';
import { NeedsAttentionMarker } from '../../../components/needs-attention-marker';
import { TestFailingMarker } from '../../../components/test-failing-marker';
import { PeopleNames } from '../../../components/people-names';
import { StatusChip } from '../../../components/status-chip';
import { TagChip } from '../../../components/tag-chip';
import { frameworkShortName } from '../../../lib/framework-names';
import { controlDetailPath, type BackLinkState } from '../../../lib/project-paths';
import type { ControlSelection } from './controls-table';
import { DueDateText } from './due-date-text';
import { OutOfScopeNote } from './out-of-scope-note';
import { ReviewStatusChip } from './review-status-chip';

type Props = {
  projectId: string;
  controls: ControlListItem[];
  selection?: ControlSelection;
  back: NonNullable<BackLinkState['back']>;
  labelledBy: string;
  /** Framework names by code, for their short names. */
  frameworkNames?: Record<string, string>;
};

/** The controls as a list of cards, for narrow screens where the table's columns do not fit. */
export function ControlCards({ projectId, controls, selection, back, labelledBy, frameworkNames = {} }: Props) {
  const codes = controls.map((control) => control.control_code);
  const selectedHere = codes.filter((code) => selection?.selected.has(code)).length;
  return (
    <>
      {selection && (
        <FormControlLabel
          sx={{ px: 2, pt: 1, display: 'flex' }}
          label="Select every control on this page"
          control={<Checkbox checked={selectedHere > 0 && selectedHere === codes.length} indeterminate={selectedHere > 0 && selectedHere < codes.length} onChange={() => selection.toggleAll(codes)} />}
        />
      )}
      <Box component="ul" aria-labelledby={labelledBy} sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {controls.map((control) => (
          <Box component="li" key={control.id} sx={{ display: 'flex', gap: 1, p: 2, borderBottom: 1, borderColor: 'divider', bgcolor: selection?.selected.has(control.control_code) ? 'action.selected' : undefined }}>
            {selection && (
              <Checkbox
                checked={selection.selected.has(control.control_code)}
                onChange={() => selection.toggle(control.control_code)}
                slotProps={{ input: { 'aria-label': `Select ${control.control_code}` } }}
                sx={{ alignSelf: 'flex-start', ml: -1, mt: -1 }}
              />
            )}
            <Stack spacing={1} sx={{ minWidth: 0, flexGrow: 1 }}>
              <Box>
                <Link component={RouterLink} to={controlDetailPath(projectId, control.control_code)} state={{ back } satisfies BackLinkState} sx={{ fontWeight: 600 }}>
                  {control.control_code}
                </Link>
                <Typography sx={{ overflowWrap: 'anywhere' }}>{control.title}</Typography>
                {control.status === 'out_of_scope' && <OutOfScopeNote justification={control.out_of_scope_justification} />}
              </Box>
              <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center' }}>
                <StatusChip status={control.status} />
                {control.review_status && <ReviewStatusChip status={control.review_status} forced={control.approval_forced} />}
                {control.due_date && <DueDateText control={control} />}
              </Stack>
              {control.needs_attention && <NeedsAttentionMarker reason={control.needs_attention_reason} />}
              {control.test_failing && <TestFailingMarker />}
              <PeopleNames people={control.assignees} empty="Unassigned" max={2} />
              <Typography variant="body2" color="text.secondary">
                {control.frameworks.map((code) => frameworkShortName(code, frameworkNames[code])).join(' · ')}
              </Typography>
              {control.tags.length > 0 && (
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                  {control.tags.map((tag) => (
                    <TagChip key={tag.tag_id} name={tag.name} colour={tag.color} />
                  ))}
                </Box>
              )}
            </Stack>
          </Box>
        ))}
      </Box>
    </>
  );
}
