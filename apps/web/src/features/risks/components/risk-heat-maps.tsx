import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import type { RiskHeatMap } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { useRiskHeatMap } from '../api/get-risk-heat-map';
import type { HeatMapView } from '../risk-list-params';
import { HeatMapGrid, LevelLegend, type CellAction } from './heat-map-grid';

const VIEWS: { view: HeatMapView; title: string; hint: string }[] = [
  { view: 'inherent', title: 'Inherent risk', hint: 'as the risks are, before treatment' },
  { view: 'residual', title: 'Residual risk', hint: 'what is left once treated' },
];

/** "12 risks in scope, 4 above the appetite; 1 out of scope is left out". */
export function heatMapSummary(map: RiskHeatMap): string {
  const inScope = map.total - map.out_of_scope;
  const parts = [`${inScope} ${inScope === 1 ? 'risk' : 'risks'} in scope`];
  if (map.above_appetite > 0) parts.push(`${map.above_appetite} above the appetite`);
  const out = map.out_of_scope > 0 ? `; ${map.out_of_scope} out of scope ${map.out_of_scope === 1 ? 'is' : 'are'} left out` : '';
  return `${parts.join(', ')}${out}`;
}

type Props = {
  projectId: string;
  /** Prefix of the headings' ids: two sets of maps may share a page. */
  idPrefix: string;
  action: CellAction;
  selected?: Parameters<typeof HeatMapGrid>[0]['selected'];
  compact?: boolean;
};

/**
 * The project's inherent and residual heat maps side by side (one above the other on narrow screens),
 * with their legend: the same risk moves from its inherent cell to its residual one as it is treated.
 */
export function RiskHeatMaps({ projectId, idPrefix, action, selected, compact = false }: Props) {
  const heatMap = useRiskHeatMap(projectId);
  if (heatMap.isPending) return <LinearProgress aria-label="Loading the heat map" />;
  if (heatMap.isError) return <RetryAlert onRetry={() => void heatMap.refetch()}>The heat map could not be loaded.</RetryAlert>;
  const map = heatMap.data;
  return (
    <Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        {heatMapSummary(map)}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: compact ? 'minmax(0, 1fr)' : 'repeat(2, minmax(0, 1fr))', lg: 'repeat(2, minmax(0, 1fr))' } }}>
        {VIEWS.map(({ view, title, hint }) => (
          <Box key={view} sx={{ minWidth: 0 }}>
            <Typography id={`${idPrefix}-${view}`} variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
              {title}
            </Typography>
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {hint}
            </Typography>
            <HeatMapGrid labelledBy={`${idPrefix}-${view}`} view={view} counts={map[view]} matrix={map.matrix} selected={selected} action={action} compact={compact} />
          </Box>
        ))}
      </Box>
      <Box sx={{ mt: 2 }}>
        <LevelLegend appetite={map.appetite} />
      </Box>
    </Box>
  );
}
