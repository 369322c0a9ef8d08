import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import type { OrganizationMetrics } from '@aegis/contracts';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatCount, formatDate, formatDateTime } from '../../../lib/format';
import type { MetricsSortField } from '../api/list-organization-metrics';

export type MetricsSort = { by: MetricsSortField; descending: boolean };

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
  const sortable = (label: string, field: MetricsSortField, extra: { colSpan?: number; rowSpan?: number; align?: 'center' } = {}) => {
    const active = sort.by === field;
    const direction = active && sort.descending ? 'desc' : 'asc';
    return (
      <TableCell {...extra} sortDirection={active ? direction : false}>
        <TableSortLabel active={active} direction={direction} onClick={() => onSort({ by: field, descending: active ? !sort.descending : false })}>
          {label}
          {active && (
            <Box component="span" sx={visuallyHidden}>
              {sort.descending ? ', sorted descending' : ', sorted ascending'}
            </Box>
          )}
        </TableSortLabel>
      </TableCell>
    );
  };

  return (
    <TableContainer>
      <Table aria-labelledby={labelledBy}>
        <TableHead>
          {/* Projects spans its two types; it sorts by their sum, as the API does. */}
          <TableRow>
            {sortable('Name', 'name', { rowSpan: 2 })}
            {sortable('Users', 'users', { rowSpan: 2 })}
            <TableCell rowSpan={2}>Pending invitations</TableCell>
            {sortable('Projects', 'projects', { colSpan: 2, align: 'center' })}
            <TableCell rowSpan={2}>Plan quota</TableCell>
            {sortable('Last activity', 'last_activity_at', { rowSpan: 2 })}
            {sortable('Created', 'created_at', { rowSpan: 2 })}
            <TableCell rowSpan={2} align="right">
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
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
