import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RISK_LEVELS, WORK_ITEM_STATUSES, type RiskHeatMap } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { KEEP_FILTERS, risksPath } from '../../../lib/project-paths';
import { useRiskHeatMap } from '../api/get-risk-heat-map';
import { writeRiskListParams, type HeatMapCell } from '../risk-list-params';
import { RiskHeatMaps } from './risk-heat-maps';
import { RiskLevelChip } from './risk-level-chip';

function LevelsTable({ map }: { map: RiskHeatMap }) {
  return (
    <Table size="small" aria-label="Risks by level, before and after treatment" sx={{ mb: 2, maxWidth: 360 }}>
      <TableHead>
        <TableRow>
          <TableCell>Level</TableCell>
          <TableCell align="right">Inherent</TableCell>
          <TableCell align="right">Residual</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {[...RISK_LEVELS].reverse().map((level) => (
          <TableRow key={level}>
            <TableCell component="th" scope="row">
              <RiskLevelChip level={level} />
            </TableCell>
            <TableCell align="right">{map.by_inherent_level[level]}</TableCell>
            <TableCell align="right">{map.by_residual_level[level]}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

const IN_SCOPE = WORK_ITEM_STATUSES.filter((status) => status !== 'out_of_scope');

/** The register filtered to one heat map cell, as a link's target; without the out-of-scope risks the map leaves out, so that it lists what the cell counts. */
const cellLink = (projectId: string, map: RiskHeatMap) => (cell: HeatMapCell) =>
  `${risksPath(projectId)}?${writeRiskListParams(new URLSearchParams(), { cell, ...(map.out_of_scope > 0 ? { status: IN_SCOPE } : {}) })}`;

/** The project's risks at a glance: how many at each level before and after treatment, how many above the appetite, and the heat maps (a cell opens its risks). */
export function RiskDashboardCard({ projectId }: { projectId: string }) {
  const heatMap = useRiskHeatMap(projectId);
  const map = heatMap.data;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="project-risks-title" sx={{ p: 3, minWidth: 0 }}>
      <Typography id="project-risks-title" variant="h6" component="h2" gutterBottom>
        Risks
      </Typography>
      {heatMap.isPending && <LinearProgress aria-label="Loading the risks" />}
      {heatMap.isError && <RetryAlert onRetry={() => void heatMap.refetch()}>The risks could not be loaded.</RetryAlert>}
      {map && map.total === 0 && (
        <Typography color="text.secondary">
          No risks yet.{' '}
          <Link component={RouterLink} to={risksPath(projectId)}>
            Open the register
          </Link>{' '}
          to add them, starting from the risk library.
        </Typography>
      )}
      {map && map.total > 0 && (
        <Box>
          <LevelsTable map={map} />
          {map.above_appetite > 0 && (
            <Typography variant="body2" sx={{ mb: 2 }}>
              <Link component={RouterLink} to={{ pathname: risksPath(projectId), search: '?above_appetite=true' }} state={KEEP_FILTERS}>
                <strong>{map.above_appetite}</strong> {map.above_appetite === 1 ? 'risk is' : 'risks are'} above the appetite
              </Link>
            </Typography>
          )}
          <RiskHeatMaps projectId={projectId} idPrefix="dashboard-heat-map" action={{ linkTo: cellLink(projectId, map) }} compact />
        </Box>
      )}
    </Paper>
  );
}
