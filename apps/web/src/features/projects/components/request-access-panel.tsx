import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import { Link as RouterLink } from 'react-router';
import { useRequestProjectAccess, type AccessRequestResult } from '../api/request-project-access';
import { usePageTitle } from '../../../components/use-page-title';

function confirmation({ notified, owners }: AccessRequestResult): string {
  if (!notified) return 'Your earlier request is still waiting for the owners. They will see it in their notifications.';
  if (owners === 0) return 'Your request is recorded, but the project has no owner to tell. Ask your organization’s administrator for a role.';
  return `The project’s ${owners === 1 ? 'owner has' : `${owners} owners have`} been told. You will be able to open the project once one of them gives you a role.`;
}

/** A member of the organization opened a project they hold no role on (403): they can ask its owners for one. */
export function RequestAccessPanel({ projectId }: { projectId: string }) {
  usePageTitle('No access to this project');
  const request = useRequestProjectAccess(projectId);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="request-access-title" sx={{ p: 4, maxWidth: 640, mx: 'auto', mt: 4 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <LockOutlinedIcon color="action" fontSize="large" aria-hidden />
        <Typography id="request-access-title" variant="h5" component="h1">
          You don’t have access to this project
        </Typography>
        <Typography color="text.secondary">
          You are a member of the organization, but you have no role on this project. Its owners can give you one: ask them, and they will get a
          notification.
        </Typography>
        <Button variant="contained" onClick={() => request.mutate()} loading={request.isPending} disabled={request.isSuccess}>
          {request.isSuccess ? 'Access requested' : 'Request access'}
        </Button>
        {/* A live region from the start, so the confirmation is announced when it appears. */}
        <div role="status">{request.data && <Alert severity={request.data.notified ? 'success' : 'info'}>{confirmation(request.data)}</Alert>}</div>
        <Link component={RouterLink} to="/projects">
          Back to projects
        </Link>
      </Stack>
    </Paper>
  );
}
