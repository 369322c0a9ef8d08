import Box from '@mui/material/Box';
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
import { ACCEPTANCE_STATUS_LABELS, TREATMENT_OPTION_LABELS, type RiskListItem, type RiskSort } from '@aegis/contracts';
import { NeedsAttentionMarker } from '../../../components/needs-attention-marker';
import { PeopleNames } from '../../../components/people-names';
import { StatusChip } from '../../../components/status-chip';
import { SortableHeaderCell, type ListSort } from '../../../components/table-header-cells';
import { riskDetailPath, type BackLinkState } from '../../../lib/project-paths';
import { categoryLabel, scoresInShort } from '../risk-labels';
import { AboveAppetiteMarker } from './above-appetite-marker';
import { RiskLevelChip } from './risk-level-chip';

export type RiskListSort = ListSort<RiskSort>;

type Props = {
  projectId: string;
  risks: RiskListItem[];
  sort: RiskListSort;
  onSort: (sort: RiskListSort) => void;
  /** Where a risk's page leads back to: this list with its filters. */
  back: NonNullable<BackLinkState['back']>;
  labelledBy: string;
};

const HEADERS: { label: string; field?: RiskSort; width?: number }[] = [
  { label: 'Ref.', field: 'reference', width: 76 },
  { label: 'Risk', field: 'name' },
  { label: 'Status', field: 'status', width: 128 },
  { label: 'Inherent', field: 'inherent_score', width: 132 },
  { label: 'Residual', field: 'residual_score', width: 132 },
  { label: 'Treatment', width: 140 },
  { label: 'Controls', width: 84 },
  { label: 'Assignees', width: 150 },
];
const MIN_TABLE_WIDTH = HEADERS.reduce((sum, { width }) => sum + (width ?? 260), 0);

/** The register, one row per risk: its scores and levels before and after treatment, how it is treated, and by whom. Wider than the screen, it scrolls in its card. */
export function RisksTable({ projectId, risks, sort, onSort, back, labelledBy }: Props) {
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
          {risks.map((risk) => (
            <TableRow key={risk.id} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
                <Link component={RouterLink} to={riskDetailPath(projectId, risk.id)} state={{ back } satisfies BackLinkState} aria-label={`${risk.reference} ${risk.name}`}>
                  {risk.reference}
                </Link>
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ fontWeight: 500, overflowWrap: 'anywhere' }}>
                  {risk.name}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {categoryLabel(risk.category)}
                </Typography>
                {risk.above_appetite && <AboveAppetiteMarker compact />}
                {risk.needs_attention && <NeedsAttentionMarker reason={risk.needs_attention_reason} />}
              </TableCell>
              <TableCell>
                <StatusChip status={risk.status} />
              </TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <RiskLevelChip level={risk.inherent_level} />
                  <Typography variant="caption" color="text.secondary">
                    {scoresInShort(risk.likelihood, risk.impact)}
                  </Typography>
                </Stack>
              </TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <RiskLevelChip level={risk.residual_level} />
                  <Typography variant="caption" color="text.secondary">
                    {risk.residual_assessed ? scoresInShort(risk.residual_likelihood, risk.residual_impact) : 'Not assessed yet'}
                  </Typography>
                </Stack>
              </TableCell>
              <TableCell>
                <Typography variant="body2" color={risk.treatment_option ? undefined : 'text.secondary'}>
                  {risk.treatment_option ? TREATMENT_OPTION_LABELS[risk.treatment_option] : 'Not decided'}
                </Typography>
                {risk.acceptance_status && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    Acceptance: {ACCEPTANCE_STATUS_LABELS[risk.acceptance_status].toLowerCase()}
                  </Typography>
                )}
                {risk.open_strategy_count > 0 && (
                  <Typography variant="caption" color="text.secondary" component="div">
                    {risk.open_strategy_count} open {risk.open_strategy_count === 1 ? 'action' : 'actions'}
                  </Typography>
                )}
              </TableCell>
              <TableCell>
                <Typography variant="body2">{risk.control_count}</Typography>
              </TableCell>
              <TableCell>
                <Box sx={{ minWidth: 0 }}>
                  <PeopleNames people={risk.assignees} empty="Unassigned" max={2} oneLine />
                </Box>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
