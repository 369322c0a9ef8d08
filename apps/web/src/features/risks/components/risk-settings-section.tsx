import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { DEFAULT_RISK_APPETITE, DEFAULT_RISK_MATRIX, matrixInconsistencies, RISK_LEVELS, RISK_LEVEL_LABELS, type RiskLevel, type RiskMatrix, type RiskSettings } from '@aegis/contracts';
import { RetryAlert } from '../../../components/retry-alert';
import { SectionHeading } from '../../../components/section-heading';
import { ApiError, errorDetail } from '../../../lib/errors';
import { formatDateTime } from '../../../lib/format';
import { notifySuccess } from '../../../lib/notifier';
import { useRiskSettings } from '../api/get-risk-settings';
import { useUpdateRiskSettings } from '../api/update-risk-settings';
import { MatrixEditor } from './matrix-editor';

/** The cells a 422 names (`body.matrix.3.4` is likelihood 4, impact 5), by "likelihood-impact". */
function refusedCells(error: unknown): Record<string, string> {
  if (!(error instanceof ApiError) || error.status !== 422) return {};
  const cells: Record<string, string> = {};
  for (const { path, message } of error.errors) {
    const match = /^body\.matrix\.(\d)\.(\d)$/.exec(path);
    if (match) cells[`${Number(match[1]) + 1}-${Number(match[2]) + 1}`] = message;
  }
  return cells;
}

const same = (a: RiskMatrix, b: RiskMatrix) => JSON.stringify(a) === JSON.stringify(b);

function SettingsForm({ organizationId, settings }: { organizationId: string; settings: RiskSettings }) {
  const [matrix, setMatrix] = useState<RiskMatrix>(settings.matrix);
  const [appetite, setAppetite] = useState<RiskLevel>(settings.appetite);
  const [checked, setChecked] = useState(false);
  const save = useUpdateRiskSettings(organizationId);
  const changed = !same(matrix, settings.matrix) || appetite !== settings.appetite;
  const own = Object.fromEntries(matrixInconsistencies(matrix).map(({ path: [l, i], message }) => [`${l + 1}-${i + 1}`, message]));
  const invalid = { ...(checked ? own : {}), ...refusedCells(save.error) };
  const problems = Object.values(invalid);

  const submit = () => {
    setChecked(true);
    if (Object.keys(own).length > 0) return;
    save.mutate(
      { matrix, appetite },
      { onSuccess: () => notifySuccess('Risk matrix and appetite saved: every risk of the organization is levelled by them now') },
    );
  };

  return (
    <Stack spacing={2.5}>
      <Box sx={{ maxWidth: 760 }}>
        <MatrixEditor matrix={matrix} onChange={setMatrix} invalid={invalid} />
      </Box>
      {problems.length > 0 && (
        <Alert severity="error">
          A level must not go down as likelihood or impact goes up:
          <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </Box>
        </Alert>
      )}
      <TextField select name="appetite" label="Risk appetite" value={appetite} onChange={(event) => setAppetite(event.target.value as RiskLevel)} helperText="Risks whose residual level is above it are flagged on the lists and dashboards" sx={{ maxWidth: 360 }}>
        {RISK_LEVELS.map((level) => (
          <MenuItem key={level} value={level}>
            {RISK_LEVEL_LABELS[level]}
          </MenuItem>
        ))}
      </TextField>
      {save.isError && problems.length === 0 && <Alert severity="error">{errorDetail(save.error)}</Alert>}
      <Stack direction="row" spacing={1}>
        <Button variant="contained" onClick={submit} disabled={!changed} loading={save.isPending}>
          Save matrix and appetite
        </Button>
        <Button
          onClick={() => {
            setMatrix(DEFAULT_RISK_MATRIX);
            setAppetite(DEFAULT_RISK_APPETITE);
          }}
          disabled={same(matrix, DEFAULT_RISK_MATRIX) && appetite === DEFAULT_RISK_APPETITE}
        >
          Back to the defaults
        </Button>
      </Stack>
    </Stack>
  );
}

type Props = { organizationId: string; /** config:update: change the matrix and the appetite. */ canUpdate: boolean };

/**
 * Organization settings: the 5×5 matrix that turns a risk's likelihood and impact into its level, and
 * the appetite above which risks are flagged. Saving levels every risk of the organization again.
 */
export function RiskSettingsSection({ organizationId, canUpdate }: Props) {
  const settings = useRiskSettings(organizationId);
  const data = settings.data;
  return (
    <Box component="section" aria-labelledby="risk-settings-title" sx={{ mt: 4 }}>
      <SectionHeading
        id="risk-settings-title"
        level={2}
        title="Risk matrix and appetite"
        description="How each project's risks are levelled from their likelihood and impact, and from which level they are flagged."
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {settings.isPending && <LinearProgress aria-label="Loading the risk matrix" />}
        {settings.isError && <RetryAlert onRetry={() => void settings.refetch()}>The risk matrix could not be loaded.</RetryAlert>}
        {data && (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {data.is_default
                ? 'The product’s default: by likelihood × impact — 1 to 4 low, 5 to 9 medium, 10 to 16 high, 20 and 25 critical; appetite medium.'
                : `Changed by ${data.updated_by?.name ?? 'someone no longer here'}${data.updated_at ? ` on ${formatDateTime(data.updated_at)}` : ''}.`}
            </Typography>
            {canUpdate ? (
              <SettingsForm key={data.updated_at ?? 'default'} organizationId={organizationId} settings={data} />
            ) : (
              <>
                <Box sx={{ maxWidth: 640 }}>
                  <MatrixEditor matrix={data.matrix} />
                </Box>
                <Typography variant="body2">
                  Risk appetite: <strong>{RISK_LEVEL_LABELS[data.appetite]}</strong>. Changing them needs an organization admin.
                </Typography>
              </>
            )}
          </Stack>
        )}
      </Paper>
    </Box>
  );
}
