import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../components/use-page-title';

/** Any unmatched path, inside the layout (its header hidden). */
export function NotFoundScreen() {
  usePageTitle('Page not found');
  return (
    <Box sx={{ maxWidth: 480, mx: 'auto', mt: { xs: 4, md: 10 }, textAlign: 'center' }}>
      <Typography component="h1" variant="h5" gutterBottom>
        Page not found
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 3 }}>
        There is nothing at this address. It may have moved, or the link may be mistyped.
      </Typography>
      <Link component={RouterLink} to="/">
        Go to the dashboard
      </Link>
    </Box>
  );
}

export default NotFoundScreen;
