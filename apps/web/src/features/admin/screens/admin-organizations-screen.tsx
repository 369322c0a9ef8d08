import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import AddIcon from '@mui/icons-material/Add';
import type { OrganizationMetrics } from '@aegis/contracts';
import { EmptyListText, PagedList } from '../../../components/paged-list';
import { SearchField } from '../../../components/search-field';
import { SectionHeading } from '../../../components/section-heading';
import { useSearchableList } from '../../../components/use-list-state';
import { notifySuccess } from '../../../lib/notifier';
import { useCurrentUser } from '../../../lib/current-user';
import type { CreatedOrganization } from '../api/create-organization';
import { useOrganizationMetrics } from '../api/list-organization-metrics';
import { CreateOrganizationDialog } from '../components/create-organization-dialog';
import { DeleteOrganizationDialog } from '../components/delete-organization-dialog';
import { EditOrganizationDialog } from '../components/edit-organization-dialog';
import { InvitationLinkDialog } from '../components/invitation-link-dialog';
import { OrganizationMetricsTable, type MetricsSort } from '../components/organization-metrics-table';
import { OverviewCards } from '../components/overview-cards';
import { usePageTitle } from '../../../components/use-page-title';

/** Every organization on the platform, with its usage; create, edit and delete them. */
export function AdminOrganizationsScreen() {
  usePageTitle('Organizations', 'Admin');
  const { data: user } = useCurrentUser();
  const list = useSearchableList();
  const [sort, setSort] = useState<MetricsSort>({ by: 'name', descending: false });
  const organizations = useOrganizationMetrics({ name: list.name, sortBy: sort.by, descending: sort.descending, page: list.page, size: list.size });

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
      <SectionHeading
        id="admin-organizations-title"
        level={2}
        title="Organizations"
        action={
          <Button variant="contained" startIcon={<AddIcon />} onClick={() => setCreating(true)} sx={{ flexShrink: 0 }}>
            Create organization
          </Button>
        }
      />

      <OverviewCards />

      <SearchField value={list.search} onChange={list.setSearch} sx={{ mb: 2, width: { xs: '100%', sm: 320 } }} />

      <PagedList
        query={organizations}
        paging={list}
        loadingLabel="Loading organizations"
        errorText="The organizations could not be loaded."
        empty={<EmptyListText>{list.name ? `No organizations match “${list.name}”.` : 'There are no organizations yet.'}</EmptyListText>}
      >
        {(items) => (
          <OrganizationMetricsTable
            organizations={items}
            currentOrganizationId={user?.organization?.id}
            sort={sort}
            onSort={list.restart(setSort)}
            onEdit={setEditing}
            onDelete={setDeleting}
            labelledBy="admin-organizations-title"
          />
        )}
      </PagedList>

      <CreateOrganizationDialog open={creating} onClose={() => setCreating(false)} onCreated={created} />
      <InvitationLinkDialog organization={invited} onClose={() => setInvited(null)} />
      <EditOrganizationDialog organization={editing} onClose={() => setEditing(null)} />
      <DeleteOrganizationDialog organization={deleting} onClose={() => setDeleting(null)} />
    </Box>
  );
}

export default AdminOrganizationsScreen;
