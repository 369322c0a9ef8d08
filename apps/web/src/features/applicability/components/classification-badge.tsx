import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import { useTheme } from '@mui/material/styles';
import { EU_AI_ACT_CATEGORY_LABELS, type EuAiActCategory, type EuAiActClassification } from '@aegis/contracts';
import { CATEGORY_STYLES } from '../eu-ai-act-labels';

function CategoryChip({ category, size }: { category: EuAiActCategory; size: 'small' | 'medium' }) {
  const theme = useTheme();
  const { Icon, tone } = CATEGORY_STYLES[category];
  // Dark enough on paper in either mode, as the status chips' colours are.
  const colour = tone === 'neutral' ? theme.palette.text.secondary : theme.palette.mode === 'dark' ? theme.palette[tone].light : theme.palette[tone].dark;
  return (
    <Chip
      size={size}
      variant="outlined"
      icon={<Icon aria-hidden />}
      label={EU_AI_ACT_CATEGORY_LABELS[category]}
      sx={{ borderColor: colour, borderWidth: 2, color: 'text.primary', fontWeight: 600, '& .MuiChip-icon': { color: colour } }}
    />
  );
}

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
        <CategoryChip key={category} category={category} size={size} />
      ))}
    </Stack>
  );
}
