import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { CommentThread } from '../../../features/comments/components/comment-thread';
import { EvidenceDetailScreen } from '../../../features/evidence/screens/evidence-detail-screen';
import { ActivityList } from '../../../features/logs/components/activity-list';
import { useFramedProject } from '../../../features/projects/project-outlet';
import { ReviewPanel } from '../../../features/reviews/components/review-panel';

/** project-evidence-detail: an evidence, with its review (concept `evidence`), its comment thread and its activity beside it. */
export function ProjectEvidenceDetailScreen() {
  const project = useFramedProject();
  const evidenceId = useParams().evidenceId ?? '';
  const can = (right: (typeof project.rights)[number]) => project.rights.includes(right);
  return (
    <EvidenceDetailScreen
      // A new screen per evidence: nothing typed about one is left on the next.
      key={evidenceId}
      project={project}
      evidenceId={evidenceId}
      review={(evidence) =>
        can('reviews:read') && (
          <ReviewPanel projectId={project.id} concept="evidence" objectId={evidence.id} objectName={evidence.name} objectStatus={evidence.status} rights={project.rights} suggestedReviewers={evidence.reviewers} />
        )
      }
      discussion={(evidence) =>
        can('comments:read') && (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <CommentThread projectId={project.id} objectType="evidence" objectId={evidence.id} canComment={can('comments:create')} />
          </Paper>
        )
      }
      activity={(evidence) =>
        can('logs:read') && (
          <Paper variant="outlined" component="section" aria-labelledby="evidence-activity-title" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="evidence-activity-title" variant="h6" component="h3" gutterBottom>
              Activity
            </Typography>
            <ActivityList projectId={project.id} objectId={evidence.id} />
          </Paper>
        )
      }
    />
  );
}

export default ProjectEvidenceDetailScreen;
