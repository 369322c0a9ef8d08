import Chip, { type ChipProps } from '@mui/material/Chip';
import type { MappingRelationship } from '@aegis/contracts';
import { RELATIONSHIP_LABELS } from '../framework-labels';

/** Only equal and subset cover a requirement on their own; the others say they do not. */
const COLORS: Record<MappingRelationship, ChipProps['color']> = { equal: 'success', subset: 'success', superset: 'warning', intersect: 'info' };

/** The colour marks the border only: the label keeps the text colour, readable on any background. */
export function RelationshipChip({ relationship }: { relationship: MappingRelationship }) {
  return <Chip size="small" variant="outlined" color={COLORS[relationship]} label={RELATIONSHIP_LABELS[relationship]} sx={{ color: 'text.primary' }} />;
}
