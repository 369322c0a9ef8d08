import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import { DEFAULT_PAGE_SIZE, type OrganizationMetrics } from '@aegis/contracts';
import { ListPagination } from '../../../components/list-pagination';
import { useDebounced } from '../../../components/use-debounced';
import { notifySuccess } from '../../../lib/notifier';
import { useCurrentUser } from '../../users/api/get-current-user';
import type { CreatedOrganization } from '../api/create-organization';
import { useOrganizationMetrics } from '../api/list-organization-metrics';
import { CreateOrganizationDialog } from '../components/create-organization-dialog';
import { DeleteOrganizationDialog } from '../components/delete-organization-dialog';
import { EditOrganizationDialog } from '../components/edit-organization-dialog';
import { InvitationLinkDialog } from '../components/invitation-link-dialog';
import { OrganizationMetricsTable, type MetricsSort } from '../components/organization-metrics-table';
import { OverviewCards } from '../components/overview-cards';
import { RetryAlert } from '../../../components/retry-alert';

/** Every organization on the platform, with its usage; create, edit and delete them. */
export function AdminOrganizationsScreen() {
  const { data: user } = useCurrentUser();
  const [search, setSearch] = useState('');
  const name = useDebounced(search.trim(), 300);
  const [sort, setSort] = useState<MetricsSort>({ by: 'name', descending: false });
  const [page, setPage] = useState(1);
  const [size, setSize] = useState(DEFAULT_PAGE_SIZE);
  const organizations = useOrganizationMetrics({ name, sortBy: sort.by, descending: sort.descending, page, size });

  const [creating, setCreating] = useState(false);
  const [invited, setInvited] = useState<CreatedOrganization | null>(null);
  const [editing, setEditing] = useState<OrganizationMetrics | null>(null);
  const [deleting, setDeleting] = useState<OrganizationMetrics | null>(null);

  const created = (organization: CreatedOrganization) => {
    setCreating(false);
    if (organization.admin_invitation) setInvited(organization);
    else notifySuccess(`Organization “${organization.name}” created`);
  };

  return (
    <Box component="section" aria-labelledby="admin-organizations-title">
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, justifyContent: 'space-between', alignItems: { sm: 'center' } }}>
        <Typography id="admin-organizations-title" variant="h5" component="h2">
          Organizations
        </Typography>
        <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ flexShrink: 0 }}>
          Create organization
        </Button>
      </Stack>

      <OverviewCards />

      <TextField
        size="small"
        type="search"
        label="Search by name"
        value={search}
        onChange={(event) => {
          setSearch(event.target.value);
          setPage(1);
        }}
        slotProps={{ htmlInput: { maxLength: 200 } }}
        sx={{ mb: 2, width: { xs: '100%', sm: 320 } }}
      />

      <Paper variant="outlined">
        {(organizations.isPending || organizations.isFetching) && <LinearProgress aria-label="Loading organizations" />}
        {organizations.isError && (
          <RetryAlert onRetry={() => void organizations.refetch()}>
            The organizations could not be loaded.
          </RetryAlert>
        )}
        {organizations.data && organizations.data.total === 0 && (
          <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary">
            {name ? `No organizations match “${name}”.` : 'There are no organizations yet.'}
          </Typography>
        )}
        {organizations.data && organizations.data.total > 0 && (
          <>
            <OrganizationMetricsTable
              organizations={organizations.data.items}
              currentOrganizationId={user?.organization?.id}
              sort={sort}
              onSort={(next) => {
                setSort(next);
                setPage(1);
              }}
              onEdit={setEditing}
              onDelete={setDeleting}
              labelledBy="admin-organizations-title"
            />
            <ListPagination
              total={organizations.data.total}
              page={page}
              size={size}
              onChange={(nextPage, nextSize) => {
                setPage(nextPage);
                setSize(nextSize);
              }}
            />
          </>
        )}
      </Paper>

      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} onCreated={created} />
      <InvitationLinkDialog organization={invited} onClose={() => setInvited(null)} />
      <EditOrganizationDialog organization={editing} onClose={() => setEditing(null)} />
      <DeleteOrganizationDialog organization={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

export default AdminOrganizationsScreen;
