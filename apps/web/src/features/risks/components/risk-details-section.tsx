import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { Currency, RiskCategory, RiskDetail, RiskScore, UpdateRisk } from '@aegis/contracts';
import { DetailSection, focusSection } from '../../../components/detail-section';
import { fieldErrorsFromApiError, fieldErrorsFromIssues, focusFirstInvalid, type FieldErrors } from '../../../components/field-errors';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { updateRiskSchema, useUpdateRisk } from '../api/update-risk';
import { amountText, estimatedAnnualLoss, formatMoney, parseAmount } from '../money';
import { categoryLabel } from '../risk-labels';
import { AffectedField } from './affected-field';
import { CategorySelect } from './category-select';
import { MoneyFields } from './money-fields';

const AMOUNT_HINT = 'Write an amount such as 12500 or 12500.50';

function DetailsForm({ projectId, risk }: { projectId: string; risk: RiskDetail }) {
  const [name, setName] = useState(risk.name);
  const [description, setDescription] = useState(risk.description);
  const [category, setCategory] = useState<RiskCategory | null>(risk.category);
  const [affected, setAffected] = useState(risk.affected);
  const [currency, setCurrency] = useState<Currency>(risk.currency);
  const [amount, setAmount] = useState(amountText(risk.monetary_impact));
  // An estimate is not the person's: the field stays empty so that it keeps following the impact.
  const [annualLoss, setAnnualLoss] = useState(risk.expected_annual_loss_source === 'entered' ? amountText(risk.expected_annual_loss) : '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const save = useUpdateRisk(projectId, risk.id);

  const monetary = parseAmount(amount);
  const loss = parseAmount(annualLoss);
  const enteredLoss = risk.expected_annual_loss_source === 'entered' ? risk.expected_annual_loss : null;
  // Only what changed is sent: the log then says exactly what was done.
  const changes: UpdateRisk = {};
  if (name !== risk.name) changes.name = name;
  if (description !== risk.description) changes.description = description;
  if (category !== risk.category) changes.category = category;
  if (affected.join('\n') !== risk.affected.join('\n')) changes.affected = affected;
  if (currency !== risk.currency) changes.currency = currency;
  if (monetary !== risk.monetary_impact) changes.monetary_impact = monetary;
  if (loss !== enteredLoss) changes.expected_annual_loss = loss;
  const changed = Object.keys(changes).length > 0;
  const estimate = monetary !== null && !Number.isNaN(monetary) ? formatMoney(estimatedAnnualLoss(monetary, risk.likelihood as RiskScore), currency) : '';

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const found: FieldErrors = {};
    if (Number.isNaN(monetary)) found.monetary_impact = AMOUNT_HINT;
    if (Number.isNaN(loss)) found.expected_annual_loss = AMOUNT_HINT;
    const checked = updateRiskSchema.safeParse(changes);
    if (!checked.success || Object.keys(found).length > 0) {
      const all = { ...(checked.success ? {} : fieldErrorsFromIssues(checked.error.issues)), ...found };
      setErrors(all);
      return focusFirstInvalid(form, all);
    }
    setErrors({});
    save.mutateAsync(checked.data).then(
      () => {
        focusSection('risk-details');
        notifySuccess('Changes saved');
      },
      (error: unknown) => setErrors(fieldErrorsFromApiError(error)),
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate>
      <Stack spacing={2}>
        <TextField name="name" label="Name" required value={name} onChange={(event) => setName(event.target.value)} error={Boolean(errors.name)} helperText={errors.name} slotProps={{ htmlInput: { maxLength: 300 } }} />
        <TextField
          name="description"
          label="Description"
          multiline
          minRows={3}
          value={description}
          onChange={(event) => setDescription(event.target.value)}
          error={Boolean(errors.description)}
          helperText={errors.description}
          slotProps={{ htmlInput: { maxLength: 10_000 } }}
        />
        <CategorySelect value={category} onChange={setCategory} error={errors.category} />
        <AffectedField value={affected} onChange={setAffected} error={errors.affected} />
        <MoneyFields amount={amount} onAmount={setAmount} currency={currency} onCurrency={setCurrency} annualLoss={annualLoss} onAnnualLoss={setAnnualLoss} estimate={estimate} errors={errors} />
        {save.isError && Object.keys(errors).length === 0 && <Alert severity="error">{errorDetail(save.error)}</Alert>}
        <Box>
          <Button type="submit" variant="outlined" disabled={!changed} loading={save.isPending}>
            Save changes
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}

function ReadOnlyDetails({ risk }: { risk: RiskDetail }) {
  const none = (text = 'None') => (
    <Typography variant="body2" color="text.secondary">
      {text}
    </Typography>
  );
  return (
    <Stack spacing={2} component="dl" sx={{ m: 0, '& dt': { typography: 'subtitle2' }, '& dd': { m: 0 } }}>
      <div>
        <dt>Description</dt>
        <dd>{risk.description ? <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>{risk.description}</Typography> : none()}</dd>
      </div>
      <div>
        <dt>Category</dt>
        <dd>
          <Typography variant="body2">{categoryLabel(risk.category)}</Typography>
        </dd>
      </div>
      <div>
        <dt>Affected people or groups</dt>
        <dd>
          {risk.affected.length > 0 ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 0.5 }}>
              {risk.affected.map((group) => (
                <Chip key={group} size="small" label={group} />
              ))}
            </Box>
          ) : (
            none('None named')
          )}
        </dd>
      </div>
      <div>
        <dt>Monetary impact</dt>
        <dd>{risk.monetary_impact === null ? none('Not estimated') : <Typography variant="body2">{formatMoney(risk.monetary_impact, risk.currency)}</Typography>}</dd>
      </div>
      <div>
        <dt>Expected annual loss</dt>
        <dd>
          {risk.expected_annual_loss === null ? (
            none('Not estimated')
          ) : (
            <Typography variant="body2">
              {formatMoney(risk.expected_annual_loss, risk.currency)}
              {risk.expected_annual_loss_source === 'estimated' ? ' (estimated)' : ''}
            </Typography>
          )}
        </dd>
      </div>
    </Stack>
  );
}

type Props = { projectId: string; risk: RiskDetail; canUpdate: boolean };

/** What the risk is, whom it would harm and what it would cost: a form while it may change, text otherwise. */
export function RiskDetailsSection({ projectId, risk, canUpdate }: Props) {
  const editable = canUpdate && !risk.locked;
  const savedKey = [risk.name, risk.description, risk.category, risk.affected.join('|'), risk.currency, risk.monetary_impact, risk.expected_annual_loss, risk.expected_annual_loss_source].join('¦');
  return (
    <DetailSection id="risk-details" title="Details">
      {editable ? <DetailsForm key={savedKey} projectId={projectId} risk={risk} /> : <ReadOnlyDetails risk={risk} />}
      {editable && risk.expected_annual_loss_source === 'estimated' && risk.expected_annual_loss !== null && (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          Expected annual loss now: {formatMoney(risk.expected_annual_loss, risk.currency)} (estimated).
        </Typography>
      )}
    </DetailSection>
  );
}
