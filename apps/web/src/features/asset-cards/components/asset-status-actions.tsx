import { useState, type FormEvent } from 'react';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { AssetCardDetail, WorkItemStatus } from '@aegis/contracts';
import { FormDialog } from '../../../components/form-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifyError, notifySuccess } from '../../../lib/notifier';
import { useUpdateAssetCard } from '../api/asset-cards-api';

/** What moving from one status to another is called on its button. */
export function transitionLabel(from: WorkItemStatus, to: WorkItemStatus): string {
  if (to === 'out_of_scope') return 'Mark out of scope…';
  if (from === 'approved') return 'Reopen…';
  if (from === 'out_of_scope') return to === 'ready' ? 'Bring back in scope' : 'Bring back and start';
  return to === 'in_progress' ? 'Start' : 'Move back to ready';
}

/** The two status changes that need a written reason: taking the card out of scope, reopening it once approved. */
const WORDING = {
  out_of_scope: {
    title: (name: string) => `Mark “${name}” out of scope`,
    text: 'It stays in the inventory, marked out of scope. Say why: an auditor reads the reason in its history.',
    label: 'Justification',
    missing: 'Say why it is out of scope: the reason is kept in its history',
    example: 'The system no longer uses this model.',
    submit: 'Mark out of scope',
    done: (name: string) => `${name} is out of scope`,
  },
  reopen: {
    title: (name: string) => `Reopen “${name}”?`,
    text: 'It was approved and is locked. Reopening moves it back to In progress so that its facts, sections and links can change again; its next approval needs a new review.',
    label: 'Why reopen it?',
    missing: 'Say why it is reopened: the reason is kept in its history',
    example: 'The model was retrained on a new dataset.',
    submit: 'Reopen',
    done: (name: string) => `${name} reopened: it is in progress again`,
  },
} as const;

type DialogProps = { projectId: string; card: AssetCardDetail; kind: keyof typeof WORDING; onClose: () => void };

/** A status change with its reason, kept in the card's history. */
function JustifiedStatusDialog({ projectId, card, kind, onClose }: DialogProps) {
  const wording = WORDING[kind];
  const [justification, setJustification] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const update = useUpdateAssetCard(projectId, card.id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!justification.trim()) {
      setFieldError(wording.missing);
      event.currentTarget.querySelector<HTMLElement>('[name="justification"]')?.focus();
      return;
    }
    update.mutate(
      { status: kind === 'out_of_scope' ? 'out_of_scope' : 'in_progress', justification: justification.trim() },
      {
        onSuccess: () => {
          notifySuccess(wording.done(card.name));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      id={`asset-${kind.replace(/_/g, '-')}`}
      open
      onClose={onClose}
      title={wording.title(card.name)}
      text={wording.text}
      error={update.isError ? errorDetail(update.error) : null}
      submitLabel={wording.submit}
      pending={update.isPending}
      onSubmit={submit}
    >
      <TextField
        name="justification"
        label={wording.label}
        required
        fullWidth
        multiline
        minRows={3}
        autoFocus
        value={justification}
        onChange={(event) => {
          setJustification(event.target.value);
          setFieldError(null);
        }}
        error={Boolean(fieldError)}
        helperText={fieldError ?? `For example: “${wording.example}”`}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}

/**
 * The status changes the caller may make by hand now (the server's `allowed_transitions`), one button
 * each, as on a risk: out of scope and reopening an approved card ask why.
 */
export function AssetStatusActions({ projectId, card }: { projectId: string; card: AssetCardDetail }) {
  const update = useUpdateAssetCard(projectId, card.id);
  const [dialog, setDialog] = useState<'out_of_scope' | 'reopen' | null>(null);
  const from = card.status;

  const move = (to: WorkItemStatus) =>
    update.mutate(
      { status: to },
      {
        onSuccess: () => notifySuccess(`${card.name} is ${to === 'in_progress' ? 'in progress' : 'ready'}`),
        onError: (error) => notifyError(errorDetail(error)),
      },
    );

  if (card.allowed_transitions.length === 0) return null;
  return (
    <>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
        {card.allowed_transitions.map((to) => {
          const onClick = to === 'out_of_scope' ? () => setDialog('out_of_scope') : from === 'approved' ? () => setDialog('reopen') : () => move(to);
          return (
            <Button key={to} variant={to === 'in_progress' && from !== 'approved' ? 'contained' : 'outlined'} onClick={onClick} loading={update.isPending && update.variables.status === to}>
              {transitionLabel(from, to)}
            </Button>
          );
        })}
      </Stack>
      {dialog && <JustifiedStatusDialog projectId={projectId} card={card} kind={dialog} onClose={() => setDialog(null)} />}
    </>
  );
}
