import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useCurrentUser } from '../../../lib/current-user';
import { hasOrganizationRight } from '../../../lib/current-user-rights';
import { TagTaxonomy } from '../components/tag-taxonomy';
import { usePageTitle } from '../../../components/use-page-title';

/** The Customization tab of /organization: the taxonomy of the signed-in user's organization. */
export function OrganizationCustomizationScreen() {
  // The session guard loaded the user before this renders; it always has an organization here.
  const { data: user } = useCurrentUser();
  usePageTitle('Customization', user?.organization?.name);
  const organizationId = user?.organization?.id;
  return (
    <Box component="section" aria-labelledby="organization-customization-title">
      <Typography id="organization-customization-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        Customization
      </Typography>
      {user && organizationId && <TagTaxonomy organizationId={organizationId} canEdit={hasOrganizationRight(user, 'organizations:update')} />}
    </Box>
  );
}

export default OrganizationCustomizationScreen;
