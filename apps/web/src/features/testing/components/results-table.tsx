import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { TestingResult } from '@aegis/contracts';
import { formatDateTime } from '../../../lib/format';
import { formatMetricValue } from '../testing-labels';
import { testDetailPath } from '../testing-paths';
import { ResultIcon } from './result-icon';

type Props = {
  projectId: string;
  results: TestingResult[];
  labelledBy: string;
  /** Across tests: a column names each result's test, linked to its page. */
  showTest?: boolean;
  unit?: string;
};

const TRIGGERS = { manual: 'Run by hand', schedule: 'On schedule', new_value: 'On a new value' } as const;

const dataRange = (result: TestingResult) => {
  if (!result.data_from || !result.data_to) return '—';
  const from = formatDateTime(result.data_from);
  const to = formatDateTime(result.data_to);
  return from === to ? from : `${from} – ${to}`;
};

/** Results, newest first: when, the outcome, the value judged against the condition of the time, the data it judged and the evidence it became. */
export function ResultsTable({ projectId, results, labelledBy, showTest = false, unit = '' }: Props) {
  return (
    // Wider than its column on the test's page, where it holds no link to reach it by: it takes the focus itself, so the keyboard can scroll it.
    <TableContainer {...(showTest ? {} : { tabIndex: 0, role: 'region', 'aria-label': 'Results: the table' })} sx={{ '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}>
      <Table size="small" aria-labelledby={labelledBy} sx={{ minWidth: showTest ? 980 : 820, '& td, & th': { verticalAlign: 'top', px: 1 } }}>
        <TableHead>
          <TableRow>
            <TableCell>Time</TableCell>
            <TableCell>Result</TableCell>
            {showTest && <TableCell>Test</TableCell>}
            <TableCell>Observed</TableCell>
            <TableCell>Condition</TableCell>
            <TableCell>Values judged</TableCell>
            <TableCell>Data from – to</TableCell>
            <TableCell>Evidence</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {results.map((result) => (
            <TableRow key={result.id}>
              <TableCell component="th" scope="row" sx={{ whiteSpace: 'nowrap' }}>
                <Typography variant="body2">{formatDateTime(result.created_at)}</Typography>
                <Typography variant="caption" color="text.secondary">
                  {result.run_by ? `${TRIGGERS[result.trigger]}: ${result.run_by.name}` : TRIGGERS[result.trigger]}
                </Typography>
              </TableCell>
              <TableCell>
                <ResultIcon result={result.result_status} withLabel />
                {result.error && (
                  <Typography variant="caption" color="text.secondary" component="div" sx={{ overflowWrap: 'anywhere' }}>
                    {result.error}
                  </Typography>
                )}
              </TableCell>
              {showTest && (
                <TableCell>
                  <Link component={RouterLink} to={testDetailPath(projectId, result.test_id)} sx={{ overflowWrap: 'anywhere' }}>
                    {result.test_reference} {result.test_name}
                  </Link>
                </TableCell>
              )}
              <TableCell>{formatMetricValue(result.observed_value, unit)}</TableCell>
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{result.condition}</TableCell>
              <TableCell>{result.value_count}</TableCell>
              <TableCell>{dataRange(result)}</TableCell>
              <TableCell>{result.evidence_ids.length === 0 ? 'None' : `${result.evidence_ids.length} ${result.evidence_ids.length === 1 ? 'record' : 'records'}`}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
