import AssignmentIndOutlinedIcon from '@mui/icons-material/AssignmentIndOutlined';
import FlagOutlinedIcon from '@mui/icons-material/FlagOutlined';
import RateReviewOutlinedIcon from '@mui/icons-material/RateReviewOutlined';
import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { MyWorkItem } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { controlsPath } from '../../../lib/project-paths';
import { useMyWork } from '../api/get-my-work';

/** The open statuses the "assigned" and "to review" counts are made of (approved and out of scope are done). */
const OPEN = 'ready,in_progress,in_review';

const linkTo = (projectId: string, params: Record<string, string>) => ({ pathname: controlsPath(projectId), search: `?${new URLSearchParams(params)}` });

function Count({ count, icon, text, to }: { count: number; icon: ReactNode; text: string; to: ReturnType<typeof linkTo> }) {
  const content = (
    <>
      <Box component="span" aria-hidden sx={{ display: 'inline-flex' }}>
        {icon}
      </Box>
      <strong>{count}</strong> {text}
    </>
  );
  const sx = { display: 'inline-flex', alignItems: 'center', gap: 0.75 };
  if (count === 0) {
    return (
      <Typography component="span" variant="body2" color="text.secondary" sx={sx}>
        {content}
      </Typography>
    );
  }
  return (
    <Link component={RouterLink} to={to} variant="body2" sx={sx}>
      {content}
    </Link>
  );
}

function ProjectWork({ item }: { item: MyWorkItem }) {
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {item.project_name}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', columnGap: 3, rowGap: 0.5 }}>
        <Count count={item.controls_assigned} icon={<AssignmentIndOutlinedIcon fontSize="small" />} text={item.controls_assigned === 1 ? 'open control assigned to you' : 'open controls assigned to you'} to={linkTo(item.project_id, { is_assigned_to_me: 'true', status: OPEN })} />
        <Count count={item.controls_to_review} icon={<RateReviewOutlinedIcon fontSize="small" />} text="to review" to={linkTo(item.project_id, { is_assigned_to_me_for_review: 'true', status: OPEN })} />
        <Count count={item.needs_attention} icon={<FlagOutlinedIcon fontSize="small" />} text={item.needs_attention === 1 ? 'needs attention' : 'need attention'} to={linkTo(item.project_id, { is_assigned_to_me: 'true', needs_attention: 'true' })} />
      </Box>
    </Box>
  );
}

/** The home screen's "My work": per project, the open controls assigned to the user, those they review, those flagged. */
export function MyWorkCard() {
  const work = useMyWork();
  const items = (work.data ?? []).filter((item) => item.controls_assigned + item.controls_to_review + item.needs_attention > 0);
  return (
    <Paper variant="outlined" component="section" aria-labelledby="my-work-title" sx={{ p: { xs: 2, sm: 3 }, mb: 3 }}>
      <Typography id="my-work-title" component="h2" variant="h6" sx={{ mb: 1 }}>
        My work
      </Typography>
      {work.isPending && <LinearProgress aria-label="Loading your work" />}
      {work.isError && <RetryAlert onRetry={() => void work.refetch()}>Your work could not be loaded.</RetryAlert>}
      {work.isSuccess && items.length === 0 && <Typography color="text.secondary">Nothing is assigned to you right now. Controls you are named on, to do or to review, show here.</Typography>}
      {items.length > 0 && (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
          {items.map((item) => (
            <ProjectWork key={item.project_id} item={item} />
          ))}
        </Box>
      )}
    </Paper>
  );
}
