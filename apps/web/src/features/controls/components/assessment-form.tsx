import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { ASSESSMENT_RESULTS, ASSESSMENT_RESULT_LABELS, type AssessmentResult } from '@aegis/contracts';
import { useFormFields } from '../../../components/use-form-fields';
import { notifySuccess } from '../../../lib/notifier';
import { createAssessmentSchema, useCreateAssessment } from '../api/create-assessment';

type Props = { projectId: string; controlCode: string };

/** Records an assessment: whether the control is met, and why (the rationale an auditor reads). */
export function AssessmentForm({ projectId, controlCode }: Props) {
  const form = useFormFields<{ result: AssessmentResult | ''; rationale: string }>({ result: '', rationale: '' });
  const create = useCreateAssessment(projectId, controlCode);
  const onSubmit = form.handleSubmit(
    () => createAssessmentSchema.safeParse(form.values),
    async (input) => {
      await create.mutateAsync(input);
      notifySuccess(`Assessment recorded: ${ASSESSMENT_RESULT_LABELS[input.result]}`);
      form.reset();
    },
    (issues) => Object.fromEntries(issues.map((issue) => [String(issue.path[0]), issue.path[0] === 'result' ? 'Choose a result' : issue.message])),
  );

  return (
    <Box component="form" onSubmit={onSubmit} noValidate aria-label="Record an assessment" sx={{ mb: 3 }}>
      <Stack spacing={2}>
        <FormControl error={Boolean(form.errors.result)}>
          <FormLabel id="assessment-result-label">Result</FormLabel>
          <RadioGroup row aria-labelledby="assessment-result-label" name="result" value={form.values.result} onChange={(event) => form.set('result')(event.target.value as AssessmentResult)}>
            {ASSESSMENT_RESULTS.map((result) => (
              <FormControlLabel key={result} value={result} label={ASSESSMENT_RESULT_LABELS[result]} control={<Radio />} />
            ))}
          </RadioGroup>
          {form.errors.result && <FormHelperText>{form.errors.result}</FormHelperText>}
        </FormControl>
        <TextField
          name="rationale"
          label="Rationale"
          required
          multiline
          minRows={3}
          value={form.values.rationale}
          onChange={(event) => form.set('rationale')(event.target.value)}
          error={Boolean(form.errors.rationale)}
          helperText={form.errors.rationale ?? 'What you looked at and what you found'}
          slotProps={{ htmlInput: { maxLength: 5000 } }}
        />
        <Box>
          <Button type="submit" variant="contained" loading={create.isPending}>
            Record assessment
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
