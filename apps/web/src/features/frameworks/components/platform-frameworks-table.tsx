import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Link as RouterLink } from 'react-router';
import type { PlatformFramework } from '@aegis/contracts';
import { ActionsHeaderCell, SortableHeaderCell } from '../../../components/table-header-cells';
import { formatCount } from '../../../lib/format';
import { adminFrameworkPath } from '../framework-labels';
import type { FrameworksSort } from './frameworks-table';
import { SourceChip } from './source-chip';

type Props = {
  frameworks: PlatformFramework[];
  sort: FrameworksSort;
  onSort: (sort: FrameworksSort) => void;
  labelledBy: string;
  onDelete: (framework: PlatformFramework) => void;
};

const wide = { display: { xs: 'none', md: 'table-cell' } } as const;
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.8125rem' } as const;
/** On a phone the code moves under the name, which leaves room for what matters there. */
const codeHeader = { display: { xs: 'none', sm: 'table-cell' } } as const;
const codeColumn = { ...mono, ...codeHeader } as const;
const codeUnderName = { ...mono, display: { xs: 'block', sm: 'none' } } as const;

/** Why a framework cannot be deleted, or null when it can. */
function deleteBlocker(framework: PlatformFramework): string | null {
  if (framework.source === 'builtin') return 'Built-in frameworks cannot be deleted';
  if (framework.projects_using > 0) return `${framework.projects_using === 1 ? 'A project uses' : `${framework.projects_using} projects use`} it`;
  return null;
}

/** The platform's frameworks and how widely they are used; uploaded ones nobody uses can be deleted. */
export function PlatformFrameworksTable({ frameworks, sort, onSort, labelledBy, onDelete }: Props) {
  return (
    <TableContainer>
      <Table aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <SortableHeaderCell label="Framework" field="name" sort={sort} onSort={onSort} />
            <SortableHeaderCell label="Code" field="framework_code" sort={sort} onSort={onSort} sx={codeHeader} />
            <TableCell>Source</TableCell>
            <TableCell sx={wide}>Version</TableCell>
            <TableCell sx={wide} align="right">Requirements</TableCell>
            <TableCell sx={wide} align="right">Controls</TableCell>
            <TableCell align="right">Organizations enabled</TableCell>
            <TableCell align="right">Projects using</TableCell>
            <ActionsHeaderCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {frameworks.map((framework) => {
            const blocker = deleteBlocker(framework);
            return (
              <TableRow key={framework.framework_code} hover>
                <TableCell component="th" scope="row">
                  <Link component={RouterLink} to={adminFrameworkPath(framework.framework_code)} sx={{ fontWeight: 600 }}>
                    {framework.name}
                  </Link>
                  <Typography component="span" sx={codeUnderName}>
                    {framework.framework_code}
                  </Typography>
                  {framework.enabled_by_default && (
                    <Typography variant="body2" color="text.secondary">
                      On by default for every organization
                    </Typography>
                  )}
                </TableCell>
                <TableCell sx={codeColumn}>{framework.framework_code}</TableCell>
                <TableCell>
                  <SourceChip source={framework.source} />
                </TableCell>
                <TableCell sx={wide}>{framework.version}</TableCell>
                <TableCell sx={wide} align="right">{formatCount(framework.requirement_count)}</TableCell>
                <TableCell sx={wide} align="right">{formatCount(framework.control_count)}</TableCell>
                <TableCell align="right">{formatCount(framework.organizations_enabled)}</TableCell>
                <TableCell align="right">{formatCount(framework.projects_using)}</TableCell>
                <TableCell align="right">
                  {blocker ? (
                    framework.source !== 'builtin' && (
                      <Tooltip title={blocker}>
                        <span>
                          <IconButton aria-label={`Delete ${framework.name} (not possible: ${blocker.toLowerCase()})`} disabled>
                            <DeleteOutlinedIcon />
                          </IconButton>
                        </span>
                      </Tooltip>
                    )
                  ) : (
                    <IconButton aria-label={`Delete ${framework.name}`} onClick={() => onDelete(framework)}>
                      <DeleteOutlinedIcon />
                    </IconButton>
                  )}
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
