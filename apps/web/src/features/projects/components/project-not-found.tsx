import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import SearchOffIcon from '@mui/icons-material/SearchOff';
import { Link as RouterLink } from 'react-router';
import { usePageTitle } from '../../../components/use-page-title';

/** 404: the project does not exist, was deleted, or belongs to another organization; all look the same. */
export function ProjectNotFound() {
  usePageTitle('Project not found');
  return (
    <Paper variant="outlined" component="section" aria-labelledby="project-not-found-title" sx={{ p: 4, maxWidth: 640, mx: 'auto', mt: 4 }}>
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <SearchOffIcon color="action" fontSize="large" aria-hidden />
        <Typography id="project-not-found-title" variant="h5" component="h1">
          Project not found
        </Typography>
        <Typography color="text.secondary">This project does not exist, or it has been deleted. Check the link, or pick the project from the list.</Typography>
        <Button component={RouterLink} to="/projects" variant="contained">
          Go to projects
        </Button>
      </Stack>
    </Paper>
  );
}
