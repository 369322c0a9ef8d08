import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { riskDetailPath } from '../../../lib/project-paths';
import { useControlRisks } from '../api/list-control-risks';
import { AboveAppetiteMarker } from './above-appetite-marker';
import { RiskLevelChip } from './risk-level-chip';

/** The risks a control reduces, highest residual level first, each linking to its page: the control's page shows them. Links are made from the risk's page. */
export function ControlRisksSection({ projectId, controlCode }: { projectId: string; controlCode: string }) {
  const risks = useControlRisks(projectId, controlCode);
  let body;
  if (risks.isPending) body = <LinearProgress aria-label="Loading the risks it mitigates" />;
  else if (risks.isError) body = <RetryAlert onRetry={() => void risks.refetch()}>The risks could not be loaded.</RetryAlert>;
  else if (risks.data.length === 0) body = <Typography color="text.secondary">No risk is linked to this control yet. Link it from a risk’s page.</Typography>;
  else {
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {risks.data.map((risk) => (
          <Box component="li" key={risk.id} sx={{ py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
            <Link component={RouterLink} to={riskDetailPath(projectId, risk.id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {risk.reference} {risk.name}
            </Link>
            <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mt: 0.5, alignItems: 'center' }}>
              <RiskLevelChip level={risk.residual_level} prefix="Residual" />
              {risk.above_appetite && <AboveAppetiteMarker compact />}
            </Stack>
          </Box>
        ))}
      </Box>
    );
  }
  return (
    <Paper variant="outlined" component="section" aria-labelledby="control-risks-title" sx={{ p: { xs: 2, sm: 3 }, minWidth: 0 }}>
      <Typography id="control-risks-title" variant="h6" component="h3" sx={{ mb: 1.5 }}>
        Risks it mitigates
      </Typography>
      {body}
    </Paper>
  );
}
