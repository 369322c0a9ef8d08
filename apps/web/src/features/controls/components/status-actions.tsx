import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ControlDetail, WorkItemStatus } from '@aegis/contracts';
import { errorDetail } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notifier';
import { useUpdateControl } from '../api/update-control';
import { OutOfScopeDialog } from './out-of-scope-dialog';
import { ReopenDialog } from './reopen-dialog';

/** What moving from one status to another is called on its button. */
export function transitionLabel(from: WorkItemStatus, to: WorkItemStatus): string {
  if (to === 'out_of_scope') return 'Mark out of scope…';
  if (from === 'approved') return 'Reopen…';
  if (from === 'out_of_scope') return to === 'ready' ? 'Bring back in scope' : 'Bring back and start';
  return to === 'in_progress' ? 'Start' : 'Move back to ready';
}

type Props = { projectId: string; control: ControlDetail };

/**
 * The status changes the caller may make by hand now (the server's `allowed_transitions`): one
 * button each. Out of scope asks why; reopening an approved control asks why too.
 */
export function StatusActions({ projectId, control }: Props) {
  const update = useUpdateControl(projectId, control.control_code);
  const [dialog, setDialog] = useState<'out_of_scope' | 'reopen' | null>(null);
  const from = control.status;

  const move = (to: WorkItemStatus) => {
    update.mutate(
      { status: to },
      {
        onSuccess: () => notifySuccess(`${control.control_code} is ${to === 'in_progress' ? 'in progress' : 'ready'}`),
        onError: (error) => notifyError(errorDetail(error)),
      },
    );
  };

  if (control.allowed_transitions.length === 0) return null;
  return (
    <>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {control.allowed_transitions.map((to) => {
          const label = transitionLabel(from, to);
          const onClick = to === 'out_of_scope' ? () => setDialog('out_of_scope') : from === 'approved' ? () => setDialog('reopen') : () => move(to);
          const primary = to === 'in_progress' && from !== 'approved';
          return (
            <Button key={to} variant={primary ? 'contained' : 'outlined'} onClick={onClick} loading={update.isPending && update.variables.status === to && dialog === null}>
              {label}
            </Button>
          );
        })}
      </Stack>
      <OutOfScopeDialog key={dialog === 'out_of_scope' ? 'out-of-scope-open' : 'out-of-scope-closed'} projectId={projectId} control={control} open={dialog === 'out_of_scope'} onClose={() => setDialog(null)} />
      <ReopenDialog key={dialog === 'reopen' ? 'reopen-open' : 'reopen-closed'} projectId={projectId} control={control} open={dialog === 'reopen'} onClose={() => setDialog(null)} />
    </>
  );
}
