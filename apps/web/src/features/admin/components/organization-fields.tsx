import TextField from '@mui/material/TextField';
import { fieldErrorsFromIssues, type FieldErrors } from '../../../components/field-errors';

export type OrganizationFormValues = { name: string; quota: string };

/**
 * The quota as the API takes it: empty is unlimited (null). Anything that is not a whole number is
 * passed on as NaN, for the contract schema to refuse with its own message.
 */
export function quotaFromText(text: string): number | null {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  return /^-?\d+$/.test(trimmed) ? Number(trimmed) : Number.NaN;
}

export const quotaToText = (projects: number | null) => (projects === null ? '' : String(projects));

const QUOTA_NOT_WHOLE = 'Enter a whole number of projects, or leave it empty for unlimited';

/** The schema's messages by field, in words for a quota that is not a whole number at all. */
export function organizationFieldErrors(issues: Parameters<typeof fieldErrorsFromIssues>[0], quotaText: string): FieldErrors {
  const errors = fieldErrorsFromIssues(issues);
  if (errors.plan_quota && Number.isNaN(quotaFromText(quotaText))) errors.plan_quota = QUOTA_NOT_WHOLE;
  return errors;
}

type Props = {
  values: OrganizationFormValues;
  errors: FieldErrors;
  onChange: (values: OrganizationFormValues) => void;
};

/** Name and plan quota: what creating and editing an organization have in common. */
export function OrganizationFields({ values, errors, onChange }: Props) {
  return (
    <>
      <TextField
        name="name"
        label="Name"
        value={values.name}
        onChange={(event) => onChange({ ...values, name: event.target.value })}
        error={Boolean(errors.name)}
        helperText={errors.name}
        autoComplete="off"
        slotProps={{ htmlInput: { maxLength: 200 } }}
        required
        autoFocus
        fullWidth
      />
      <TextField
        name="plan_quota"
        type="number"
        label="Plan quota (projects)"
        value={values.quota}
        onChange={(event) => onChange({ ...values, quota: event.target.value })}
        error={Boolean(errors.plan_quota)}
        helperText={errors.plan_quota ?? 'Projects allowed of each type (AI application, organization). Leave empty for unlimited.'}
        slotProps={{ htmlInput: { min: 0, step: 1, inputMode: 'numeric' } }}
        fullWidth
      />
    </>
  );
}
