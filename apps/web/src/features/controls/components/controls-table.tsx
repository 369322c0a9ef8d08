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
import { TestFailingMarker } from '../../../components/test-failing-marker';
import { PeopleNames } from '../../../components/people-names';
import { StatusChip } from '../../../components/status-chip';
import { SortableHeaderCell, type ListSort } from '../../../components/table-header-cells';
import { TagChip } from '../../../components/tag-chip';
import { formatDate } from '../../../lib/format';
import { frameworkShortName } from '../../../lib/framework-names';
import { controlDetailPath, type BackLinkState } from '../../../lib/project-paths';
import type { ControlSortField } from '../control-list-params';
import { DueDateText } from './due-date-text';
import { OutOfScopeNote } from './out-of-scope-note';
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

/** Shown from the xl breakpoint (1536 px) on: below it the column leaves its room to the others. */
const WIDE_ONLY = { display: { xs: 'none', xl: 'table-cell' } } as const;

/**
 * The columns with their widths (the layout is fixed: long content is cut short, with its whole text
 * in a title, rather than widening the table); the control's title takes the rest.
 */
const HEADERS: { label: string; field?: ControlSortField; width?: number; wideOnly?: boolean }[] = [
  { label: 'Code', field: 'control_code', width: 132 },
  { label: 'Control', field: 'title' },
  { label: 'Status', field: 'status', width: 124 },
  { label: 'Review', width: 136 },
  { label: 'Assignees', width: 144 },
  { label: 'Reviewers', width: 144 },
  { label: 'Due', field: 'due_date', width: 96 },
  { label: 'Frameworks', width: 132 },
  { label: 'Tags', width: 120 },
  { label: 'Updated', field: 'updated_at', width: 104, wideOnly: true },
];
/** MUI's small checkbox cell: 24 px of checkbox and 28 of padding (its own width assumes content-box sizing). */
const CHECKBOX_WIDTH = 52;
/** The fixed columns' widths, the checkbox's and room for the control's title: narrower, the table scrolls in its card. */
const MIN_TABLE_WIDTH = CHECKBOX_WIDTH + HEADERS.reduce((sum, { width, wideOnly }) => sum + (wideOnly ? 0 : (width ?? 220)), 0);

/** A cell's text on one line, cut short with an ellipsis. */
const oneLine = { overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' } as const;

/** The project's controls, one row each; it fits a 1440 px screen, and on narrower ones scrolls sideways inside its card. */
export function ControlsTable({ projectId, controls, sort, onSort, selection, frameworkNames, back, labelledBy }: Props) {
  const codes = controls.map((control) => control.control_code);
  const selectedHere = codes.filter((code) => selection?.selected.has(code)).length;
  return (
    <TableContainer>
      <Table aria-labelledby={labelledBy} size="small" sx={{ minWidth: MIN_TABLE_WIDTH, tableLayout: 'fixed', '& td, & th': { verticalAlign: 'top' }, '& td:not(.MuiTableCell-paddingCheckbox), & th:not(.MuiTableCell-paddingCheckbox)': { px: 1 } }}>
        <TableHead>
          <TableRow>
            {selection && (
              <TableCell padding="checkbox" sx={{ '&.MuiTableCell-paddingCheckbox': { width: CHECKBOX_WIDTH } }}>
                <Checkbox
                  checked={selectedHere > 0 && selectedHere === codes.length}
                  indeterminate={selectedHere > 0 && selectedHere < codes.length}
                  onChange={() => selection.toggleAll(codes)}
                  slotProps={{ input: { 'aria-label': 'Select every control on this page' } }}
                />
              </TableCell>
            )}
            {HEADERS.map(({ label, field, width, wideOnly }) => {
              const sx = { width, ...(wideOnly ? WIDE_ONLY : {}) };
              return field ? <SortableHeaderCell key={label} label={label} field={field} sort={sort} onSort={onSort} sx={sx} /> : <TableCell key={label} sx={sx}>{label}</TableCell>;
            })}
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
              <TableCell component="th" scope="row" sx={{ ...oneLine, fontWeight: 600 }}>
                <Link component={RouterLink} to={controlDetailPath(projectId, control.control_code)} state={{ back } satisfies BackLinkState} title={control.control_code}>
                  {control.control_code}
                </Link>
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {control.title}
                </Typography>
                {control.needs_attention && <NeedsAttentionMarker reason={control.needs_attention_reason} />}
                {control.test_failing && <TestFailingMarker />}
                {control.status === 'out_of_scope' && <OutOfScopeNote justification={control.out_of_scope_justification} />}
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
              <TableCell>
                <PeopleNames people={control.assignees} empty="Unassigned" max={2} oneLine />
              </TableCell>
              <TableCell>
                <PeopleNames people={control.reviewers} empty="None" max={2} oneLine />
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
              <TableCell sx={{ whiteSpace: 'nowrap', ...WIDE_ONLY }}>
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
