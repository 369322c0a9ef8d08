import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import DownloadIcon from '@mui/icons-material/Download';
import VisibilityIcon from '@mui/icons-material/Visibility';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { EvidenceListItem, EvidenceSort } from '@aegis/contracts';
import { StatusChip } from '../../../components/status-chip';
import { ActionsHeaderCell, SortableHeaderCell, type ListSort } from '../../../components/table-header-cells';
import { formatDate, formatFileSize } from '../../../lib/format';
import { controlDetailPath, riskDetailPath, type BackLinkState } from '../../../lib/project-paths';
import { evidenceDetailPath } from '../evidence-paths';
import { EvidenceFileChip } from './evidence-file-chip';
import { EvidenceSnippet } from './evidence-snippet';
import { canPreview } from './evidence-preview-dialog';
import { ExpiryBadge } from './expiry-badge';
import { TextStatusHint } from './text-status-hint';

export type EvidenceListSort = ListSort<EvidenceSort>;

type Props = {
  projectId: string;
  items: EvidenceListItem[];
  sort: EvidenceListSort;
  onSort: (sort: EvidenceListSort) => void;
  /** Where an evidence's page leads back to: this list with its filters. */
  back: NonNullable<BackLinkState['back']>;
  labelledBy: string;
  canDownload: boolean;
  canDelete: boolean;
  onPreview: (evidence: EvidenceListItem) => void;
  onDownload: (evidence: EvidenceListItem) => void;
  onDelete: (evidence: EvidenceListItem) => void;
};

const HEADERS: { label: string; field?: EvidenceSort; width?: number }[] = [
  { label: 'Evidence', field: 'name' },
  { label: 'Status', field: 'status', width: 130 },
  { label: 'Type', field: 'file_type', width: 150 },
  { label: 'Size', field: 'size', width: 96 },
  { label: 'Effective', field: 'effective_date', width: 112 },
  { label: 'Expires', field: 'expires_on', width: 150 },
  { label: 'Linked to', width: 170 },
  { label: 'Uploaded', field: 'uploaded_at', width: 140 },
];
const ACTIONS_WIDTH = 136;
const MIN_TABLE_WIDTH = HEADERS.reduce((sum, { width }) => sum + (width ?? 280), ACTIONS_WIDTH);
const SHOWN_LINKS = 3;

function LinkedTo({ projectId, evidence }: { projectId: string; evidence: EvidenceListItem }) {
  const links = [
    ...evidence.controls.map((control) => ({ key: control.id, label: control.control_code, title: control.title, to: controlDetailPath(projectId, control.control_code) })),
    ...evidence.risks.map((risk) => ({ key: risk.id, label: risk.reference, title: risk.name, to: riskDetailPath(projectId, risk.id) })),
  ];
  if (links.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        Nothing yet
      </Typography>
    );
  }
  const more = links.length - SHOWN_LINKS;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
      {links.slice(0, SHOWN_LINKS).map((link) => (
        <Tooltip key={link.key} title={link.title}>
          <Chip size="small" component={RouterLink} to={link.to} clickable label={link.label} aria-label={`${link.label} ${link.title}`} />
        </Tooltip>
      ))}
      {more > 0 && <Chip size="small" variant="outlined" label={`+${more}`} aria-label={`and ${more} more`} />}
    </Box>
  );
}

/** The project's evidence, one row per file: what it is, its status, kind, size, validity, what it is linked to, and what can be done with it. */
export function EvidenceTable({ projectId, items, sort, onSort, back, labelledBy, canDownload, canDelete, onPreview, onDownload, onDelete }: Props) {
  return (
    <TableContainer>
      <Table aria-labelledby={labelledBy} size="small" sx={{ minWidth: MIN_TABLE_WIDTH, tableLayout: 'fixed', '& td, & th': { verticalAlign: 'top', px: 1 } }}>
        <TableHead>
          <TableRow>
            {HEADERS.map(({ label, field, width }) =>
              field ? (
                <SortableHeaderCell key={label} label={label} field={field} sort={sort} onSort={onSort} sx={{ width }} />
              ) : (
                <TableCell key={label} sx={{ width }}>
                  {label}
                </TableCell>
              ),
            )}
            <ActionsHeaderCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((evidence) => (
            <TableRow key={evidence.id} hover>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={evidenceDetailPath(projectId, evidence.id)} state={{ back } satisfies BackLinkState} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                  {evidence.name}
                </Link>
                {evidence.file_name !== evidence.name && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {evidence.file_name}
                    {evidence.version > 1 ? ` · version ${evidence.version}` : ''}
                  </Typography>
                )}
                {evidence.file_name === evidence.name && evidence.version > 1 && (
                  <Typography variant="body2" color="text.secondary">
                    Version {evidence.version}
                  </Typography>
                )}
                {evidence.snippet && <EvidenceSnippet snippet={evidence.snippet} />}
                <TextStatusHint status={evidence.text_status} />
              </TableCell>
              <TableCell>
                <StatusChip status={evidence.status} />
              </TableCell>
              <TableCell>
                <EvidenceFileChip fileType={evidence.file_type} />
              </TableCell>
              <TableCell>
                <Typography variant="body2" sx={{ whiteSpace: 'nowrap' }}>
                  {formatFileSize(evidence.size)}
                </Typography>
              </TableCell>
              <TableCell>
                <Typography variant="body2">{formatDate(evidence.effective_date)}</Typography>
              </TableCell>
              <TableCell>
                <Stack spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  <Typography variant="body2" color={evidence.expires_on ? undefined : 'text.secondary'}>
                    {evidence.expires_on ? formatDate(evidence.expires_on) : 'No expiry'}
                  </Typography>
                  <ExpiryBadge evidence={evidence} />
                </Stack>
              </TableCell>
              <TableCell>
                <LinkedTo projectId={projectId} evidence={evidence} />
              </TableCell>
              <TableCell>
                <Typography variant="body2">{formatDate(evidence.uploaded_at)}</Typography>
                {evidence.uploaded_by && (
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    {evidence.uploaded_by.name}
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                {canDownload && canPreview(evidence.file_type) && (
                  <Tooltip title="Preview">
                    <IconButton aria-label={`Preview ${evidence.name}`} onClick={() => onPreview(evidence)}>
                      <VisibilityIcon />
                    </IconButton>
                  </Tooltip>
                )}
                {canDownload && (
                  <Tooltip title="Download">
                    <IconButton aria-label={`Download ${evidence.name}`} onClick={() => onDownload(evidence)}>
                      <DownloadIcon />
                    </IconButton>
                  </Tooltip>
                )}
                {canDelete && (
                  <Tooltip title="Delete">
                    <IconButton aria-label={`Delete ${evidence.name}`} onClick={() => onDelete(evidence)}>
                      <DeleteOutlineIcon />
                    </IconButton>
                  </Tooltip>
                )}
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
