import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { RoleSummary } from '../role-guide';

/** Roles and what each may do, as a two-column table that wraps on narrow screens. */
export function RoleTable({ caption, roles }: { caption: string; roles: RoleSummary<string>[] }) {
  return (
    <Table size="small" aria-label={caption} sx={{ my: 1.5, '& td, & th': { verticalAlign: 'top', px: 1 } }}>
      <TableHead>
        <TableRow>
          <TableCell component="th" scope="col" sx={{ width: { xs: '5.5rem', sm: '7.5rem' } }}>
            Role
          </TableCell>
          <TableCell component="th" scope="col">
            What they may do
          </TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {roles.map(({ role, name, summary }) => (
          <TableRow key={role}>
            <TableCell component="th" scope="row" sx={{ fontWeight: 600 }}>
              {name}
            </TableCell>
            <TableCell>{summary}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
