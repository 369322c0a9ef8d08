import { useState } from 'react';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import type { RiskDetail } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { risksPath } from '../../../lib/project-paths';
import { useDeleteRisk } from '../api/delete-risk';

/** Deletes the risk after asking; the register opens. Not offered while it is approved or under review (the server refuses both). */
export function DeleteRiskButton({ projectId, risk }: { projectId: string; risk: RiskDetail }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteRisk(projectId, risk.id);
  const navigate = useNavigate();
  return (
    <>
      <Button color="error" variant="text" startIcon={<DeleteOutlineIcon />} onClick={() => setAsking(true)}>
        Delete…
      </Button>
      <ConfirmDialog
        id="delete-risk"
        open={asking}
        title={`Delete ${risk.reference}?`}
        text={`“${risk.name}” leaves the register with its treatment, actions, links to controls, comments and reviews. The activity log keeps a record of it. This cannot be undone.`}
        confirmLabel="Delete risk"
        destructive
        pending={remove.isPending}
        error={remove.isError ? errorDetail(remove.error) : null}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notifySuccess(`${risk.reference} deleted`);
              void navigate(risksPath(projectId));
            },
          })
        }
        onClose={() => setAsking(false)}
      />
    </>
  );
}
