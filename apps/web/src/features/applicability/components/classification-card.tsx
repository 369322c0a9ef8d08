import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { RetryAlert } from '../../../components/retry-alert';
import { scopingPath } from '../../../lib/project-paths';
import { useEuAiActSettings } from '../api/get-eu-ai-act-settings';
import { joinWords } from '../change-summary';
import { ROLE_LABELS } from '../eu-ai-act-labels';
import { ClassificationBadge } from './classification-badge';

/**
 * The project dashboard's card: how the EU AI Act classifies the system (its badge and the roles the
 * organization plays), or that nobody has described it yet, leading to the scoping page either way.
 */
export function ClassificationCard({ projectId }: { projectId: string }) {
  const settings = useEuAiActSettings(projectId);
  const data = settings.data;
  const assessed = data && data.updated_at !== null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="project-classification-title" sx={{ p: 3 }}>
      <Typography id="project-classification-title" variant="h6" component="h2" gutterBottom>
        EU AI Act classification
      </Typography>
      {settings.isPending && <LinearProgress aria-label="Loading the EU AI Act classification" />}
      {settings.isError && !data && <RetryAlert onRetry={() => void settings.refetch()}>The EU AI Act classification could not be loaded.</RetryAlert>}
      {data && !assessed && (
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          Which obligations apply depends on what the system does and the part your organization plays.
        </Typography>
      )}
      {data && assessed && (
        <Box sx={{ mb: 2 }}>
          <ClassificationBadge classification={data.classification} />
          {data.classification.roles.length > 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              As {joinWords(data.classification.roles.map((role) => ROLE_LABELS[role] ?? role).map((label) => label.toLowerCase()))}
              {data.classification.status === 'incomplete' ? ' · some answers are still missing' : ''}
            </Typography>
          )}
        </Box>
      )}
      {data && (
        <Button component={RouterLink} to={scopingPath(projectId)} endIcon={<ArrowForwardIcon />} sx={{ textAlign: 'left' }}>
          {assessed ? `EU AI Act: ${data.classification.label}` : 'Not assessed yet — describe the system'}
        </Button>
      )}
    </Paper>
  );
}
