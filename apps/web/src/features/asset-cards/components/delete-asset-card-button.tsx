import { useState } from 'react';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Button from '@mui/material/Button';
import { useNavigate } from 'react-router';
import type { AssetCardDetail } from '@aegis/contracts';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useDeleteAssetCard } from '../api/asset-cards-api';
import { assetsPath } from '../asset-paths';

/** Deletes the card after asking; the Assets tab opens. Not offered while it is approved or under review (the server refuses both). */
export function DeleteAssetCardButton({ projectId, card }: { projectId: string; card: AssetCardDetail }) {
  const [asking, setAsking] = useState(false);
  const remove = useDeleteAssetCard(projectId, card.id);
  const navigate = useNavigate();
  const used = card.downstream.length;
  return (
    <>
      <Button color="error" variant="text" startIcon={<DeleteOutlineIcon />} onClick={() => setAsking(true)}>
        Delete…
      </Button>
      <ConfirmDialog
        id="delete-asset-card"
        open={asking}
        title={`Delete “${card.name}”?`}
        text={`The card leaves the inventory with its lineage, links to controls, risks and evidence, comments and reviews${used ? `; ${used} ${used === 1 ? 'card built from it loses that link' : 'cards built from it lose that link'}` : ''}. The activity log keeps a record of it. This cannot be undone.`}
        confirmLabel="Delete card"
        destructive
        pending={remove.isPending}
        error={remove.isError ? errorDetail(remove.error) : null}
        onConfirm={() =>
          remove.mutate(undefined, {
            onSuccess: () => {
              notifySuccess(`${card.name} deleted`);
              void navigate(assetsPath(projectId));
            },
          })
        }
        onClose={() => setAsking(false)}
      />
    </>
  );
}
