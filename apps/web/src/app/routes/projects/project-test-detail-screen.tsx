import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { CommentThread } from '../../../features/comments/components/comment-thread';
import { ActivityList } from '../../../features/logs/components/activity-list';
import { useFramedProject } from '../../../features/projects/project-outlet';
import { ReviewPanel } from '../../../features/reviews/components/review-panel';
import { TestDetailScreen } from '../../../features/testing/screens/test-detail-screen';

/** project-test-detail: a test, with its review (concept `test`), its comment thread and its activity beside it. */
export function ProjectTestDetailScreen() {
  const project = useFramedProject();
  const testId = useParams().testId ?? '';
  const can = (right: (typeof project.rights)[number]) => project.rights.includes(right);
  return (
    <TestDetailScreen
      // A new screen per test: nothing typed about one is left on the next.
      key={testId}
      project={project}
      testId={testId}
      review={(test) =>
        can('reviews:read') && (
          <ReviewPanel projectId={project.id} concept="test" objectId={test.id} objectName={test.reference} objectStatus={test.status} rights={project.rights} suggestedReviewers={test.reviewers} />
        )
      }
      discussion={(test) =>
        can('comments:read') && (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <CommentThread projectId={project.id} objectType="test" objectId={test.id} canComment={can('comments:create')} />
          </Paper>
        )
      }
      activity={(test) =>
        can('logs:read') && (
          <Paper variant="outlined" component="section" aria-labelledby="test-activity-title" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="test-activity-title" variant="h6" component="h3" gutterBottom>
              Activity
            </Typography>
            <ActivityList projectId={project.id} objectId={test.id} />
          </Paper>
        )
      }
    />
  );
}

export default ProjectTestDetailScreen;
