import { useState } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { WorkItemStatus } from '@aegis/contracts';
import { errorDetail } from '../../lib/errors';
import { notifyError, notifySuccess } from '../../lib/notifier';
import { JustifiedStatusDialog, type JustifiedKind } from './justified-status-dialog';
import type { JustifiedWording, StatusMutation } from './status-mutation';
import { transitionLabel } from './transition-label';

type Props = {
  /** Prefix of the dialogs' ids (`risk`, `evidence`, `asset`, `test`). */
  id: string;
  /** How the item is named in messages: a reference or a quoted name. */
  name: string;
  status: WorkItemStatus;
  /** The server's `allowed_transitions`: what the caller may do by hand now. */
  allowedTransitions: readonly WorkItemStatus[];
  update: StatusMutation;
  wording: JustifiedWording;
};

/**
 * A work item's status changes the caller may make by hand now, one button each; marking it out of scope
 * and reopening it once approved ask why. Every work item's detail page uses it.
 */
export function WorkItemStatusActions({ id, name, status, allowedTransitions, update, wording }: Props) {
  const [dialog, setDialog] = useState<JustifiedKind | null>(null);

  const move = (to: WorkItemStatus) =>
    update.mutate(
      { status: to },
      {
        onSuccess: () => notifySuccess(`${name} is ${to === 'in_progress' ? 'in progress' : 'ready'}`),
        onError: (error) => notifyError(errorDetail(error)),
      },
    );

  if (allowedTransitions.length === 0) return null;
  return (
    <>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {allowedTransitions.map((to) => {
          const onClick = to === 'out_of_scope' ? () => setDialog('out_of_scope') : status === 'approved' ? () => setDialog('reopen') : () => move(to);
          return (
            <Button key={to} variant={to === 'in_progress' && status !== 'approved' ? 'contained' : 'outlined'} onClick={onClick} loading={update.isPending && update.variables?.status === to}>
              {transitionLabel(status, to)}
            </Button>
          );
        })}
      </Stack>
      {dialog && <JustifiedStatusDialog id={id} name={name} kind={dialog} wording={wording} update={update} onClose={() => setDialog(null)} />}
    </>
  );
}
