import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ControlListItem } from '@aegis/contracts';
import { NeedsAttentionMarker } from '../../../components/needs-attention-marker';
import { PeopleNames } from '../../../components/people-names';
import { StatusChip } from '../../../components/status-chip';
import { SortableHeaderCell, type ListSort } from '../../../components/table-header-cells';
import { TagChip } from '../../../components/tag-chip';
import { formatDate } from '../../../lib/format';
import { frameworkShortName } from '../../../lib/framework-names';
import { controlDetailPath, type BackLinkState } from '../../../lib/project-paths';
import type { ControlSortField } from '../control-list-params';
import { DueDateText } from './due-date-text';
import { ReviewStatusChip } from './review-status-chip';

export type ControlSort = ListSort<ControlSortField>;

/** Row selection for bulk changes; absent when the caller may not change controls. */
export type ControlSelection = {
  selected: ReadonlySet<string>;
  toggle: (code: string) => void;
  /** Selects every row of the page, or clears them when all are selected already. */
  toggleAll: (codes: string[]) => void;
};

type Props = {
  projectId: string;
  controls: ControlListItem[];
  sort: ControlSort;
  onSort: (sort: ControlSort) => void;
  selection?: ControlSelection;
  /** Framework names by code, for the frameworks column's text alternative. */
  frameworkNames: Record<string, string>;
  /** Where a control's page leads back to: this list with its filters. */
  back: NonNullable<BackLinkState['back']>;
  labelledBy: string;
};

const HEADERS: { label: string; field?: ControlSortField }[] = [
  { label: 'Code', field: 'control_code' },
  { label: 'Control', field: 'title' },
  { label: 'Status', field: 'status' },
  { label: 'Review' },
  { label: 'Assignees' },
  { label: 'Reviewers' },
  { label: 'Due', field: 'due_date' },
  { label: 'Frameworks' },
  { label: 'Tags' },
  { label: 'Updated', field: 'updated_at' },
];

/** The project's controls, one row each; on narrow screens the table scrolls sideways inside its card. */
export function ControlsTable({ projectId, controls, sort, onSort, selection, frameworkNames, back, labelledBy }: Props) {
  const codes = controls.map((control) => control.control_code);
  const selectedHere = codes.filter((code) => selection?.selected.has(code)).length;
  return (
    <TableContainer>
      <Table aria-labelledby={labelledBy} size="small" sx={{ minWidth: 1120, '& td, & th': { verticalAlign: 'top' } }}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox">
                <Checkbox
                  checked={selectedHere > 0 && selectedHere === codes.length}
                  indeterminate={selectedHere > 0 && selectedHere < codes.length}
                  onChange={() => selection.toggleAll(codes)}
                  slotProps={{ input: { 'aria-label': 'Select every control on this page' } }}
                />
              </TableCell>
            )}
            {HEADERS.map(({ label, field }) =>
              field ? <SortableHeaderCell key={label} label={label} field={field} sort={sort} onSort={onSort} /> : <TableCell key={label}>{label}</TableCell>,
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {controls.map((control) => (
            <TableRow key={control.id} hover selected={selection?.selected.has(control.control_code)}>
              {selection && (
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={selection.selected.has(control.control_code)}
                    onChange={() => selection.toggle(control.control_code)}
                    slotProps={{ input: { 'aria-label': `Select ${control.control_code}` } }}
                  />
                </TableCell>
              )}
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap', fontWeight: 600 }}>
                <Link component={RouterLink} to={controlDetailPath(projectId, control.control_code)} state={{ back } satisfies BackLinkState}>
                  {control.control_code}
                </Link>
              </TableCell>
              <TableCell sx={{ minWidth: 220 }}>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {control.title}
                </Typography>
                {control.needs_attention && <NeedsAttentionMarker reason={control.needs_attention_reason} />}
              </TableCell>
              <TableCell>
                <StatusChip status={control.status} />
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                {control.review_status ? (
                  <ReviewStatusChip status={control.review_status} forced={control.approval_forced} />
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    —
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                <PeopleNames people={control.assignees} empty="Unassigned" max={2} />
              </TableCell>
              <TableCell sx={{ minWidth: 140 }}>
                <PeopleNames people={control.reviewers} empty="None" max={2} />
              </TableCell>
              <TableCell>
                <DueDateText control={control} />
              </TableCell>
              <TableCell>
                <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                  {control.frameworks.map((code) => (
                    <Chip key={code} size="small" variant="outlined" label={frameworkShortName(code, frameworkNames[code])} title={frameworkNames[code]} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell>
                {control.tags.length > 0 ? (
                  <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
                    {control.tags.map((tag) => (
                      <TagChip key={tag.tag_id} name={tag.name} colour={tag.color} />
                    ))}
                  </Box>
                ) : (
                  <Typography variant="body2" color="text.secondary">
                    —
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ whiteSpace: 'nowrap' }}>
                <Typography variant="body2" component="time" dateTime={control.updated_at}>
                  {formatDate(control.updated_at)}
                </Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
