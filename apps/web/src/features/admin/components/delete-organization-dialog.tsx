import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import TextField from '@mui/material/TextField';
import type { OrganizationMetrics } from '@aegis/contracts';
import { DialogButtons } from '../../../components/dialog-buttons';
import { DialogForm } from '../../../components/form-dialog';
import { useRetained } from '../../../components/use-retained';
import { ApiError, errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useDeleteOrganization } from '../api/delete-organization';

type Props = { organization: OrganizationMetrics | null; onClose: () => void };

/**
 * Deleting takes two deliberate steps: typing the organization's name, and, when the server refuses
 * because projects remain (409), a second, explicit confirmation to delete them along with it.
 */
export function DeleteOrganizationDialog({ organization: requested, onClose }: Props) {
  const organization = useRetained(requested);
  return (
    <Dialog
      open={requested !== null}
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="delete-organization-title"
      aria-describedby="delete-organization-text"
    >
      {organization && <DeleteOrganizationSteps key={organization.organization_id} organization={organization} onClose={onClose} />}
    </Dialog>
  );
}

function DeleteOrganizationSteps({ organization, onClose }: { organization: OrganizationMetrics; onClose: () => void }) {
  const [typed, setTyped] = useState('');
  const [step, setStep] = useState<'confirm' | 'cascade'>('confirm');
  const [failure, setFailure] = useState<string | null>(null);
  const remove = useDeleteOrganization();
  const { name } = organization;
  const nameMatches = typed.trim() === name;

  const run = async (cascade: boolean) => {
    setFailure(null);
    try {
      await remove.mutateAsync({ organizationId: organization.organization_id, cascade });
      notifySuccess(`Organization “${name}” deleted`);
      onClose();
    } catch (error) {
      if (!cascade && error instanceof ApiError && error.status === 409) setStep('cascade');
      else setFailure(errorDetail(error));
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (nameMatches) void run(false);
  };

  if (step === 'cascade') {
    return (
      <>
        <DialogTitle id="delete-organization-title">Delete “{name}” with all its projects?</DialogTitle>
        <DialogContent>
          <Alert severity="warning" id="delete-organization-text" sx={{ mb: failure ? 2 : 0 }}>
            {name} still has projects. Deleting it anyway also deletes every one of its projects, with their requirements, controls, risks,
            evidence and tests. This cannot be undone.
          </Alert>
          {failure && <Alert severity="error">{failure}</Alert>}
        </DialogContent>
        <DialogButtons onCancel={onClose} cancelFocused label="Delete with all its projects" destructive pending={remove.isPending} onClick={() => void run(true)} />
      </>
    );
  }

  return (
    <DialogForm
      id="delete-organization"
      title={`Delete organization “${name}”?`}
      text="Its members lose access to it, and its settings, tags and invitations are deleted. This cannot be undone. Type the organization's name to confirm."
      error={failure}
      submitLabel="Delete"
      destructive
      submitDisabled={!nameMatches}
      pending={remove.isPending}
      onSubmit={submit}
      onCancel={onClose}
    >
      <TextField
        label="Organization name"
        value={typed}
        onChange={(event) => setTyped(event.target.value)}
        helperText={`Type “${name}”`}
        autoComplete="off"
        autoFocus
        fullWidth
      />
    </DialogForm>
  );
}
