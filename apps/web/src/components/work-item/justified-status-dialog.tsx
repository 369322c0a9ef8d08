import { useState, type FormEvent } from 'react';
import TextField from '@mui/material/TextField';
import { FormDialog } from '../form-dialog';
import { errorDetail } from '../../lib/errors';
import { notifySuccess } from '../../lib/notifier';
import type { JustifiedWording, StatusMutation } from './status-mutation';

export type JustifiedKind = 'out_of_scope' | 'reopen';

const COMMON = {
  out_of_scope: {
    title: (name: string) => `Mark ${name} out of scope`,
    label: 'Justification',
    missing: 'Say why it is out of scope: the reason is kept in its history',
    submit: 'Mark out of scope',
    done: (name: string) => `${name} is out of scope`,
  },
  reopen: {
    title: (name: string) => `Reopen ${name}?`,
    label: 'Why reopen it?',
    missing: 'Say why it is reopened: the reason is kept in its history',
    submit: 'Reopen',
    done: (name: string) => `${name} reopened: it is in progress again`,
  },
} as const;

type Props = { id: string; name: string; kind: JustifiedKind; wording: JustifiedWording; update: StatusMutation; onClose: () => void };

/** A status change with its written reason (out of scope, or reopening an approved item), kept in the item's history and export. */
export function JustifiedStatusDialog({ id, name, kind, wording, update, onClose }: Props) {
  const common = COMMON[kind];
  const [justification, setJustification] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!justification.trim()) {
      setFieldError(common.missing);
      event.currentTarget.querySelector<HTMLElement>('[name="justification"]')?.focus();
      return;
    }
    update.mutate(
      { status: kind === 'out_of_scope' ? 'out_of_scope' : 'in_progress', justification: justification.trim() },
      {
        onSuccess: () => {
          notifySuccess(common.done(name));
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      id={`${id}-${kind.replace(/_/g, '-')}`}
      open
      onClose={onClose}
      title={common.title(name)}
      text={kind === 'out_of_scope' ? wording.outOfScope : wording.reopen}
      error={update.isError ? errorDetail(update.error) : null}
      submitLabel={common.submit}
      pending={update.isPending}
      onSubmit={submit}
    >
      <TextField
        name="justification"
        label={common.label}
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
        helperText={fieldError ?? `For example: “${kind === 'out_of_scope' ? wording.examples.outOfScope : wording.examples.reopen}”`}
        slotProps={{ htmlInput: { maxLength: 2000 } }}
      />
    </FormDialog>
  );
}
