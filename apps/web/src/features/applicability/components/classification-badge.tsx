import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { EU_AI_ACT_CATEGORY_LABELS, type EuAiActClassification } from '@aegis/contracts';
import { CATEGORY_COLOURS } from '../eu-ai-act-labels';

/**
 * The classification's categories as chips, stacked as the Regulation stacks them (high-risk and
 * transparency and GPAI at once); named as a whole for screen readers by the classification's label.
 */
export function ClassificationBadge({ classification, size = 'medium' }: { classification: EuAiActClassification; size?: 'small' | 'medium' }) {
  if (classification.categories.length === 0) {
    return <Chip size={size} variant="outlined" label={classification.status === 'incomplete' ? 'Not assessed yet' : classification.label} />;
  }
  return (
    <Stack direction="row" useFlexGap role="group" aria-label={`EU AI Act: ${classification.label}`} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {classification.categories.map((category) => (
        <Chip key={category} size={size} color={CATEGORY_COLOURS[category]} variant={category === 'out_of_scope' ? 'outlined' : 'filled'} label={EU_AI_ACT_CATEGORY_LABELS[category]} />
      ))}
    </Stack>
  );
}
