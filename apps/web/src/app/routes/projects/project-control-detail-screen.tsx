import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { CommentThread } from '../../../features/comments/components/comment-thread';
import { ControlDetailScreen } from '../../../features/controls/screens/control-detail-screen';
import { EvidenceSuggestionsPanel } from '../../../features/evidence/components/evidence-suggestions-panel';
import { LinkedEvidenceSection } from '../../../features/evidence/components/linked-evidence-section';
import { ActivityList } from '../../../features/logs/components/activity-list';
import { useFramedProject } from '../../../features/projects/project-outlet';
import { ReviewPanel } from '../../../features/reviews/components/review-panel';
import { ControlRisksSection } from '../../../features/risks/components/control-risks-section';
import { ControlTestsSection } from '../../../features/testing/components/control-tests-section';

/**
 * project-control-detail: a control, with its review, its evidence and the evidence suggested for it,
 * its comment thread, the risks it mitigates, the tests proving it and its activity beside it.
 */
export function ProjectControlDetailScreen() {
  const project = useFramedProject();
  const controlCode = useParams().controlCode ?? '';
  const can = (right: (typeof project.rights)[number]) => project.rights.includes(right);
  return (
    <ControlDetailScreen
      // A new screen per control: nothing typed about one is left on the next.
      key={controlCode}
      project={project}
      controlCode={controlCode}
      review={(control) =>
        can('reviews:read') && (
          <ReviewPanel projectId={project.id} concept="control" objectId={control.id} objectName={control.control_code} objectStatus={control.status} rights={project.rights} suggestedReviewers={control.reviewers} />
        )
      }
      discussion={(control) => (
        <>
          {can('evidences:read') && (
            <>
              <LinkedEvidenceSection projectId={project.id} target={{ kind: 'control', code: control.control_code, id: control.id, status: control.status }} rights={project.rights} />
              <EvidenceSuggestionsPanel projectId={project.id} controlCode={control.control_code} rights={project.rights} controlStatus={control.status} />
            </>
          )}
          {can('comments:read') && (
            <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
              <CommentThread projectId={project.id} objectType="control" objectId={control.id} canComment={can('comments:create')} />
            </Paper>
          )}
        </>
      )}
      activity={(control) => (
        <>
          {can('risks_controls:read') && <ControlRisksSection projectId={project.id} controlCode={control.control_code} />}
          {can('testing_test:read') && can('testing_controls:read') && <ControlTestsSection projectId={project.id} controlId={control.id} />}
          {can('logs:read') && (
            <Paper variant="outlined" component="section" aria-labelledby="control-activity-title" sx={{ p: { xs: 2, sm: 3 } }}>
              <Typography id="control-activity-title" variant="h6" component="h3" gutterBottom>
                Activity
              </Typography>
              <ActivityList projectId={project.id} objectId={control.id} />
            </Paper>
          )}
        </>
      )}
    />
  );
}

export default ProjectControlDetailScreen;
