import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { CURRENCIES, CURRENCY_SYMBOLS, type Currency } from '@aegis/contracts';

type Props = {
  amount: string;
  onAmount: (text: string) => void;
  currency: Currency;
  onCurrency: (currency: Currency) => void;
  annualLoss: string;
  onAnnualLoss: (text: string) => void;
  /** The estimate the server would make (amount × the likelihood's yearly rate), shown when no loss is entered. */
  estimate: string;
  errors: Record<string, string | undefined>;
};

/** The monetary impact in euros (the default) or dollars, and the expected annual loss, entered or left to be estimated. */
export function MoneyFields({ amount, onAmount, currency, onCurrency, annualLoss, onAnnualLoss, estimate, errors }: Props) {
  const symbol = <InputAdornment position="start">{CURRENCY_SYMBOLS[currency]}</InputAdornment>;
  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1}>
        <TextField
          name="monetary_impact"
          label="Monetary impact"
          value={amount}
          onChange={(event) => onAmount(event.target.value)}
          error={Boolean(errors.monetary_impact)}
          helperText={errors.monetary_impact ?? 'What one occurrence would cost; optional'}
          sx={{ flexGrow: 1 }}
          slotProps={{ input: { startAdornment: symbol }, htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
        />
        <TextField select name="currency" label="Currency" value={currency} onChange={(event) => onCurrency(event.target.value as Currency)} error={Boolean(errors.currency)} helperText={errors.currency} sx={{ width: 120 }}>
          {CURRENCIES.map((code) => (
            <MenuItem key={code} value={code}>
              {CURRENCY_SYMBOLS[code]} {code}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
      <TextField
        name="expected_annual_loss"
        label="Expected annual loss"
        value={annualLoss}
        onChange={(event) => onAnnualLoss(event.target.value)}
        error={Boolean(errors.expected_annual_loss)}
        helperText={errors.expected_annual_loss ?? (estimate ? `Leave empty for the estimate: ${estimate} (impact × how often the likelihood says it happens a year)` : 'Optional; estimated from the monetary impact when left empty')}
        slotProps={{ input: { startAdornment: symbol }, htmlInput: { inputMode: 'decimal', autoComplete: 'off' } }}
      />
    </Stack>
  );
}
