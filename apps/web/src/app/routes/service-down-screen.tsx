import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CenteredPanel } from '../../components/centered-panel';
import { usePageTitle } from '../../components/use-page-title';

/** A plain fetch: the API client would answer a 5xx by coming back to this very page. */
async function checkHealth(): Promise<boolean> {
  try {
    const response = await fetch('/api/health', { headers: { Accept: 'application/json' }, cache: 'no-store' });
    return response.status === 200;
  } catch {
    return false;
  }
}

/** Where the API client sends the user when the server keeps failing its health check. */
export function ServiceDownScreen() {
  usePageTitle('Service unavailable');
  const navigate = useNavigate();
  const { mutate, isPending, data: healthy } = useMutation({
    mutationFn: checkHealth,
    onSuccess: (ok) => {
      if (ok) void navigate('/', { replace: true });
    },
  });

  return (
    <CenteredPanel>
      <Typography component="h1" variant="h5" gutterBottom>
        The service is unavailable
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        We cannot reach the server right now.
        Please try again in a few minutes.
      </Typography>
      {healthy === false && (
        <Alert severity="warning" sx={{ mb: 3 }} role="status">
          The service is still unavailable.
        </Alert>
      )}
      <Button variant="contained" onClick={() => mutate()} loading={isPending}>
        Try again
      </Button>
    </CenteredPanel>
  );
}

export default ServiceDownScreen;
