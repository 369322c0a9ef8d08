import Chip from '@mui/material/Chip';
import type { FrameworkSource } from '@aegis/contracts';
import { FRAMEWORK_SOURCE_LABELS, SOURCE_CHIP_COLORS } from '../framework-labels';

/** Where a framework comes from: Built-in, Platform or Your organization. */
export function SourceChip({ source }: { source: FrameworkSource }) {
  return <Chip size="small" variant="outlined" color={SOURCE_CHIP_COLORS[source]} label={FRAMEWORK_SOURCE_LABELS[source]} />;
}
