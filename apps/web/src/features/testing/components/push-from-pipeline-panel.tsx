import KeyIcon from '@mui/icons-material/Key';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { API_TOKEN_PUSH_RIGHTS, type TestingMetric } from '@aegis/contracts';
import { curlSnippet, pythonSnippet } from '../push-snippets';
import { CodeSnippet } from './code-snippet';

/** Where a token scoped to this project and to pushing values alone is created: the API tokens screen, told the project and the rights. */
export const scopedTokenPath = (projectId: string) => `/tokens?${new URLSearchParams({ project_id: projectId, rights: API_TOKEN_PUSH_RIGHTS.join(',') }).toString()}`;

type Props = { projectId: string; sourceId: string; metrics: readonly TestingMetric[] };

/**
 * How a pipeline pushes this source's values: a token that can do nothing else, then one call, shown
 * as curl and as Python, with the real project and metric ids.
 */
export function PushFromPipelinePanel({ projectId, sourceId, metrics }: Props) {
  const origin = window.location.origin;
  return (
    <Box component="section" aria-labelledby={`push-${sourceId}-title`} sx={{ mt: 2 }}>
      <Typography id={`push-${sourceId}-title`} variant="subtitle1" component="h4" sx={{ fontWeight: 600 }}>
        Push from a pipeline
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Create an API token scoped to this project and to pushing values only (testing_logs:create), store it as a CI secret named AEGIS_TOKEN, and end the
        evaluation step with one of these calls. At most 10,000 values per call; a retry with the same idempotency key stores nothing twice.
      </Typography>
      <Button component={RouterLink} to={scopedTokenPath(projectId)} variant="outlined" startIcon={<KeyIcon />} sx={{ mb: 2 }}>
        Create a token for this project
      </Button>
      <Stack spacing={2}>
        <CodeSnippet id={`push-${sourceId}-curl`} title="curl example" code={curlSnippet(origin, projectId, metrics)} />
        <CodeSnippet id={`push-${sourceId}-python`} title="Python example" code={pythonSnippet(origin, projectId, metrics)} />
      </Stack>
    </Box>
  );
}
