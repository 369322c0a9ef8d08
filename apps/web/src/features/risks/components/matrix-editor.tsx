import Box from '@mui/material/Box';
import { RISK_LEVELS, RISK_LEVEL_LABELS, type RiskLevel, type RiskMatrix } from '@aegis/contracts';
import { visuallyHidden } from '../../../components/visually-hidden';
import { RiskGrid } from './risk-grid';
import { LEVEL_EDGE, LEVEL_FILL, LEVEL_TEXT } from './risk-level-styles';

type Props = {
  matrix: RiskMatrix;
  /** Absent: the matrix is only shown. */
  onChange?: (matrix: RiskMatrix) => void;
  /** Cells refused, by "likelihood-impact" (1-based): outlined, with the reason in their description. */
  invalid?: Record<string, string>;
};

const cellName = (likelihood: number, impact: number) => `Likelihood ${likelihood}, impact ${impact}`;

/**
 * The organization's 5×5 matrix: a level select per cell for those who may change it (each named by its
 * likelihood and impact, coloured by its level), the level written in each cell otherwise.
 */
export function MatrixEditor({ matrix, onChange, invalid = {} }: Props) {
  const set = (likelihood: number, impact: number, level: RiskLevel) =>
    onChange?.(matrix.map((row, l) => (l === likelihood - 1 ? row.map((cell, i) => (i === impact - 1 ? level : cell)) : row)));
  return (
    <RiskGrid
      cellWidth={onChange ? 96 : 72}
      renderCell={(likelihood, impact) => {
        const level = matrix[likelihood - 1]![impact - 1]!;
        const problem = invalid[`${likelihood}-${impact}`];
        const look = { flex: 1, minHeight: 40, borderRadius: 1, bgcolor: LEVEL_FILL[level], color: LEVEL_TEXT, border: problem ? 3 : 1, borderColor: problem ? 'error.main' : LEVEL_EDGE[level] };
        if (!onChange) {
          return (
            <Box sx={{ ...look, display: 'flex', alignItems: 'center', justifyContent: 'center', typography: 'body2', fontWeight: 600 }}>
              <Box component="span" sx={visuallyHidden}>
                {cellName(likelihood, impact)}:{' '}
              </Box>
              {RISK_LEVEL_LABELS[level]}
            </Box>
          );
        }
        const describedBy = problem ? `matrix-cell-${likelihood}-${impact}-problem` : undefined;
        return (
          <Box sx={{ ...look, display: 'flex', position: 'relative' }}>
            <Box
              component="select"
              aria-label={cellName(likelihood, impact)}
              aria-invalid={Boolean(problem)}
              aria-describedby={describedBy}
              value={level}
              onChange={(event: React.ChangeEvent<HTMLSelectElement>) => set(likelihood, impact, event.target.value as RiskLevel)}
              sx={{ flex: 1, minWidth: 0, border: 0, bgcolor: 'transparent', color: LEVEL_TEXT, font: 'inherit', typography: 'body2', fontWeight: 600, px: 0.5, cursor: 'pointer', '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main' }, '& option': { color: '#000', bgcolor: '#fff' } }}
            >
              {RISK_LEVELS.map((option) => (
                <option key={option} value={option}>
                  {RISK_LEVEL_LABELS[option]}
                </option>
              ))}
            </Box>
            {problem && (
              <Box component="span" id={describedBy} sx={visuallyHidden}>
                {problem}
              </Box>
            )}
          </Box>
        );
      }}
    />
  );
}
