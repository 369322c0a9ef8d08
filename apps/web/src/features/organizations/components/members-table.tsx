import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import Typography from '@mui/material/Typography';
import type { OrganizationMember } from '@aegis/contracts';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDateTime } from '../../../lib/format';
import type { MemberSortField } from '../api/list-members';
import { memberActions, type MemberAbilities, type MemberAction } from '../member-abilities';
import { MemberRowActions } from './member-row-actions';
import { ROLE_LABELS, STATE_COLORS, STATE_LABELS } from './member-labels';

export type MemberSort = { by: MemberSortField; descending: boolean };

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
  const header = (label: string, field?: MemberSortField) => {
    if (!field) return <TableCell key={label}>{label}</TableCell>;
    const active = sort.by === field;
    const direction = active && sort.descending ? 'desc' : 'asc';
    return (
      <TableCell key={label} sortDirection={active ? direction : false}>
        <TableSortLabel
          active={active}
          direction={direction}
          onClick={() => onSort({ by: field, descending: active ? !sort.descending : false })}
        >
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
          <TableRow>
            {COLUMNS.map((column) => header(column.label, column.field))}
            <TableCell align="right">
              <Box component="span" sx={visuallyHidden}>
                Actions
              </Box>
            </TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => {
            const name = `${member.firstname} ${member.lastname}`.trim();
            return (
              <TableRow key={member.user_id} hover>
                <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
                  {name || (
                    <Typography component="span" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                      No name yet
                    </Typography>
                  )}
                  {member.user_id === abilities.viewerId && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' (you)'}
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={{ overflowWrap: 'anywhere' }}>{member.email}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {member.roles.map((role) => (
                      <Chip key={role} size="small" variant="outlined" label={ROLE_LABELS[role]} />
                    ))}
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
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
