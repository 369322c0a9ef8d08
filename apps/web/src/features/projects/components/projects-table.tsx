import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { Project } from '@aegis/contracts';
import { SortableHeaderCell, type ListSort } from '../../../components/table-header-cells';
import { formatDate } from '../../../lib/format';
import type { ProjectSortField } from '../api/list-projects';
import { PROJECT_ROLE_LABELS, PROJECT_TYPE_LABELS, projectDetailPath } from './project-labels';

export type ProjectSort = ListSort<ProjectSortField>;

type Props = {
  projects: Project[];
  sort: ProjectSort;
  onSort: (sort: ProjectSort) => void;
  labelledBy: string;
};

const COLUMNS: { label: string; field?: ProjectSortField; align?: 'right' }[] = [
  { label: 'Name', field: 'name' },
  { label: 'Type', field: 'project_type' },
  { label: 'Your roles' },
  { label: 'Members', align: 'right' },
  { label: 'Created', field: 'created_at' },
];

export function ProjectsTable({ projects, sort, onSort, labelledBy }: Props) {
  const header = ({ label, field, align }: (typeof COLUMNS)[number]) =>
    field ? (
      <SortableHeaderCell key={label} label={label} field={field} sort={sort} onSort={onSort} />
    ) : (
      <TableCell key={label} align={align}>
        {label}
      </TableCell>
    );

  return (
    <TableContainer>
      <Table aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>{COLUMNS.map(header)}</TableRow>
        </TableHead>
        <TableBody>
          {projects.map((project) => (
            <TableRow key={project.id} hover>
              <TableCell component="th" scope="row" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                <Link component={RouterLink} to={projectDetailPath(project.id)}>
                  {project.name}
                </Link>
              </TableCell>
              <TableCell>
                <Chip
                  size="small"
                  color={project.project_type === 'ai_application' ? 'primary' : 'secondary'}
                  variant="outlined"
                  label={PROJECT_TYPE_LABELS[project.project_type]}
                />
              </TableCell>
              <TableCell>
                {project.roles.length > 0 ? (
                  <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                    {project.roles.map((role) => (
                      <Chip key={role} size="small" variant="outlined" label={PROJECT_ROLE_LABELS[role]} />
                    ))}
                  </Stack>
                ) : (
                  // Admins see every project through full access, without a role on it.
                  <Typography component="span" variant="body2" color="text.secondary">
                    Full access
                  </Typography>
                )}
              </TableCell>
              <TableCell align="right">{project.members}</TableCell>
              <TableCell>{formatDate(project.created_at)}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
