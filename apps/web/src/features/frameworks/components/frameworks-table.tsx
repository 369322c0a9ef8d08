import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import { Link as RouterLink } from 'react-router';
import type { FrameworkSummary } from '@aegis/contracts';
import { ActionsHeaderCell, SortableHeaderCell, type ListSort } from '../../../components/table-header-cells';
import { formatCount } from '../../../lib/format';
import type { TemplateSortField } from '../api/list-templates';
import { isSwitchable, organizationFrameworkPath } from '../framework-labels';
import { EnableSwitch } from './enable-switch';
import { SourceChip } from './source-chip';

export type FrameworksSort = ListSort<TemplateSortField>;

type Props = {
  frameworks: FrameworkSummary[];
  sort: FrameworksSort;
  onSort: (sort: FrameworksSort) => void;
  labelledBy: string;
  /** templates:upload: the Enabled column with its switches. */
  canSwitch: boolean;
  /** The framework whose switch is on its way. */
  switching: string | null;
  onSwitch: (framework: FrameworkSummary, enabled: boolean) => void;
  /** templates:delete: a Delete button on the organization's own templates. */
  canDelete: boolean;
  onDelete: (framework: FrameworkSummary) => void;
};

/** Columns that give way on a phone: the name, source and switch matter most. */
const wide = { display: { xs: 'none', md: 'table-cell' } } as const;
const mono = { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: '0.8125rem' } as const;
/** On a phone the code moves under the name, which leaves room for what matters there. */
const codeHeader = { display: { xs: 'none', sm: 'table-cell' } } as const;
const codeColumn = { ...mono, ...codeHeader } as const;
const codeUnderName = { ...mono, display: { xs: 'block', sm: 'none' } } as const;

export function FrameworksTable({ frameworks, sort, onSort, labelledBy, canSwitch, switching, onSwitch, canDelete, onDelete }: Props) {
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
            {canSwitch && <TableCell>Enabled</TableCell>}
            {canDelete && <ActionsHeaderCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {frameworks.map((framework) => (
            <TableRow key={framework.framework_code} hover>
              <TableCell component="th" scope="row">
                <Link component={RouterLink} to={organizationFrameworkPath(framework.framework_code)} sx={{ fontWeight: 600 }}>
                  {framework.name}
                </Link>
                {!framework.enabled && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {' (switched off)'}
                  </Typography>
                )}
                <Typography component="span" sx={codeUnderName}>
                  {framework.framework_code}
                </Typography>
                {framework.publisher && (
                  <Typography variant="body2" color="text.secondary">
                    {framework.publisher}
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
              {canSwitch && (
                <TableCell>
                  {isSwitchable(framework.source) ? (
                    <EnableSwitch
                      frameworkCode={framework.framework_code}
                      name={framework.name}
                      enabled={framework.enabled}
                      pending={switching === framework.framework_code}
                      onChange={(enabled) => onSwitch(framework, enabled)}
                    />
                  ) : (
                    <Typography variant="body2" color="text.secondary">
                      Always on (your own)
                    </Typography>
                  )}
                </TableCell>
              )}
              {canDelete && (
                <TableCell align="right">
                  {framework.source === 'organization' && (
                    <IconButton aria-label={`Delete ${framework.name}`} onClick={() => onDelete(framework)}>
                      <DeleteOutlinedIcon />
                    </IconButton>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
