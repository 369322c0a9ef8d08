import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import MailOutlinedIcon from '@mui/icons-material/MailOutlined';
import PersonAddAltOutlinedIcon from '@mui/icons-material/PersonAddAltOutlined';
import type { OrganizationMember } from '@aegis/contracts';
import { copyToClipboard } from '../../../components/clipboard';
import { EmptyListText, PagedList } from '../../../components/paged-list';
import { useSearchableList } from '../../../components/use-list-state';
import { notifySuccess } from '../../../lib/notifier';
import { useIssueSignupLink, type SignupLink } from '../api/issue-signup-link';
import { useMembers } from '../api/list-members';
import { useResendInvitation } from '../api/resend-invitation';
import { CancelInvitationDialog } from '../components/cancel-invitation-dialog';
import { CreateMemberDialog } from '../components/create-member-dialog';
import { InviteMemberDialog } from '../components/invite-member-dialog';
import { displayName } from '../components/member-labels';
import { MemberRolesDialog } from '../components/member-roles-dialog';
import { MemberStatusDialog } from '../components/member-status-dialog';
import { MembersFilterBar, type StateFilter } from '../components/members-filter-bar';
import { MembersTable, type MemberSort } from '../components/members-table';
import { SignupLinkDialog, type ShownSignupLink } from '../../../components/signup-link-dialog';
import type { MemberAbilities, MemberAction } from '../member-abilities';

const EMPTY_TEXT: Record<StateFilter, string> = {
  all: 'Nobody has joined or been invited yet.',
  active: 'No active members.',
  deactivated: 'No deactivated members.',
  pending: 'No pending invitations.',
  expired: 'No expired invitations.',
  cancelled: 'No cancelled invitations.',
};

const shown = (title: string, email: string, link: SignupLink & { email_sent?: boolean }): ShownSignupLink => ({
  title,
  email,
  signup_link: link.signup_link,
  expires_at: link.expires_at,
  emailSent: link.email_sent === true,
});

type Props = { organizationId: string; abilities: MemberAbilities };

/** Members and invitees of the organization, and what the signed-in user may do with them. */
export function OrganizationUsersScreen({ organizationId, abilities }: Props) {
  const list = useSearchableList();
  const [state, setState] = useState<StateFilter>('all');
  const [sort, setSort] = useState<MemberSort>({ by: 'name', descending: false });
  const members = useMembers(organizationId, {
    name: list.name || undefined,
    state: state === 'all' ? undefined : state,
    sortBy: sort.by,
    descending: sort.descending,
    page: list.page,
    size: list.size,
  });

  const [inviting, setInviting] = useState(false);
  const [creating, setCreating] = useState(false);
  const [shownLink, setShownLink] = useState<ShownSignupLink | null>(null);
  const [rolesOf, setRolesOf] = useState<OrganizationMember | null>(null);
  const [statusOf, setStatusOf] = useState<OrganizationMember | null>(null);
  const [cancelling, setCancelling] = useState<OrganizationMember | null>(null);
  const resend = useResendInvitation(organizationId);
  const issueLink = useIssueSignupLink(organizationId);

  const copyNewLink = async (member: OrganizationMember) => {
    const link = await issueLink.mutateAsync(member.user_id);
    if (await copyToClipboard(link.signup_link)) {
      notifySuccess(`New sign-up link for ${displayName(member)} copied. The previous link no longer works.`);
    } else {
      setShownLink(shown(`New sign-up link for ${displayName(member)}`, member.email, link));
    }
  };

  const act = (action: MemberAction, member: OrganizationMember) => {
    if (action === 'roles') setRolesOf(member);
    else if (action === 'deactivate' || action === 'reactivate') setStatusOf(member);
    else if (action === 'cancel') setCancelling(member);
    else if (action === 'copy-link') void copyNewLink(member).catch(() => undefined);
    else {
      resend.mutate(member.user_id, {
        onSuccess: (invitation) => setShownLink(shown(`New invitation for ${displayName(member)}`, invitation.email, invitation)),
      });
    }
  };

  return (
    <Box component="section" aria-labelledby="organization-users-title">
      <Typography id="organization-users-title" variant="h5" component="h2" sx={{ mb: 2 }}>
        Users
      </Typography>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <MembersFilterBar search={list.search} onSearch={list.setSearch} state={state} onState={list.restart(setState)} />
        <Stack direction="row" spacing={1} sx={{ flexShrink: 0 }}>
          {abilities.create && (
            <Button variant="outlined" startIcon={<PersonAddAltOutlinedIcon />} onClick={() => setCreating(true)}>
              Create user
            </Button>
          )}
          {abilities.invite && (
            <Button variant="contained" startIcon={<MailOutlinedIcon />} onClick={() => setInviting(true)}>
              Invite user
            </Button>
          )}
        </Stack>
      </Stack>

      <PagedList
        query={members}
        paging={list}
        loadingLabel="Loading users"
        errorText="The users could not be loaded."
        empty={<EmptyListText>{list.name ? `No users match “${list.name}”.` : EMPTY_TEXT[state]}</EmptyListText>}
      >
        {(items) => (
          <MembersTable members={items} abilities={abilities} sort={sort} onSort={list.restart(setSort)} onAction={act} labelledBy="organization-users-title" />
        )}
      </PagedList>

      <InviteMemberDialog
        organizationId={organizationId}
        open={inviting}
        roles={abilities.grantableRoles}
        onClose={() => setInviting(false)}
        onInvited={(invitation) => {
          setInviting(false);
          setShownLink(shown(`Invitation for ${invitation.email} created`, invitation.email, invitation));
        }}
      />
      <CreateMemberDialog
        organizationId={organizationId}
        open={creating}
        roles={abilities.grantableRoles}
        onClose={() => setCreating(false)}
        onCreated={(member) => {
          setCreating(false);
          // Someone other organizations know too is never added without their consent: they were invited instead.
          if (member.state === 'pending') notifySuccess(`${member.email} was invited: they join when they accept, signed in as themselves`);
          else notifySuccess(`${displayName(member)} was added to the organization`);
        }}
      />
      <SignupLinkDialog link={shownLink} onClose={() => setShownLink(null)} />
      <MemberRolesDialog organizationId={organizationId} member={rolesOf} grantableRoles={abilities.grantableRoles} onClose={() => setRolesOf(null)} />
      <MemberStatusDialog organizationId={organizationId} member={statusOf} onClose={() => setStatusOf(null)} />
      <CancelInvitationDialog organizationId={organizationId} member={cancelling} onClose={() => setCancelling(null)} />
    </Box>
  );
}

export default OrganizationUsersScreen;
