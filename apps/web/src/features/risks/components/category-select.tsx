import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { RISK_CATEGORIES, RISK_CATEGORY_INFO, type RiskCategory } from '@aegis/contracts';

type Props = { value: RiskCategory | null; onChange: (category: RiskCategory | null) => void; error?: string; disabled?: boolean };

/** The AI risk taxonomy (the NIST AI RMF's trustworthiness characteristics, legal and other), each with what it covers. */
export function CategorySelect({ value, onChange, error, disabled }: Props) {
  return (
    <TextField
      select
      name="category"
      label="Category"
      value={value ?? ''}
      onChange={(event) => onChange((event.target.value || null) as RiskCategory | null)}
      error={Boolean(error)}
      helperText={error ?? (value ? RISK_CATEGORY_INFO[value].description : 'Based on the NIST AI RMF trustworthiness characteristics')}
      disabled={disabled}
      fullWidth
      slotProps={{ inputLabel: { shrink: true }, select: { displayEmpty: true, renderValue: (selected) => (selected ? RISK_CATEGORY_INFO[selected as RiskCategory].label : 'Uncategorised') } }}
    >
      <MenuItem value="">Uncategorised</MenuItem>
      {RISK_CATEGORIES.map((category) => (
        <MenuItem key={category} value={category} sx={{ whiteSpace: 'normal', maxWidth: 560 }}>
          <ListItemText
            primary={`${RISK_CATEGORY_INFO[category].label}${RISK_CATEGORY_INFO[category].nist_section ? ` (NIST AI RMF ${RISK_CATEGORY_INFO[category].nist_section})` : ''}`}
            secondary={RISK_CATEGORY_INFO[category].description}
          />
        </MenuItem>
      ))}
    </TextField>
  );
}
