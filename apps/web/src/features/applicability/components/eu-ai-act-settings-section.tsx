import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { RetryAlert } from '../../../components/retry-alert';
import { SectionHeading } from '../../../components/section-heading';
import { formatDateTime } from '../../../lib/format';
import { useEuAiActSettings } from '../api/get-eu-ai-act-settings';
import { EuAiActSettingsForm } from './eu-ai-act-settings-form';

type Props = { projectId: string; canUpdate: boolean };

/** Section 1 of the scoping page: describe the AI system, see how the EU AI Act classifies it and why. */
export function EuAiActSettingsSection({ projectId, canUpdate }: Props) {
  const settings = useEuAiActSettings(projectId);
  const data = settings.data;
  return (
    <Box component="section" aria-labelledby="eu-ai-act">
      <SectionHeading
        id="eu-ai-act"
        level={3}
        title="EU AI Act settings"
        description="Describe the AI system and the part your organization plays: the classification, the requirements that apply and their reasons follow from these answers."
      />
      {settings.isPending && <LinearProgress aria-label="Loading the EU AI Act settings" />}
      {settings.isError && !data && <RetryAlert onRetry={() => void settings.refetch()}>The EU AI Act settings could not be loaded.</RetryAlert>}
      {data && (
        <>
          {data.updated_at === null ? (
            <Alert severity="info" sx={{ mb: 3 }}>
              {canUpdate
                ? 'No EU AI Act settings yet: answer the questions below to see how the Regulation classifies the system.'
                : 'No EU AI Act settings yet: an owner or editor describes the system here.'}
            </Alert>
          ) : (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
              Last saved {formatDateTime(data.updated_at)}
              {data.updated_by ? ` by ${data.updated_by.name}` : ''}
            </Typography>
          )}
          <EuAiActSettingsForm key={data.updated_at ?? 'never'} projectId={projectId} data={data} canUpdate={canUpdate} />
        </>
      )}
    </Box>
  );
}
