import { APP_VERSION, COPYRIGHT_START_YEAR, PRODUCT_NAME } from '@aegis/contracts';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { FeedbackButton } from '../../features/feedback/components/feedback-button';

function copyrightYears(now: Date): string {
  const year = now.getFullYear();
  return year > COPYRIGHT_START_YEAR ? `${COPYRIGHT_START_YEAR}–${year}` : String(COPYRIGHT_START_YEAR);
}

/** `statusUrl`: STATUS_URL when the deployment has one, else the built-in status page. */
export function AppFooter({ statusUrl }: { statusUrl: string | null | undefined }) {
  return (
    <Box
      component="footer"
      sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, px: 3, py: 1.5, borderTop: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" color="text.secondary">
        {`© ${copyrightYears(new Date())} ${PRODUCT_NAME}`}
      </Typography>
      {statusUrl ? (
        <Link href={statusUrl} variant="body2">
          Status
        </Link>
      ) : (
        <Link component={RouterLink} to="/status" variant="body2">
          Status
        </Link>
      )}
      <Typography variant="body2" color="text.secondary">
        {APP_VERSION}
      </Typography>
      <Box sx={{ flexGrow: 1 }} />
      <FeedbackButton />
    </Box>
  );
}
