import AddTaskIcon from '@mui/icons-material/AddTask';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutlineOutlined';
import UndoIcon from '@mui/icons-material/Undo';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { SoaItem } from '@aegis/contracts';
import { RowActionsMenu, type RowAction } from '../../../components/row-actions-menu';
import { StatusChip } from '../../../components/status-chip';
import { visuallyHidden } from '../../../components/visually-hidden';
import { formatDate } from '../../../lib/format';

export type SoaDecision = { item: SoaItem; decision: 'include' | 'exclude' | 'engine' };

type Props = {
  items: readonly SoaItem[];
  labelledBy: string;
  /** Absent when the caller may not decide (questionnaire:update). */
  onDecide?: (decision: SoaDecision) => void;
  /** Rows listed apart, with the chip that says why ('Authorities only', 'Deleted by amendment'): neither included nor excluded, nothing to decide. */
  apart?: string;
};

/** Who decided, in words: the engine from the answers, a person (with when), or nothing excluded it. */
function decidedBy(item: SoaItem): string {
  if (item.decided_by === 'engine') return 'From the scoping answers';
  if (item.decided_by === 'default') return 'Applies from the scoping answers';
  const who = item.decided_by_user?.name ?? 'A person';
  return item.decided_at ? `${who}, ${formatDate(item.decided_at)}` : who;
}

function actionsFor(item: SoaItem, onDecide: (decision: SoaDecision) => void): RowAction[] {
  const actions: RowAction[] = [
    item.included
      ? { key: 'exclude', label: 'Exclude with justification…', icon: <RemoveCircleOutlineIcon fontSize="small" />, onClick: () => onDecide({ item, decision: 'exclude' }) }
      : { key: 'include', label: 'Include with justification…', icon: <AddTaskIcon fontSize="small" />, onClick: () => onDecide({ item, decision: 'include' }) },
  ];
  if (item.decided_by === 'person') {
    actions.push({ key: 'engine', label: 'Give back to the answers', hint: 'The scoping answers decide again', icon: <UndoIcon fontSize="small" />, onClick: () => onDecide({ item, decision: 'engine' }) });
  }
  return actions;
}

/** The statement of applicability: each requirement, included or excluded, why (with its article) and by whom, and its status. */
export function SoaTable({ items, labelledBy, onDecide, apart }: Props) {
  return (
    // On a narrow screen the reasons make the table wider than the page: its container scrolls sideways, so the
    // keyboard can reach it (a focusable region, as axe asks of a scrolling one).
    <TableContainer tabIndex={0} role="region" aria-label={`${apart ?? 'Statement of applicability'}: the table`} sx={{ '&:focus-visible': { outline: 2, outlineColor: 'primary.main' } }}>
      <Table size="small" aria-labelledby={labelledBy}>
        <TableHead>
          <TableRow>
            <TableCell>Requirement</TableCell>
            <TableCell sx={{ width: 120 }}>Applicability</TableCell>
            <TableCell>Why, and its legal basis</TableCell>
            <TableCell sx={{ width: 136 }}>Status</TableCell>
            {onDecide && (
              <TableCell sx={{ width: 56 }}>
                <Box component="span" sx={visuallyHidden}>
                  Actions
                </Box>
              </TableCell>
            )}
          </TableRow>
        </TableHead>
        <TableBody>
          {items.map((item) => (
            <TableRow key={item.requirement_id} hover>
              <TableCell sx={{ verticalAlign: 'top' }}>
                {item.section.length > 0 && (
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ overflowWrap: 'anywhere' }}>
                    {item.section.join(' › ')}
                  </Typography>
                )}
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  <strong>{item.code}</strong> {item.title}
                </Typography>
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                {apart ? (
                  <Chip size="small" variant="outlined" label={apart} />
                ) : (
                  <Chip size="small" color={item.included ? 'success' : 'default'} variant={item.included ? 'filled' : 'outlined'} label={item.included ? 'Included' : 'Excluded'} />
                )}
                {/* The date it applies to this project from (EU AI Act Art. 6-27: by the basis of the classification). */}
                {!apart && item.included && item.applies_from && (
                  <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5, whiteSpace: 'nowrap' }}>
                    From {formatDate(item.applies_from)}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                <Typography variant="body2">{item.reason}</Typography>
                {!apart && (
                  <Typography variant="caption" color="text.secondary" component="p">
                    {decidedBy(item)}
                  </Typography>
                )}
              </TableCell>
              <TableCell sx={{ verticalAlign: 'top' }}>
                {apart ? '—' : <StatusChip status={item.status} label={item.status === 'out_of_scope' ? 'Not applicable' : undefined} />}
              </TableCell>
              {onDecide && (
                <TableCell sx={{ verticalAlign: 'top' }}>
                  <RowActionsMenu label={`Applicability of ${item.code}`} items={actionsFor(item, onDecide)} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
