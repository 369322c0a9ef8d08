import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { CenteredPanel } from '../../../components/centered-panel';
import { SignOutButton } from '../components/sign-out-button';

/** A signed-in user who belongs to no organization has nothing to open yet. */
export function NoOrganizationScreen() {
  return (
    <CenteredPanel>
      <Typography component="h1" variant="h5" gutterBottom>
        You are not part of an organization
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        Your account is not a member of any organization yet. Ask an administrator of your organization
        to invite you, then open the link in the invitation email.
      </Typography>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
        <SignOutButton />
      </Box>
    </CenteredPanel>
  );
}

export default NoOrganizationScreen;
