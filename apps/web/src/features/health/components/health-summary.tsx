import { PRODUCT_NAME, type HealthState } from '@aegis/contracts';
import Alert from '@mui/material/Alert';

const SUMMARY: Record<HealthState, { severity: 'success' | 'warning' | 'error'; text: string }> = {
  ok: { severity: 'success', text: 'All systems operational.' },
  degraded: { severity: 'warning', text: `${PRODUCT_NAME} works, but a part it depends on has a problem (see below).` },
  unavailable: { severity: 'error', text: `${PRODUCT_NAME} is unavailable: its database does not answer.` },
};

/** The overall state in one sentence, announced when a later check changes it. */
export function HealthSummary({ state }: { state: HealthState }) {
  const { severity, text } = SUMMARY[state];
  return (
    <Alert severity={severity} role="status" aria-live="polite" sx={{ my: 2 }}>
      {text}
    </Alert>
  );
}
