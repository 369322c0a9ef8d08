import ButtonBase from '@mui/material/ButtonBase';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { alpha, type Theme } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import { RISK_LEVEL_LABELS, riskLevelOf, type RiskMatrix, type RiskScore } from '@aegis/contracts';
import { KEEP_FILTERS } from '../../../lib/project-paths';
import type { HeatMapCell, HeatMapView } from '../risk-list-params';
import { RiskGrid } from './risk-grid';
import { LEVEL_FILL, LEVEL_TEXT } from './risk-level-styles';

/** What a cell with risks does when chosen: filter the list here, or open the register filtered. */
export type CellAction = { onSelect: (cell: HeatMapCell) => void } | { linkTo: (cell: HeatMapCell) => string };

type Props = {
  /** The id of the heading that names this map ("Inherent risk"). */
  labelledBy: string;
  view: HeatMapView;
  /** counts[likelihood - 1][impact - 1]. */
  counts: number[][];
  matrix: RiskMatrix;
  /** The cell the list is filtered by, shown pressed. */
  selected?: HeatMapCell;
  action: CellAction;
  compact?: boolean;
};

/** "Likelihood 4, impact 5: 2 risks, critical": what a cell says to a screen reader. */
export function cellLabel(likelihood: number, impact: number, count: number, level: keyof typeof RISK_LEVEL_LABELS) {
  return `Likelihood ${likelihood}, impact ${impact}: ${count} ${count === 1 ? 'risk' : 'risks'}, ${RISK_LEVEL_LABELS[level].toLowerCase()}`;
}

/**
 * One heat map: each cell of the 5×5 grid coloured by the organization's matrix with how many risks
 * fall in it. A cell with risks is a button (or a link) that filters the register to them; empty
 * cells are not stops for the keyboard.
 */
export function HeatMapGrid({ labelledBy, view, counts, matrix, selected, action, compact }: Props) {
  const renderCell = (likelihood: RiskScore, impact: RiskScore) => {
    const level = riskLevelOf(matrix, likelihood, impact);
    const count = counts[likelihood - 1]?.[impact - 1] ?? 0;
    const cell: HeatMapCell = { view, likelihood, impact };
    const pressed = selected?.view === view && selected.likelihood === likelihood && selected.impact === impact;
    const look = {
      flex: 1,
      minHeight: compact ? 36 : 44,
      borderRadius: 1,
      bgcolor: count > 0 ? LEVEL_FILL[level] : alpha(LEVEL_FILL[level], 0.35),
      color: LEVEL_TEXT,
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      fontWeight: 700,
      fontSize: compact ? '0.875rem' : '1rem',
    } as const;
    if (count === 0) return <Box sx={look} aria-hidden title={`${RISK_LEVEL_LABELS[level]}: no risk`} />;
    const label = cellLabel(likelihood, impact, count, level);
    const selectedLook = pressed ? { outline: '3px solid', outlineColor: 'text.primary', outlineOffset: 1, boxShadow: (theme: Theme) => `inset 0 0 0 2px ${theme.palette.background.paper}` } : {};
    const props = { 'aria-label': label, title: label, sx: { ...look, ...selectedLook, '&:hover': { filter: 'brightness(0.92)' }, '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 1 } } };
    if ('linkTo' in action) {
      return (
        <ButtonBase component={RouterLink} to={action.linkTo(cell)} state={KEEP_FILTERS} {...props}>
          {count}
        </ButtonBase>
      );
    }
    return (
      <ButtonBase aria-pressed={pressed} onClick={() => action.onSelect(cell)} {...props}>
        {count}
      </ButtonBase>
    );
  };
  return (
    <Box role="group" aria-labelledby={labelledBy}>
      <RiskGrid renderCell={renderCell} compact={compact} cellWidth={compact ? 32 : 44} />
    </Box>
  );
}

/** The legend of the maps: each level's colour and name, and the appetite. */
export function LevelLegend({ appetite }: { appetite?: keyof typeof RISK_LEVEL_LABELS }) {
  return (
    <Box component="ul" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5, listStyle: 'none', m: 0, p: 0, alignItems: 'center' }}>
      {(Object.keys(LEVEL_FILL) as (keyof typeof LEVEL_FILL)[]).map((level) => (
        <Box component="li" key={level} sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
          <Box aria-hidden sx={{ width: 14, height: 14, borderRadius: 0.5, bgcolor: LEVEL_FILL[level], border: 1, borderColor: 'divider' }} />
          <Typography component="span" variant="body2">
            {RISK_LEVEL_LABELS[level]}
          </Typography>
        </Box>
      ))}
      {appetite && (
        <Typography component="li" variant="body2" color="text.secondary">
          Appetite: {RISK_LEVEL_LABELS[appetite].toLowerCase()} — risks above it are flagged
        </Typography>
      )}
    </Box>
  );
}
