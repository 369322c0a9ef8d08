import BusinessOutlinedIcon from '@mui/icons-material/BusinessOutlined';
import FolderOutlinedIcon from '@mui/icons-material/FolderOutlined';
import NotificationsNoneOutlinedIcon from '@mui/icons-material/NotificationsNoneOutlined';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { MyWorkCard } from '../../features/controls/components/my-work-card';
import { ReviewsAwaitingCard } from '../../features/reviews/components/reviews-awaiting-card';
import { usePageTitle } from '../../components/use-page-title';

type Shortcut = { title: string; text: string; to: string; icon: ReactNode };

const SHORTCUTS: Shortcut[] = [
  { title: 'Projects', text: 'Your AI systems and organization projects: requirements, controls, risks and evidence.', to: '/projects', icon: <FolderOutlinedIcon color="primary" /> },
  { title: 'Organization', text: 'Users, frameworks, customization and settings of your organization.', to: '/organization', icon: <BusinessOutlinedIcon color="primary" /> },
  { title: 'Notifications', text: 'Reviews, assignments and announcements addressed to you.', to: '/notifications', icon: <NotificationsNoneOutlinedIcon color="primary" /> },
];

/** The home screen; the layout's header greets the user here. */
export function DashboardScreen() {
  usePageTitle('Dashboard');
  return (
    <>
      <MyWorkCard />
      <ReviewsAwaitingCard />
      <section aria-labelledby="dashboard-shortcuts">
        <Typography id="dashboard-shortcuts" component="h2" variant="h6" sx={{ mb: 2 }}>
          Where to start
        </Typography>
        <Grid container spacing={2}>
          {SHORTCUTS.map(({ title, text, to, icon }) => (
            <Grid key={to} size={{ xs: 12, sm: 6, lg: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardActionArea component={RouterLink} to={to} sx={{ height: '100%' }}>
                  <CardContent>
                    {icon}
                    <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mt: 1 }}>
                      {title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary">
                      {text}
                    </Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      </section>
    </>
  );
}

export default DashboardScreen;
