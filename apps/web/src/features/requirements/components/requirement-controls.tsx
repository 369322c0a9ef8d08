import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { StatusChip } from '../../../components/status-chip';
import { controlDetailPath, type BackLinkState } from '../../../lib/project-paths';
import { useRequirementControls } from '../api/list-requirement-controls';

/** The controls an opened requirement maps to, each leading to its page (and back here). */
export function RequirementControls({ projectId, requirementId, label }: { projectId: string; requirementId: string; label: string }) {
  const controls = useRequirementControls(projectId, requirementId);
  const location = useLocation();
  const back: BackLinkState = { back: { label: 'Requirements', pathname: location.pathname, search: location.search } };
  if (controls.isPending) return <LinearProgress aria-label={`Loading the controls of ${label}`} />;
  if (controls.isError) return <RetryAlert onRetry={() => void controls.refetch()}>The controls could not be loaded.</RetryAlert>;
  if (controls.data.items.length === 0) return <Typography color="text.secondary">No control maps to it.</Typography>;
  return (
    <Box component="ul" aria-label={`Controls of ${label}`} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {controls.data.items.map((control) => (
        <Box
          component="li"
          key={control.id}
          sx={{ display: 'grid', gap: 1, alignItems: 'center', py: 0.75, borderTop: 1, borderColor: 'divider', gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: '9rem minmax(0, 1fr) auto' } }}
        >
          <Link component={RouterLink} to={controlDetailPath(projectId, control.control_code)} state={back} sx={{ fontWeight: 600, whiteSpace: 'nowrap' }}>
            {control.control_code}
          </Link>
          <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {control.title}
            {control.assignees.length > 0 && (
              <Typography component="span" variant="body2" color="text.secondary">
                {' · '}
                {control.assignees.map((person) => person.name).join(', ')}
              </Typography>
            )}
          </Typography>
          <Box>
            <StatusChip status={control.status} />
          </Box>
        </Box>
      ))}
    </Box>
  );
}
