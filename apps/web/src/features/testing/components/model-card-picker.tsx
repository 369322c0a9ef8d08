import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useModelCards } from '../api/asset-card-options-api';

type Props = { projectId: string; value: string; onChange: (id: string) => void; error?: string };

/** Chooses the project's model card whose published evaluation results a source reads. */
export function ModelCardPicker({ projectId, value, onChange, error }: Props) {
  const cards = useModelCards(projectId);
  const items = cards.data?.items ?? [];
  const none = cards.isSuccess && items.length === 0;
  const hint = cards.isPending
    ? 'Loading the model cards…'
    : cards.isError
      ? 'The model cards could not be loaded.'
      : none
        ? 'No model card in this project yet: add or import one under Assets first'
        : 'Its model-index results become metrics of this source';
  return (
    <TextField select name="asset_card_id" label="Model card" required fullWidth value={items.some((card) => card.id === value) ? value : ''} onChange={(event) => onChange(event.target.value)} disabled={none} error={Boolean(error)} helperText={error ?? hint}>
      {items.map((card) => (
        <MenuItem key={card.id} value={card.id}>
          {card.name}
          {card.version ? ` (${card.version})` : ''}
        </MenuItem>
      ))}
    </TextField>
  );
}
