import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { TEST_AGGREGATIONS, TEST_OPERATORS, TEST_SCHEDULE_LABELS, TEST_SCHEDULES, type TestingMetric } from '@aegis/contracts';
import type { FieldErrors } from '../../../components/field-errors';
import type { TestFormValues } from '../test-form-values';
import { AGGREGATION_LABELS, conditionInWords, defaultOperator, OPERATOR_LABELS } from '../testing-labels';
import { MetricPicker } from './metric-picker';

type Props = {
  values: TestFormValues;
  change: (changes: Partial<TestFormValues>) => void;
  errors: FieldErrors;
  metrics: readonly TestingMetric[];
  metricsPending: boolean;
};

const number = { htmlInput: { inputMode: 'decimal' as const } };

/** A test's fields, for its creation and its edit: the metric, the condition, the window and the schedule, with the condition read back in words. */
export function TestFormFields({ values, change, errors, metrics, metricsPending }: Props) {
  const metric = metrics.find((m) => m.id === values.metric_id);
  const threshold = Number(values.threshold);
  const upper = Number(values.threshold_upper);
  const preview =
    metric && values.threshold.trim() !== '' && Number.isFinite(threshold)
      ? conditionInWords({
          metric_name: metric.name,
          metric_unit: metric.unit,
          operator: values.operator,
          threshold,
          threshold_upper: values.operator === 'between' && values.threshold_upper.trim() !== '' && Number.isFinite(upper) ? upper : null,
          aggregation: values.aggregation,
          window_kind: values.aggregation === 'latest' ? null : values.window_kind,
          window_size: values.aggregation === 'latest' ? null : Number(values.window_size) || null,
        })
      : null;
  const text = (field: keyof TestFormValues) => ({
    name: field,
    value: values[field],
    error: Boolean(errors[field]),
    onChange: (event: { target: { value: string } }) => change({ [field]: event.target.value }),
  });

  return (
    <Stack spacing={2.5} sx={{ pt: 1 }}>
      <TextField {...text('name')} label="Name" required fullWidth autoFocus helperText={errors.name ?? 'For example “Accuracy stays above 90 %”'} slotProps={{ htmlInput: { maxLength: 200 } }} />
      <MetricPicker
        metrics={metrics}
        pending={metricsPending}
        value={values.metric_id}
        error={errors.metric_id}
        onChange={(chosen) => change({ metric_id: chosen.id, ...(values.threshold === '' ? { operator: defaultOperator(chosen.direction) } : {}) })}
      />
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: values.operator === 'between' ? '1.4fr 1fr 1fr' : '1.4fr 1fr' } }}>
        <TextField {...text('operator')} select label="Condition" required helperText={errors.operator}>
          {TEST_OPERATORS.map((operator) => (
            <MenuItem key={operator} value={operator}>
              {OPERATOR_LABELS[operator]}
            </MenuItem>
          ))}
        </TextField>
        <TextField {...text('threshold')} label={values.operator === 'between' ? 'Lower bound' : 'Threshold'} required helperText={errors.threshold} slotProps={number} />
        {values.operator === 'between' && <TextField {...text('threshold_upper')} label="Upper bound" required helperText={errors.threshold_upper} slotProps={number} />}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: values.aggregation === 'latest' ? '1fr' : '1.4fr 1fr 1fr' } }}>
        <TextField {...text('aggregation')} select label="Judge" helperText={errors.aggregation ?? (values.aggregation === 'latest' ? 'The newest value alone' : 'An aggregate over a window')}>
          {TEST_AGGREGATIONS.map((aggregation) => (
            <MenuItem key={aggregation} value={aggregation}>
              {AGGREGATION_LABELS[aggregation]}
            </MenuItem>
          ))}
        </TextField>
        {values.aggregation !== 'latest' && (
          <>
            <TextField {...text('window_size')} label="Over the last" required helperText={errors.window_size ?? errors.window_kind} slotProps={{ htmlInput: { inputMode: 'numeric' } }} />
            <TextField {...text('window_kind')} select label="Window">
              <MenuItem value="values">values</MenuItem>
              <MenuItem value="days">days</MenuItem>
            </TextField>
          </>
        )}
      </Box>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
        <TextField
          {...text('lookback_days')}
          label="Lookback (days)"
          required
          helperText={errors.lookback_days ?? 'No value this recent: the run is an error, never a pass'}
          slotProps={{ htmlInput: { inputMode: 'numeric' } }}
        />
        <TextField {...text('schedule')} select label="Schedule" helperText={errors.schedule ?? 'When it runs by itself'}>
          {TEST_SCHEDULES.map((schedule) => (
            <MenuItem key={schedule} value={schedule}>
              {TEST_SCHEDULE_LABELS[schedule]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <TextField {...text('description')} label="Description" fullWidth multiline minRows={2} helperText={errors.description ?? 'Optional: why this threshold, where the metric comes from'} />
      {preview && (
        <Alert severity="info" icon={false} role="status">
          Passes when the {preview}.
        </Alert>
      )}
    </Stack>
  );
}
