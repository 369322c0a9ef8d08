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
import { TEST_SCHEDULE_LABELS, type TestingTestListItem } from '@aegis/contracts';
import { StatusChip } from '../../../components/status-chip';
import { SortableHeaderCell, type ListSort } from '../../../components/table-header-cells';
import type { BackLinkState } from '../../../lib/project-paths';
import type { TestSort } from '../test-list-params';
import { testDetailPath } from '../testing-paths';
import { LatestResultCell } from './latest-result-cell';
import { StaleMarker } from './stale-marker';

export type TestListSort = ListSort<TestSort>;

type Props = {
  projectId: string;
  tests: TestingTestListItem[];
  sort: TestListSort;
  onSort: (sort: TestListSort) => void;
  back: NonNullable<BackLinkState['back']>;
  labelledBy: string;
};

const HEADERS: { label: string; field?: TestSort; width?: number }[] = [
  { label: 'Ref.', field: 'reference', width: 76 },
  { label: 'Test', field: 'name' },
  { label: 'Condition', width: 220 },
  { label: 'Schedule', width: 110 },
  { label: 'Latest result', field: 'last_run_at', width: 170 },
  { label: 'Status', field: 'status', width: 128 },
  { label: 'Controls', width: 84 },
];
const MIN_TABLE_WIDTH = HEADERS.reduce((sum, { width }) => sum + (width ?? 240), 0);

/** The project's tests, one row each: what they judge, how often, their latest outcome and the controls they prove. */
export function TestsTable({ projectId, tests, sort, onSort, back, labelledBy }: Props) {
  return (
    <TableContainer>
      <Table aria-labelledby={labelledBy} size="small" sx={{ minWidth: MIN_TABLE_WIDTH, tableLayout: 'fixed', '& td, & th': { verticalAlign: 'top', px: 1 } }}>
        <TableHead>
          <TableRow>
            {HEADERS.map(({ label, field, width }) =>
              field ? <SortableHeaderCell key={label} label={label} field={field} sort={sort} onSort={onSort} sx={{ width }} /> : <TableCell key={label} sx={{ width }}>{label}</TableCell>,
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {tests.map((test) => (
            <TableRow key={test.id} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                <Link component={RouterLink} to={testDetailPath(projectId, test.id)} state={{ back } satisfies BackLinkState} aria-label={`${test.reference} ${test.name}`}>
                  {test.reference}
                </Link>
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {test.name}
                </Typography>
                <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
                  <Typography variant="body2" color="text.secondary">
                    {test.metric_name ? `${test.metric_name}${test.source_name ? ` · ${test.source_name}` : ''}` : 'Metric deleted'}
                  </Typography>
                  {test.metric_stale && <StaleMarker />}
                </Stack>
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {test.condition}
                </Typography>
              </TableCell>
              <TableCell>
                <Typography variant="body2">{TEST_SCHEDULE_LABELS[test.schedule]}</Typography>
              </TableCell>
              <TableCell>
                <LatestResultCell test={test} />
              </TableCell>
              <TableCell>
                <StatusChip status={test.status} />
              </TableCell>
              <TableCell>
                <Typography variant="body2">{test.control_count}</Typography>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
