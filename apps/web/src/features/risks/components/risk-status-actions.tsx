import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { RiskDetail, WorkItemStatus } from '@aegis/contracts';
import { errorDetail } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notifier';
import { useUpdateRisk } from '../api/update-risk';
import { JustifiedStatusDialog } from './justified-status-dialog';

/** What moving from one status to another is called on its button. */
export function transitionLabel(from: WorkItemStatus, to: WorkItemStatus): string {
  if (to === 'out_of_scope') return 'Mark out of scope…';
  if (from === 'approved') return 'Reopen…';
  if (from === 'out_of_scope') return to === 'ready' ? 'Bring back in scope' : 'Bring back and start';
  return to === 'in_progress' ? 'Start' : 'Move back to ready';
}

/**
 * The status changes the caller may make by hand now (the server's `allowed_transitions`), one button
 * each, as on a control: out of scope and reopening an approved risk ask why.
 */
export function RiskStatusActions({ projectId, risk }: { projectId: string; risk: RiskDetail }) {
  const update = useUpdateRisk(projectId, risk.id);
  const [dialog, setDialog] = useState<'out_of_scope' | 'reopen' | null>(null);
  const from = risk.status;

  const move = (to: WorkItemStatus) =>
    update.mutate(
      { status: to },
      {
        onSuccess: () => notifySuccess(`${risk.reference} is ${to === 'in_progress' ? 'in progress' : 'ready'}`),
        onError: (error) => notifyError(errorDetail(error)),
      },
    );

  if (risk.allowed_transitions.length === 0) return null;
  return (
    <>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {risk.allowed_transitions.map((to) => {
          const onClick = to === 'out_of_scope' ? () => setDialog('out_of_scope') : from === 'approved' ? () => setDialog('reopen') : () => move(to);
          return (
            <Button key={to} variant={to === 'in_progress' && from !== 'approved' ? 'contained' : 'outlined'} onClick={onClick} loading={update.isPending && update.variables.status === to}>
              {transitionLabel(from, to)}
            </Button>
          );
        })}
      </Stack>
      {dialog && <JustifiedStatusDialog projectId={projectId} risk={risk} kind={dialog} open onClose={() => setDialog(null)} />}
    </>
  );
}
