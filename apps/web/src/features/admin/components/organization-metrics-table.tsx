import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { OrganizationMetrics } from '@aegis/contracts';
import { ActionsHeaderCell, SortableHeaderCell, type ListSort } from '../../../components/table-header-cells';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatCount, formatDate, formatDateTime } from '../../../lib/format';
import type { MetricsSortField } from '../api/list-organization-metrics';

export type MetricsSort = ListSort<MetricsSortField>;

type Props = {
  organizations: OrganizationMetrics[];
  /** The signed-in user's organization: the server refuses to delete it. */
  currentOrganizationId: string | undefined;
  sort: MetricsSort;
  onSort: (sort: MetricsSort) => void;
  onEdit: (organization: OrganizationMetrics) => void;
  onDelete: (organization: OrganizationMetrics) => void;
  labelledBy: string;
};

/**
 * The plan quota caps each project type on its own (spec section 5), so the type closer to it is the
 * one shown against it.
 */
function QuotaCell({ organization }: { organization: OrganizationMetrics }) {
  const allowed = organization.plan_quota.projects;
  if (allowed === null) return <TableCell>Unlimited</TableCell>;
  const { projects_ai_application: ai, projects_organization: org } = organization;
  const used = Math.max(ai, org);
  const full = used >= allowed;
  return (
    <TableCell title={`AI application: ${ai} of ${allowed} · Organization: ${org} of ${allowed}`}>
      <Typography component="span" color={full ? 'warning.main' : undefined} sx={{ fontWeight: full ? 600 : undefined }}>
        {`${formatCount(used)} / ${formatCount(allowed)}`}
      </Typography>
      <Box component="span" sx={visuallyHidden}>
        {` (AI application ${ai}, organization ${org}, of ${allowed} allowed each${full ? ': quota reached' : ''})`}
      </Box>
    </TableCell>
  );
}

export function OrganizationMetricsTable({ organizations, currentOrganizationId, sort, onSort, onEdit, onDelete, labelledBy }: Props) {
  return (
    <TableContainer>
      <Table aria-labelledby={labelledBy}>
        <TableHead>
          {/* Projects spans its two types; it sorts by their sum, as the API does. */}
          <TableRow>
            <SortableHeaderCell label="Name" field="name" sort={sort} onSort={onSort} rowSpan={2} />
            <SortableHeaderCell label="Users" field="users" sort={sort} onSort={onSort} rowSpan={2} />
            <TableCell rowSpan={2}>Pending invitations</TableCell>
            <SortableHeaderCell label="Projects" field="projects" sort={sort} onSort={onSort} colSpan={2} align="center" />
            <TableCell rowSpan={2}>Plan quota</TableCell>
            <TableCell rowSpan={2}>Frameworks</TableCell>
            <SortableHeaderCell label="Last activity" field="last_activity_at" sort={sort} onSort={onSort} rowSpan={2} />
            <SortableHeaderCell label="Created" field="created_at" sort={sort} onSort={onSort} rowSpan={2} />
            <ActionsHeaderCell rowSpan={2} />
          </TableRow>
          <TableRow>
            <TableCell>AI application</TableCell>
            <TableCell>Organization</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {organizations.map((organization) => {
            const isCurrent = organization.organization_id === currentOrganizationId;
            return (
              <TableRow key={organization.organization_id} hover>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {organization.name}
                  {isCurrent && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' (yours)'}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>{formatCount(organization.users)}</TableCell>
                <TableCell>{formatCount(organization.pending_invitations)}</TableCell>
                <TableCell>{formatCount(organization.projects_ai_application)}</TableCell>
                <TableCell>{formatCount(organization.projects_organization)}</TableCell>
                <QuotaCell organization={organization} />
                <TableCell title={`${organization.frameworks_enabled} usable, of which ${organization.templates} of its own`}>
                  {formatCount(organization.frameworks_enabled)}
                  {organization.templates > 0 && ` (${formatCount(organization.templates)} own)`}
                </TableCell>
                <TableCell>{organization.last_activity_at ? formatDateTime(organization.last_activity_at) : 'No activity yet'}</TableCell>
                <TableCell>{formatDate(organization.created_at)}</TableCell>
                <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                  <IconButton aria-label={`Edit ${organization.name}`} onClick={() => onEdit(organization)}>
                    <EditOutlinedIcon />
                  </IconButton>
                  {isCurrent ? (
                    <Tooltip title="You cannot delete the organization you are signed in to">
                      <span>
                        <IconButton aria-label={`Delete ${organization.name} (not possible: you are signed in to it)`} disabled>
                          <DeleteOutlinedIcon />
                        </IconButton>
                      </span>
                    </Tooltip>
                  ) : (
                    <IconButton aria-label={`Delete ${organization.name}`} onClick={() => onDelete(organization)}>
                      <DeleteOutlinedIcon />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
