import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { STRATEGY_STATUS_LABELS, type ProjectPermission, type RiskDetail, type TreatmentStrategy } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { DetailSection } from '../../../components/detail-section';
import { RetryAlert } from '../../../components/retry-alert';
import { RowActionsMenu, type RowAction } from '../../../components/row-actions-menu';
import { errorDetail } from '../../../lib/errors';
import { formatDate } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { useDeleteTreatmentStrategy } from '../api/delete-treatment-strategy';
import { useTreatmentStrategies } from '../api/list-treatment-strategies';
import { StrategyDialog } from './strategy-dialog';

function StrategyItem({ strategy, actions }: { strategy: TreatmentStrategy; actions: RowAction[] }) {
  return (
    <Box component="li" sx={{ display: 'flex', gap: 1, py: 1.25, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        <Typography sx={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line', ...(strategy.status === 'cancelled' ? { textDecoration: 'line-through' } : {}) }}>{strategy.action}</Typography>
        <Typography variant="body2" color="text.secondary">
          {STRATEGY_STATUS_LABELS[strategy.status]} · {strategy.owner ? strategy.owner.name : 'No owner'}
          {strategy.due_date && (
            <>
              {' · due '}
              <Box component="time" dateTime={strategy.due_date} sx={strategy.overdue ? { color: 'error.main', fontWeight: 600 } : undefined}>
                {formatDate(strategy.due_date)}
                {strategy.overdue ? ' (overdue)' : ''}
              </Box>
            </>
          )}
        </Typography>
      </Box>
      <RowActionsMenu label={`Actions for “${strategy.action.slice(0, 60)}”`} items={actions} />
    </Box>
  );
}

type Props = { projectId: string; risk: RiskDetail; rights: readonly ProjectPermission[] };

/** The treatment's concrete actions, each with its owner, due date and status; added, changed and removed while the risk is unlocked. */
export function StrategiesSection({ projectId, risk, rights }: Props) {
  const strategies = useTreatmentStrategies(projectId, risk.id);
  const remove = useDeleteTreatmentStrategy(projectId, risk.id);
  const [editing, setEditing] = useState<TreatmentStrategy | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TreatmentStrategy | null>(null);
  const can = (right: ProjectPermission) => rights.includes(right) && !risk.locked;

  const actionsOf = (strategy: TreatmentStrategy): RowAction[] => [
    ...(can('treatment_strategy:update') ? [{ key: 'edit', label: 'Change…', icon: <EditOutlinedIcon fontSize="small" />, onClick: () => setEditing(strategy) }] : []),
    ...(can('treatment_strategy:delete') ? [{ key: 'delete', label: 'Remove…', icon: <DeleteOutlineIcon fontSize="small" />, onClick: () => setDeleting(strategy) }] : []),
  ];

  let body;
  if (strategies.isPending) body = <LinearProgress aria-label="Loading the actions" />;
  else if (strategies.isError) body = <RetryAlert onRetry={() => void strategies.refetch()}>The actions could not be loaded.</RetryAlert>;
  else if (strategies.data.length === 0) body = <Typography color="text.secondary">No actions yet.</Typography>;
  else {
    body = (
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
        {strategies.data.map((strategy) => (
          <StrategyItem key={strategy.id} strategy={strategy} actions={actionsOf(strategy)} />
        ))}
      </Box>
    );
  }

  return (
    <DetailSection
      id="risk-strategies"
      title="Treatment actions"
      action={
        can('treatment_strategy:create') && (
          <Stack direction="row" sx={{ mt: 2 }}>
            <Button variant="outlined" startIcon={<AddIcon />} onClick={() => setEditing('new')}>
              Add action
            </Button>
          </Stack>
        )
      }
    >
      {body}
      {editing && <StrategyDialog projectId={projectId} riskId={risk.id} strategy={editing === 'new' ? undefined : editing} open onClose={() => setEditing(null)} />}
      <ConfirmDialog
        id="delete-strategy"
        open={deleting !== null}
        title="Remove this action?"
        text={deleting ? `“${deleting.action}” leaves the treatment. The log keeps a record of it.` : ''}
        confirmLabel="Remove"
        destructive
        pending={remove.isPending}
        error={remove.isError ? errorDetail(remove.error) : null}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              notifySuccess('Action removed');
              setDeleting(null);
            },
          })
        }
        onClose={() => {
          remove.reset();
          setDeleting(null);
        }}
      />
    </DetailSection>
  );
}
