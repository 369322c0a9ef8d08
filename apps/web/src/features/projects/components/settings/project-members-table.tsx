import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ProjectMember } from '@aegis/contracts';
import { PersonNameCell } from '../../../../components/person-name-cell';
import { ActionsHeaderCell } from '../../../../components/table-header-cells';
import { PROJECT_ROLE_LABELS } from '../project-labels';
import { MemberRowMenu, type MemberAction } from './member-row-menu';

type Props = {
  members: ProjectMember[];
  viewerId: string | undefined;
  actionsFor: (member: ProjectMember) => MemberAction[];
  onAction: (action: MemberAction, member: ProjectMember) => void;
  labelledBy: string;
};

export function ProjectMembersTable({ members, viewerId, actionsFor, onAction, labelledBy }: Props) {
  return (
    <TableContainer>
      <Table aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>Name</TableCell>
            <TableCell>Email</TableCell>
            <TableCell>Roles</TableCell>
            <ActionsHeaderCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {members.map((member) => (
            <TableRow key={member.user_id} hover>
              <PersonNameCell person={member} isViewer={member.user_id === viewerId} />
              <TableCell sx={{ overflowWrap: 'anywhere' }}>{member.email}</TableCell>
              <TableCell>
                <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  {member.roles.map((role) => (
                    <Chip key={role} size="small" variant="outlined" color={role === 'owner' ? 'primary' : 'default'} label={PROJECT_ROLE_LABELS[role]} />
                  ))}
                </Stack>
              </TableCell>
              <TableCell align="right">
                <MemberRowMenu member={member} actions={actionsFor(member)} onAction={onAction} />
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
