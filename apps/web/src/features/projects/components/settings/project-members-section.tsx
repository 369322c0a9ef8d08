import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Typography from '@mui/material/Typography';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import type { Project, ProjectMember } from '@aegis/contracts';
import { EmptyListText, PagedList } from '../../../../components/paged-list';
import { SearchField } from '../../../../components/search-field';
import { useSearchableList } from '../../../../components/use-list-state';
import { useProjectMembers } from '../../api/list-project-members';
import type { SettingsAbilities } from '../../project-settings-rights';
import { AddMemberDialog } from './add-member-dialog';
import { MemberRolesDialog } from './member-roles-dialog';
import type { MemberAction } from './member-row-menu';
import { ProjectMembersTable } from './project-members-table';
import { ProjectRolesLegend } from './project-roles-legend';
import { RemoveMemberDialog } from './remove-member-dialog';
import { SettingsSection } from './settings-section';

type Props = { project: Project; abilities: SettingsAbilities; viewerId: string | undefined };

/** Who holds which role on the project; adding, changing and removing as the user's rights allow. */
export function ProjectMembersSection({ project, abilities, viewerId }: Props) {
  const list = useSearchableList();
  const members = useProjectMembers(project.id, { name: list.name || undefined, page: list.page, size: list.size });
  // Two are enough to know whether someone is the only owner, whom the project cannot lose.
  const owners = useProjectMembers(project.id, { roles: ['owner'], page: 1, size: 2 });
  const soleOwnerId = owners.data?.total === 1 ? owners.data.items[0]?.user_id : undefined;

  const [adding, setAdding] = useState(0);
  const [addOpen, setAddOpen] = useState(false);
  const [rolesOf, setRolesOf] = useState<ProjectMember | null>(null);
  const [removing, setRemoving] = useState<ProjectMember | null>(null);

  const actionsFor = (member: ProjectMember): MemberAction[] => [
    ...(abilities.assignRoles ? (['roles'] as const) : []),
    // The server refuses to remove the last owner anyway; the screen does not offer it.
    ...(abilities.removeMembers && member.user_id !== soleOwnerId ? (['remove'] as const) : []),
  ];
  const act = (action: MemberAction, member: ProjectMember) => (action === 'roles' ? setRolesOf(member) : setRemoving(member));
  const openAdd = () => {
    setAdding((count) => count + 1);
    setAddOpen(true);
  };

  return (
    <SettingsSection
      id="project-members"
      title="Members"
      description="The people working on this project and their roles."
      action={
        abilities.assignRoles && (
          <Button variant="contained" startIcon={<PersonAddAltOutlinedIcon />} onClick={openAdd}>
            Add member
          </Button>
        )
      }
    >
      <SearchField value={list.search} onChange={list.setSearch} sx={{ minWidth: 240, mb: 2 }} />
      <PagedList
        query={members}
        paging={list}
        loadingLabel="Loading members"
        errorText="The members could not be loaded."
        empty={<EmptyListText>{list.name ? `No members match “${list.name}”.` : 'Nobody holds a role on this project yet.'}</EmptyListText>}
      >
        {(items) => <ProjectMembersTable members={items} viewerId={viewerId} actionsFor={actionsFor} onAction={act} labelledBy="project-members-title" />}
      </PagedList>
      <Divider sx={{ my: 2 }} />
      <Box>
        <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
          What the roles mean
        </Typography>
        <ProjectRolesLegend />
      </Box>

      {abilities.assignRoles && <AddMemberDialog key={adding} project={project} open={addOpen} onClose={() => setAddOpen(false)} />}
      <MemberRolesDialog project={project} member={rolesOf} soleOwnerId={soleOwnerId} onClose={() => setRolesOf(null)} />
      <RemoveMemberDialog project={project} member={removing} viewerId={viewerId} onClose={() => setRemoving(null)} />
    </SettingsSection>
  );
}
