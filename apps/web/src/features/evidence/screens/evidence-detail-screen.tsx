import { useState, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { EvidenceDetail, Project } from '@aegis/contracts';
import { PageProgress } from '../../../components/page-progress';
import { RetryAlert } from '../../../components/retry-alert';
import { StatusHistorySection } from '../../../components/status-history-section';
import { usePageTitle } from '../../../components/use-page-title';
import { ApiError } from '../../../lib/errors';
import { useEvidence } from '../api/evidence-api';
import { useOrganizationTags } from '../api/evidence-options-api';
import { useDownloadEvidence } from '../api/use-evidence-files';
import { DeleteEvidenceDialog } from '../components/delete-evidence-dialog';
import { EvidenceBreadcrumbs } from '../components/evidence-breadcrumbs';
import { EvidenceDetailsSection } from '../components/evidence-details-section';
import { EvidenceHeader } from '../components/evidence-header';
import { EvidenceLinksSection } from '../components/evidence-links-section';
import { EvidencePeopleSection } from '../components/evidence-people-section';
import { EvidencePreviewDialog, type PreviewTarget } from '../components/evidence-preview-dialog';
import { EvidenceVersionsSection } from '../components/evidence-versions-section';
import { evidencePath } from '../evidence-paths';

type Props = {
  project: Project;
  evidenceId: string;
  /** What other features add beside the evidence, composed by the route: its review, its comments, its activity. */
  review?: (evidence: EvidenceDetail) => ReactNode;
  discussion?: (evidence: EvidenceDetail) => ReactNode;
  activity?: (evidence: EvidenceDetail) => ReactNode;
};

function NotFound({ projectId }: { projectId: string }) {
  return (
    <Box role="alert" sx={{ py: 4 }}>
      <Typography variant="h5" component="h2" gutterBottom>
        Evidence not found
      </Typography>
      <Typography sx={{ mb: 2 }}>This project has no such evidence. It may have been deleted.</Typography>
      <Link component={RouterLink} to={evidencePath(projectId)}>
        Go to the project’s evidence
      </Link>
    </Box>
  );
}

/**
 * project-evidence-detail: one evidence — its file and hash, every version with its own, what it
 * proves (controls and risks), who owns and reviews it, its status and record. Read-only for readers
 * and while approved; its file cannot be replaced or deleted while an approved control holds it.
 */
export function EvidenceDetailScreen({ project, evidenceId, review, discussion, activity }: Props) {
  const query = useEvidence(project.id, evidenceId);
  usePageTitle(query.data?.name ?? 'Evidence', project.name);
  const tags = useOrganizationTags(project.organization_id);
  const download = useDownloadEvidence(project.id);
  const navigate = useNavigate();
  const [previewing, setPreviewing] = useState<PreviewTarget | null>(null);
  const [deleting, setDeleting] = useState(false);
  const can = (right: Project['rights'][number]) => project.rights.includes(right);
  const canUpdate = can('evidences:update');

  let body: ReactNode;
  if (query.isPending) body = <PageProgress label="Loading the evidence…" />;
  else if (query.isError && !query.data) {
    const missing = query.error instanceof ApiError && (query.error.status === 404 || query.error.status === 422);
    body = missing ? <NotFound projectId={project.id} /> : <RetryAlert onRetry={() => void query.refetch()}>The evidence could not be loaded.</RetryAlert>;
  } else {
    const evidence = query.data!;
    const current = { id: evidence.id, name: evidence.name, file_type: evidence.file_type, file_name: evidence.file_name };
    body = (
      <Box component="article" aria-labelledby="evidence-title">
        <EvidenceHeader
          projectId={project.id}
          evidence={evidence}
          canUpdate={canUpdate}
          canDownload={can('evidences:download')}
          canDelete={can('evidences:delete')}
          onPreview={() => setPreviewing(current)}
          onDownload={() => download.mutate({ evidenceId: evidence.id, fallbackName: evidence.file_name })}
          downloading={download.isPending && download.variables.version === undefined}
          onDelete={() => setDeleting(true)}
        />
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 2fr) minmax(0, 1fr)' }, alignItems: 'start' }}>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            {review?.(evidence)}
            <EvidenceVersionsSection
              projectId={project.id}
              evidence={evidence}
              canUpload={can('evidences:upload')}
              canDownload={can('evidences:download')}
              onDownload={(version) => download.mutate({ evidenceId: evidence.id, version: version.version, fallbackName: version.file_name })}
              onPreview={(version) => setPreviewing({ id: evidence.id, name: evidence.name, file_type: version.file_type, file_name: version.file_name, version: version.version })}
            />
            <EvidenceLinksSection projectId={project.id} evidence={evidence} canUpdate={canUpdate} canReadControls={can('controls:read')} canReadRisks={can('risks:read')} />
            {discussion?.(evidence)}
          </Stack>
          <Stack spacing={3} sx={{ minWidth: 0 }}>
            <EvidenceDetailsSection projectId={project.id} evidence={evidence} tags={tags.data ?? []} canUpdate={canUpdate} />
            <EvidencePeopleSection projectId={project.id} evidence={evidence} canAssign={canUpdate} />
            <StatusHistorySection id="evidence-status-history" history={evidence.status_history} emptyText="Ready since it was uploaded; no change yet." />
            {activity?.(evidence)}
          </Stack>
        </Box>
        <EvidencePreviewDialog projectId={project.id} target={previewing} onClose={() => setPreviewing(null)} />
        <DeleteEvidenceDialog
          projectId={project.id}
          evidence={deleting ? { id: evidence.id, name: evidence.name, version: evidence.version } : null}
          onClose={() => setDeleting(false)}
          onDeleted={() => void navigate(evidencePath(project.id))}
        />
      </Box>
    );
  }

  return (
    <Box>
      <EvidenceBreadcrumbs projectId={project.id} label={query.data?.name ?? 'Evidence'} />
      {body}
    </Box>
  );
}
