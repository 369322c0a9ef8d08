import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { levelAbove, riskLevelOf, type RiskLevel, type RiskMatrix, type RiskScore } from '@aegis/contracts';
import { RiskLevelChip } from './risk-level-chip';

type Props = {
  label: string;
  likelihood: RiskScore | null;
  impact: RiskScore | null;
  matrix: RiskMatrix;
  appetite?: RiskLevel;
};

/** The level a pair of scores gives on the organization's matrix, as they are chosen; read out when it changes. */
export function LevelPreview({ label, likelihood, impact, matrix, appetite }: Props) {
  const level = likelihood && impact ? riskLevelOf(matrix, likelihood, impact) : null;
  return (
    <Stack direction="row" spacing={1} role="status" sx={{ alignItems: 'center', flexWrap: 'wrap', minHeight: 32 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      {level ? (
        <>
          <RiskLevelChip level={level} />
          <Typography variant="body2" color="text.secondary">
            ({likelihood! * impact!}){appetite && levelAbove(level, appetite) ? ' — above the appetite' : ''}
          </Typography>
        </>
      ) : (
        <Typography variant="body2" color="text.secondary">
          — choose both scores
        </Typography>
      )}
    </Stack>
  );
}
