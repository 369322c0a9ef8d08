import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import type { BulkControlsResult } from '@aegis/contracts';
import { errorDetail } from '../../../lib/errors';

/**
 * The server's refusal of a change to several controls reads "Nothing was changed. 2 of 5 controls
 * refused it — A: why; B: why": its headline, then one line per control.
 */
export function splitRefusal(detail: string): { headline: string; lines: string[] } {
  const at = detail.indexOf(' — ');
  if (at < 0) return { headline: detail, lines: [] };
  const lines = detail
    .slice(at + 3)
    .split('; ')
    .map((line) => (line === '…' ? 'and more' : line.replace(/^([^:]+): /, '$1 — ')));
  return { headline: detail.slice(0, at), lines };
}

/** A refused change, in the dialog where it was asked for; nothing when there is none. */
export function RefusalAlert({ error }: { error: unknown }) {
  if (!error) return null;
  const { headline, lines } = splitRefusal(errorDetail(error));
  return (
    <Alert severity="error" sx={{ mt: 2 }}>
      {headline}
      {lines.length > 0 && (
        <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </Box>
      )}
    </Alert>
  );
}

/** "2 changed, 1 refused: …" — what a bulk change did, one line per control it refused, with why. */
export function bulkResultHeadline(result: BulkControlsResult): string {
  return `${result.updated.length} changed, ${result.refused.length} refused:`;
}

/** The controls a bulk change refused (approved ones are locked), under how many changed; nothing when none was refused. */
export function BulkResultAlert({ result }: { result: BulkControlsResult | null }) {
  if (!result || result.refused.length === 0) return null;
  return (
    <Alert severity="warning" sx={{ mt: 2 }}>
      {bulkResultHeadline(result)}
      <Box component="ul" sx={{ m: 0, mt: 1, pl: 2.5 }}>
        {result.refused.map((refusal) => (
          <li key={refusal.id}>{`${refusal.control_code} — ${refusal.detail}`}</li>
        ))}
      </Box>
    </Alert>
  );
}
