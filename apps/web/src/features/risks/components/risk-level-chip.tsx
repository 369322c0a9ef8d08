import Chip from '@mui/material/Chip';
import { RISK_LEVEL_LABELS, type RiskLevel } from '@aegis/contracts';
import { LEVEL_EDGE, LEVEL_FILL, LEVEL_TEXT } from './risk-level-styles';

type Props = {
  level: RiskLevel;
  /** Said before the level, e.g. "Residual": "Residual high". */
  prefix?: string;
  size?: 'small' | 'medium';
};

/** A risk level as the lists and the detail show it: its name on its colour. */
export function RiskLevelChip({ level, prefix, size = 'small' }: Props) {
  const label = RISK_LEVEL_LABELS[level];
  return (
    <Chip
      size={size}
      label={prefix ? `${prefix} ${label.toLowerCase()}` : label}
      sx={{ bgcolor: LEVEL_FILL[level], color: LEVEL_TEXT, border: 1, borderColor: LEVEL_EDGE[level], fontWeight: 600 }}
    />
  );
}
