import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AssetCardDetail, Project } from '@aegis/contracts';
import { PageProgress } from '../../../components/page-progress';
import { RetryAlert } from '../../../components/retry-alert';
import { StatusHistorySection } from '../../../components/status-history-section';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/errors';
import { useAssetCard } from '../api/asset-cards-api';
import { useOrganizationTags } from '../api/asset-options-api';
import { assetsPath } from '../asset-paths';
import { AssetBreadcrumbs } from '../components/asset-breadcrumbs';
import { AssetDetailsSection } from '../components/asset-details-section';
import { AssetHeader } from '../components/asset-header';
import { AssetLineageSection } from '../components/asset-lineage-section';
import { AssetLinksSection } from '../components/asset-links-section';
import { AssetPeopleSection } from '../components/asset-people-section';
import { CardContentSection } from '../components/card-content-section';
import { CardFileSection } from '../components/card-file-section';

type Props = {
  project: Project;
  assetId: string;
  /** What other features add beside the card, composed by the route: its review, its comments, its activity. */
  review?: (card: AssetCardDetail) => ReactNode;
  discussion?: (card: AssetCardDetail) => ReactNode;
  activity?: (card: AssetCardDetail) => ReactNode;
};

function NotFound({ projectId }: { projectId: string }) {
  return (
    <Box role="alert" sx={{ py: 4 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Asset card not found
      </Typography>
      <Typography sx={{ mb: 2 }}>This project has no such card. It may have been deleted.</Typography>
      <Link component={RouterLink} to={assetsPath(projectId)}>
        Go to the project’s assets
      </Link>
    </Box>
  );
}

/**
 * project-asset-detail: one asset card — its key facts and sections for its type (with what to write
 * in each), what it is built from and what is built from it, the controls, risks and evidence it relates
 * to, who documents and reviews it, its status and record; downloadable as a Hugging Face card or JSON.
 * Read-only for readers and while approved.
 */
export function AssetCardDetailScreen({ project, assetId, review, discussion, activity }: Props) {
  const query = useAssetCard(project.id, assetId);
  usePageTitle(query.data?.name ?? 'Asset card', project.name);
  const tags = useOrganizationTags(project.organization_id);
  const can = (right: Project['rights'][number]) => project.rights.includes(right);
  const canUpdate = can('asset_cards:update');

  let body: ReactNode;
  if (query.isPending) body = <PageProgress label="Loading the card…" />;
  else if (query.isError && !query.data) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422);
    body = missing ? <NotFound projectId={project.id} /> : <RetryAlert onRetry={() => void query.refetch()}>The card could not be loaded.</RetryAlert>;
  } else {
    const card = query.data!;
    body = (
      <Box component="article" aria-labelledby="asset-title">
        <AssetHeader projectId={project.id} card={card} canUpdate={canUpdate} canDownload={can('asset_cards:download')} />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            {review?.(card)}
            <CardContentSection projectId={project.id} card={card} canUpdate={canUpdate} />
            <CardFileSection card={card} />
            <AssetLineageSection projectId={project.id} card={card} canUpdate={canUpdate} />
            <AssetLinksSection projectId={project.id} card={card} canUpdate={canUpdate} reads={{ controls: can('controls:read'), risks: can('risks:read'), evidence: can('evidences:read') }} />
            {discussion?.(card)}
          </Stack>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <AssetDetailsSection projectId={project.id} card={card} tags={tags.data ?? []} canUpdate={canUpdate} />
            <AssetPeopleSection projectId={project.id} card={card} canAssign={can('asset_cards:assignee_update')} />
            <StatusHistorySection id="asset-status-history" history={card.status_history} emptyText="Ready since it was added; no change yet." />
            {activity?.(card)}
          </Stack>
        </Box>
      </Box>
    );
  }

  return (
    <Box>
      <AssetBreadcrumbs projectId={project.id} label={query.data?.name ?? 'Asset card'} />
      {body}
    </Box>
  );
}
