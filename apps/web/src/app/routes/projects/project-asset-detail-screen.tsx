import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import { AssetCardDetailScreen } from '../../../features/asset-cards/screens/asset-card-detail-screen';
import { CommentThread } from '../../../features/comments/components/comment-thread';
import { ActivityList } from '../../../features/logs/components/activity-list';
import { useFramedProject } from '../../../features/projects/project-outlet';
import { ReviewPanel } from '../../../features/reviews/components/review-panel';

/** project-asset-detail: an asset card, with its review (concept `asset_card`), its comment thread and its activity beside it. */
export function ProjectAssetDetailScreen() {
  const project = useFramedProject();
  const assetId = useParams().assetId ?? '';
  const can = (right: (typeof project.rights)[number]) => project.rights.includes(right);
  return (
    <AssetCardDetailScreen
      // A new screen per card: nothing typed about one is left on the next.
      key={assetId}
      project={project}
      assetId={assetId}
      review={(card) =>
        can('reviews:read') && (
          <ReviewPanel projectId={project.id} concept="asset_card" objectId={card.id} objectName={card.name} objectStatus={card.status} rights={project.rights} suggestedReviewers={card.reviewers} />
        )
      }
      discussion={(card) =>
        can('comments:read') && (
          <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
            <CommentThread projectId={project.id} objectType="asset_card" objectId={card.id} canComment={can('comments:create')} />
          </Paper>
        )
      }
      activity={(card) =>
        can('logs:read') && (
          <Paper variant="outlined" component="section" aria-labelledby="asset-activity-title" sx={{ p: { xs: 2, sm: 3 } }}>
            <Typography id="asset-activity-title" variant="h6" component="h3" gutterBottom>
              Activity
            </Typography>
            <ActivityList projectId={project.id} objectId={card.id} />
          </Paper>
        )
      }
    />
  );
}

export default ProjectAssetDetailScreen;
