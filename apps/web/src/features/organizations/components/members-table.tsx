import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { OrganizationMember } from '@aegis/contracts';
import { PersonNameCell } from '../../../components/person-name-cell';
import { ActionsHeaderCell, SortableHeaderCell, type ListSort } from '../../../components/table-header-cells';
import { SUPER_ADMIN_LABEL } from '../../../lib/current-user-rights';
import { formatDateTime } from '../../../lib/format';
import type { MemberSortField } from '../api/list-members';
import { memberActions, type MemberAbilities, type MemberAction } from '../member-abilities';
import { MemberRowActions } from './member-row-actions';
import { ROLE_LABELS, STATE_COLORS, STATE_LABELS } from './member-labels';

export type MemberSort = ListSort<MemberSortField>;

type Props = {
  members: OrganizationMember[];
  abilities: MemberAbilities;
  sort: MemberSort;
  onSort: (sort: MemberSort) => void;
  onAction: (action: MemberAction, member: OrganizationMember) => void;
  labelledBy: string;
};

const COLUMNS: { label: string; field?: MemberSortField }[] = [
  { label: 'Name', field: 'name' },
  { label: 'Email', field: 'email' },
  { label: 'Roles' },
  { label: 'State', field: 'state' },
  { label: 'Last access', field: 'last_access_at' },
];

function InvitationNote({ member }: { member: OrganizationMember }) {
  if (!member.invitation || (member.state !== 'pending' && member.state !== 'expired')) return null;
  const when = formatDateTime(member.invitation.expires_at);
  return (
    <Typography variant="caption" color="text.secondary" component="div">
      {member.state === 'pending' ? `Link valid until ${when}` : `Link expired ${when}`}
    </Typography>
  );
}

export function MembersTable({ members, abilities, sort, onSort, onAction, labelledBy }: Props) {
  return (
    <TableContainer>
      <Table aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            {COLUMNS.map(({ label, field }) =>
              field ? <SortableHeaderCell key={label} label={label} field={field} sort={sort} onSort={onSort} /> : <TableCell key={label}>{label}</TableCell>,
            )}
            <ActionsHeaderCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.user_id} hover>
              <PersonNameCell person={member} isViewer={member.user_id === abilities.viewerId} />
              <TableCell>
                {/* One line, cut short with an ellipsis on narrow screens; the whole address on hover and to screen readers. */}
                <Typography variant="body2" noWrap title={member.email} sx={{ maxWidth: { xs: 180, md: 320 } }}>
                  {member.email}
                </Typography>
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {/* A super admin holds every right whatever their roles here: their roles would tell less than the truth. */}
                  {member.is_super_admin ? (
                    <Chip size="small" color="primary" variant="outlined" label={SUPER_ADMIN_LABEL} />
                  ) : (
                    member.roles.map((role) => <Chip key={role} size="small" variant="outlined" label={ROLE_LABELS[role]} />)
                  )}
                </Stack>
              </TableCell>
              <TableCell>
                <Chip size="small" color={STATE_COLORS[member.state]} label={STATE_LABELS[member.state]} />
                <InvitationNote member={member} />
              </TableCell>
              <TableCell>{member.last_access_at ? formatDateTime(member.last_access_at) : 'Never'}</TableCell>
              <TableCell align="right">
                <MemberRowActions member={member} actions={memberActions(member, abilities)} onAction={onAction} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
