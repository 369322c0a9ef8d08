import { useState } from 'react';
import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import FileDownloadOutlinedIcon from '@mui/icons-material/FileDownloadOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useLocation } from 'react-router';
import type { EvidenceListItem, Project } from '@aegis/contracts';
import { PagedList } from '../../../components/paged-list';
import { SectionHeading } from '../../../components/section-heading';
import { useUrlSearchText } from '../../../components/use-url-search-text';
import { useDownloadEvidenceIndex } from '../api/download-evidence-index';
import { useEvidenceList } from '../api/evidence-api';
import { useDownloadEvidence } from '../api/use-evidence-files';
import { DeleteEvidenceDialog } from '../components/delete-evidence-dialog';
import { EvidenceFilterBar } from '../components/evidence-filter-bar';
import { EvidencePreviewDialog, type PreviewTarget } from '../components/evidence-preview-dialog';
import { EvidenceTable, type EvidenceListSort } from '../components/evidence-table';
import { UploadEvidenceDialog } from '../components/upload-evidence-dialog';
import { hasEvidenceFilters } from '../evidence-list-params';
import { useEvidenceListParams } from '../use-evidence-list-params';

/**
 * project-evidence: the project's evidence — every filter of spec section 3 in the URL (the name
 * search reads the files' text too, the matching passage shown), file-type chips with counts, sorting,
 * upload by drag and drop, preview, download, delete and the CSV index with every version's hash.
 */
export function EvidenceScreen({ project }: { project: Project }) {
  const location = useLocation();
  const { params, change, clear } = useEvidenceListParams();
  const searchBox = useUrlSearchText();
  const list = useEvidenceList(project.id, params);
  const download = useDownloadEvidence(project.id);
  const exportIndex = useDownloadEvidenceIndex(project.id);
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState<PreviewTarget | null>(null);
  const [deleting, setDeleting] = useState<EvidenceListItem | null>(null);
  const can = (right: Project['rights'][number]) => project.rights.includes(right);
  const canUpload = can('evidences:upload');
  const filtered = hasEvidenceFilters(params);
  // Without a sort the server lists the newest upload first: the Uploaded column says so.
  const sort: EvidenceListSort = { by: params.sortBy ?? 'uploaded_at', descending: params.sortBy ? params.descending : true };
  const back = { label: 'Evidence', pathname: location.pathname, search: location.search };

  const uploadButton = (label: string) =>
    canUpload && (
      <Button variant="contained" startIcon={<CloudUploadIcon />} onClick={() => setUploading(true)}>
        {label}
      </Button>
    );

  const total = list.data?.total;
  return (
    <Box component="section" aria-labelledby="evidence-title">
      <SectionHeading
        id="evidence-title"
        level={2}
        title="Evidence"
        description="The files that prove the controls and the treatment of risks: policies, test reports, model cards, screenshots, logs. Each is kept with its SHA-256 hash."
        action={
          <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
            <Button variant="outlined" startIcon={<FileDownloadOutlinedIcon />} loading={exportIndex.isPending} onClick={() => exportIndex.mutate()}>
              Export index
            </Button>
            {uploadButton('Upload evidence')}
          </Stack>
        }
      />
      <EvidenceFilterBar
        projectId={project.id}
        params={params}
        search={searchBox.text}
        onSearch={searchBox.setText}
        onChange={change}
        onClear={filtered ? clear : undefined}
        canReadControls={can('controls:read')}
        canReadRisks={can('risks:read')}
      />
      <Typography role="status" variant="body2" color="text.secondary" sx={{ mb: 1, minHeight: '1.5em' }}>
        {total === undefined ? '' : `${total} ${total === 1 ? 'file' : 'files'}${filtered ? (total === 1 ? ' matches the filters' : ' match the filters') : ''}`}
      </Typography>
      <PagedList
        query={list}
        paging={{ page: params.page, size: params.size, setPaging: (page, size) => change({ page, size }) }}
        loadingLabel="Loading the evidence"
        errorText="The evidence could not be loaded."
        empty={
          filtered ? (
            <Stack spacing={1} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
              <Typography>No evidence matches these filters.</Typography>
              <Button onClick={clear}>Clear filters</Button>
            </Stack>
          ) : (
            <Stack spacing={1.5} sx={{ p: 4, alignItems: 'center', textAlign: 'center' }}>
              <Typography color="text.secondary">
                No evidence yet. Upload the files that show the controls work — policies, test reports, model cards, screenshots, logs — and link them to controls and risks.
              </Typography>
              {uploadButton('Upload the first files')}
            </Stack>
          )
        }
      >
        {(items) => (
          <EvidenceTable
            projectId={project.id}
            items={items}
            sort={sort}
            onSort={(next) => change({ sortBy: next.by, descending: next.descending })}
            back={back}
            labelledBy="evidence-title"
            canDownload={can('evidences:download')}
            canDelete={can('evidences:delete')}
            onPreview={({ id, name, file_type, file_name }) => setPreviewing({ id, name, file_type, file_name })}
            onDownload={(evidence) => download.mutate({ evidenceId: evidence.id, fallbackName: evidence.file_name })}
            onDelete={setDeleting}
          />
        )}
      </PagedList>
      {canUpload && <UploadEvidenceDialog projectId={project.id} open={uploading} onClose={() => setUploading(false)} />}
      <EvidencePreviewDialog projectId={project.id} target={previewing} onClose={() => setPreviewing(null)} />
      <DeleteEvidenceDialog projectId={project.id} evidence={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}
