import { useState } from 'react';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import type { TestingTestDetail } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useDeleteTest } from '../api/tests-api';
import { testingPath } from '../testing-paths';

/** Deletes the test after asking; the Testing tab opens. Not offered while it is approved or under review (the server refuses both). */
export function DeleteTestButton({ projectId, test }: { projectId: string; test: TestingTestDetail }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteTest(projectId, test.id);
  const navigate = useNavigate();
  return (
    <>
      <Button color="error" variant="text" startIcon={<DeleteOutlineIcon />} onClick={() => setAsking(true)}>
        Delete…
      </Button>
      <ConfirmDialog
        id="delete-test"
        open={asking}
        title={`Delete ${test.reference}?`}
        text={`“${test.name}” stops running and leaves the list with its results and links to controls. The evidence its results stored on controls stays, and the activity log keeps a record. This cannot be undone.`}
        confirmLabel="Delete test"
        destructive
        pending={remove.isPending}
        error={remove.isError ? errorDetail(remove.error) : null}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notifySuccess(`${test.reference} deleted`);
              void navigate(testingPath(projectId));
            },
          })
        }
        onClose={() => setAsking(false)}
      />
    </>
  );
}
