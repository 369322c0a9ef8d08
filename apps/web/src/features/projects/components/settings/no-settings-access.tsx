import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Link from '@mui/material/Link';
import { Link as RouterLink } from 'react-router';
import { projectDetailPath } from '../project-labels';

/** Settings are for owners (and organization admins); anyone else who finds the address is told so. */
export function NoSettingsAccess({ projectId }: { projectId: string }) {
  return (
    <Alert severity="info">
      <AlertTitle>You can't change this project's settings</AlertTitle>
      Only the project’s owners can rename it, manage its members or delete it.{' '}
      <Link component={RouterLink} to={projectDetailPath(projectId)}>
        Back to the project dashboard
      </Link>
    </Alert>
  );
}
