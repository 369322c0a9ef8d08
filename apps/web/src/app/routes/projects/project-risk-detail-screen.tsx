import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { CommentThread } from '../../../features/comments/components/comment-thread';
import { LinkedEvidenceSection } from '../../../features/evidence/components/linked-evidence-section';
import { ActivityList } from '../../../features/logs/components/activity-list';
import { useFramedProject } from '../../../features/projects/project-outlet';
import { ReviewPanel } from '../../../features/reviews/components/review-panel';
import { RiskDetailScreen } from '../../../features/risks/screens/risk-detail-screen';

/** project-risk-detail: a risk, with its review (concept `risk`), the evidence of its treatment, its comment thread and its activity beside it. */
export function ProjectRiskDetailScreen() {
  const project = useFramedProject();
  const riskId = useParams().riskId ?? '';
  const can = (right: (typeof project.rights)[number]) => project.rights.includes(right);
  return (
    <RiskDetailScreen
      // A new screen per risk: nothing typed about one is left on the next.
      key={riskId}
      project={project}
      riskId={riskId}
      review={(risk) =>
        can('reviews:read') && (
          <ReviewPanel projectId={project.id} concept="risk" objectId={risk.id} objectName={risk.reference} objectStatus={risk.status} rights={project.rights} suggestedReviewers={risk.reviewers} />
        )
      }
      discussion={(risk) => (
        <>
          {can('evidences:read') && <LinkedEvidenceSection projectId={project.id} target={{ kind: 'risk', id: risk.id, reference: risk.reference, status: risk.status }} rights={project.rights} />}
          {can('comments:read') && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <CommentThread projectId={project.id} objectType="risk" objectId={risk.id} canComment={can('comments:create')} />
            </Paper>
          )}
        </>
      )}
      activity={(risk) =>
        can('logs:read') && (
          <Paper variant="outlined" component="section" aria-labelledby="risk-activity-title" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="risk-activity-title" variant="h6" component="h3" gutterBottom>
              Activity
            </Typography>
            <ActivityList projectId={project.id} objectId={risk.id} />
          </Paper>
        )
      }
    />
  );
}

export default ProjectRiskDetailScreen;
