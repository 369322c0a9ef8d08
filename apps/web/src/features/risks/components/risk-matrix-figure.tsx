import Box from '@mui/material/Box';
import { alpha } from '@mui/material/styles';
import { RISK_LEVEL_LABELS, riskLevelOf, type RiskMatrix, type RiskScore } from '@aegis/contracts';
import { scoresInWords } from '../risk-labels';
import { RiskGrid } from './risk-grid';
import { LEVEL_FILL, LEVEL_TEXT } from './risk-level-styles';

type Point = { likelihood: RiskScore; impact: RiskScore };

type Props = {
  matrix: RiskMatrix;
  inherent: Point;
  /** Null while no residual is assessed. */
  residual: Point | null;
};

const same = (a: Point | null, likelihood: number, impact: number) => a !== null && a.likelihood === likelihood && a.impact === impact;

/** "Inherent: Likely (4) × Severe (5), critical. Residual: …": what the figure shows, in words. */
export function matrixFigureText(matrix: RiskMatrix, inherent: Point, residual: Point | null) {
  const level = (point: Point) => RISK_LEVEL_LABELS[riskLevelOf(matrix, point.likelihood, point.impact)].toLowerCase();
  const first = `The organization's 5 by 5 risk matrix. Inherent: ${scoresInWords(inherent.likelihood, inherent.impact)}, ${level(inherent)}.`;
  return residual ? `${first} Residual: ${scoresInWords(residual.likelihood, residual.impact)}, ${level(residual)}.` : `${first} No residual assessed yet.`;
}

/**
 * The organization's matrix with the risk on it: its inherent cell marked I, its residual cell R (both
 * in one cell when the treatment changed nothing). An image to assistive technology, with its words.
 */
export function RiskMatrixFigure({ matrix, inherent, residual }: Props) {
  return (
    <Box role="img" aria-label={matrixFigureText(matrix, inherent, residual)} sx={{ maxWidth: 520 }}>
      <RiskGrid
        cellWidth={40}
        renderCell={(likelihood, impact) => {
          const level = riskLevelOf(matrix, likelihood, impact);
          const marks = [same(inherent, likelihood, impact) && 'I', same(residual, likelihood, impact) && 'R'].filter(Boolean).join(' ');
          return (
            <Box
              title={`${RISK_LEVEL_LABELS[level]}${marks ? ` — ${marks.replace('I', 'inherent').replace('R', 'residual')}` : ''}`}
              sx={{
                flex: 1,
                minHeight: 36,
                borderRadius: 1,
                bgcolor: marks ? LEVEL_FILL[level] : alpha(LEVEL_FILL[level], 0.45),
                color: LEVEL_TEXT,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
                fontWeight: 800,
                ...(marks ? { outline: '3px solid', outlineColor: 'text.primary', outlineOffset: -3 } : {}),
              }}
            >
              {marks}
            </Box>
          );
        }}
      />
    </Box>
  );
}
