import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { ProjectMember } from '@aegis/contracts';
import { visuallyHidden } from '../../../../components/visually-hidden';
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
                  {member.user_id === viewerId && (
                    <Typography component="span" variant="body2" color="text.secondary">
                      {' (you)'}
                    </Typography>
                  )}
                </TableCell>
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
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
