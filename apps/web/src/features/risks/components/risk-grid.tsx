import type { ReactNode } from 'react';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { IMPACT_LABELS, LIKELIHOOD_LABELS, RISK_SCORES, type RiskScore } from '@aegis/contracts';

/** Likelihood 5 at the top, as risk matrices are drawn. */
const ROWS = [...RISK_SCORES].reverse() as RiskScore[];

type Props = {
  /** What each cell shows: likelihood and impact 1–5. */
  renderCell: (likelihood: RiskScore, impact: RiskScore) => ReactNode;
  /** The smallest width of a cell, in px. */
  cellWidth?: number;
  /** Scores only on the axes (narrow cards); the labels stay in their titles. */
  compact?: boolean;
};

/**
 * The 5×5 grid of likelihood (rows, 5 at the top) by impact (columns, 1 on the left) with its axes:
 * the heat maps, a risk's matrix and the matrix editor draw their cells in it. The caller names it
 * (a group of buttons, or an image with a text alternative).
 */
export function RiskGrid({ renderCell, cellWidth = 48, compact = false }: Props) {
  const axisLabel = { typography: 'caption', color: 'text.secondary', lineHeight: 1.2 } as const;
  // On a phone the impacts' words do not fit their columns: their numbers, the words in their titles.
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'auto auto 1fr', gridTemplateRows: '1fr auto auto', alignItems: 'stretch', minWidth: 0 }}>
      <Typography
        component="div"
        variant="caption"
        sx={{ gridRow: 1, gridColumn: 1, writingMode: 'vertical-rl', transform: 'rotate(180deg)', textAlign: 'center', fontWeight: 600, pl: 0.5 }}
        aria-hidden
      >
        Likelihood
      </Typography>
      <Box sx={{ gridRow: 1, gridColumn: 2, display: 'grid', gridTemplateRows: 'repeat(5, 1fr)', pr: 0.5 }} aria-hidden>
        {ROWS.map((likelihood) => (
          <Box key={likelihood} title={LIKELIHOOD_LABELS[likelihood]} sx={{ ...axisLabel, display: 'flex', alignItems: 'center', justifyContent: 'flex-end', textAlign: 'right', maxWidth: compact ? undefined : 96 }}>
            {compact ? likelihood : `${likelihood} ${LIKELIHOOD_LABELS[likelihood]}`}
          </Box>
        ))}
      </Box>
      <Box sx={{ gridRow: 1, gridColumn: 3, display: 'grid', gridTemplateColumns: `repeat(5, minmax(${cellWidth}px, 1fr))`, gridTemplateRows: 'repeat(5, auto)', gap: 0.5 }}>
        {ROWS.flatMap((likelihood) =>
          RISK_SCORES.map((impact) => (
            <Box key={`${likelihood}-${impact}`} sx={{ display: 'flex', minWidth: 0 }}>
              {renderCell(likelihood, impact as RiskScore)}
            </Box>
          )),
        )}
      </Box>
      <Box sx={{ gridRow: 2, gridColumn: 3, display: 'grid', gridTemplateColumns: `repeat(5, minmax(${cellWidth}px, 1fr))`, gap: 0.5, pt: 0.5 }} aria-hidden>
        {RISK_SCORES.map((impact) => (
          <Box key={impact} title={IMPACT_LABELS[impact]} sx={{ ...axisLabel, textAlign: 'center', overflowWrap: 'anywhere' }}>
            {compact || narrow ? impact : `${impact} ${IMPACT_LABELS[impact]}`}
          </Box>
        ))}
      </Box>
      <Typography component="div" variant="caption" sx={{ gridRow: 3, gridColumn: 3, textAlign: 'center', fontWeight: 600 }} aria-hidden>
        Impact
      </Typography>
    </Box>
  );
}
