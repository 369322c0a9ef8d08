import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { IMPACT_DESCRIPTIONS, IMPACT_LABELS, LIKELIHOOD_DESCRIPTIONS, LIKELIHOOD_LABELS, RISK_SCORES, type RiskScore } from '@aegis/contracts';

type Props = {
  kind: 'likelihood' | 'impact';
  /** The form field's name (for its error and the focus on a refusal). */
  name: string;
  label: string;
  value: RiskScore | null;
  onChange: (score: RiskScore | null) => void;
  error?: string;
  helperText?: string;
  /** Offer "Not assessed" (a residual score left out). */
  allowNone?: boolean;
  /** Scores above this one are not offered (a residual is never above the inherent score). */
  max?: RiskScore;
  disabled?: boolean;
  required?: boolean;
};

/** A likelihood or an impact, 1 to 5, each with its word and what it means, so that people score alike. */
export function ScoreSelect({ kind, name, label, value, onChange, error, helperText, allowNone = false, max = 5, disabled, required }: Props) {
  const labels = kind === 'likelihood' ? LIKELIHOOD_LABELS : IMPACT_LABELS;
  const descriptions = kind === 'likelihood' ? LIKELIHOOD_DESCRIPTIONS : IMPACT_DESCRIPTIONS;
  return (
    <TextField
      select
      name={name}
      label={label}
      value={value === null ? '' : String(value)}
      onChange={(event) => onChange(event.target.value === '' ? null : (Number(event.target.value) as RiskScore))}
      error={Boolean(error)}
      helperText={error ?? helperText}
      disabled={disabled}
      required={required}
      fullWidth
      slotProps={{ select: { displayEmpty: allowNone, renderValue: (selected) => (selected === '' ? (allowNone ? 'Not assessed' : '') : `${String(selected)} — ${labels[Number(selected) as RiskScore]}`) }, inputLabel: allowNone ? { shrink: true } : undefined }}
    >
      {allowNone && (
        <MenuItem value="">
          <ListItemText primary="Not assessed" secondary="The inherent score stands" />
        </MenuItem>
      )}
      {RISK_SCORES.filter((score) => score <= max).map((score) => (
        <MenuItem key={score} value={String(score)}>
          <ListItemText primary={`${score} — ${labels[score]}`} secondary={descriptions[score]} />
        </MenuItem>
      ))}
    </TextField>
  );
}
