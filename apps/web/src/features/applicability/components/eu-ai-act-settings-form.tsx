import { useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import type { ApplicabilityChange, EuAiActSettingsResponse } from '@aegis/contracts';
import { fieldErrorsFromApiError, focusFirstInvalid } from '../../../components/field-errors';
import { useDebounced } from '../../../components/use-debounced';
import { ApiError, errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { euAiActDryRunQuery, useEuAiActDryRun, useSaveEuAiActSettings } from '../api/save-eu-ai-act-settings';
import { changeSummary, takesOutOfScope } from '../change-summary';
import { draftOf, inputOf, sameDraft, type Draft } from '../settings-draft';
import { ChangeConfirmDialog } from './change-confirm-dialog';
import { ClassificationPanel } from './classification-panel';
import { SettingField } from './setting-field';

/** Answers are checked with the server this long after the last change. */
export const DRY_RUN_DELAY_MS = 300;

type Props = { projectId: string; data: EuAiActSettingsResponse; canUpdate: boolean };

/**
 * The eight settings, with the classification beside them. As the person answers, the server is asked
 * (dry run, once answers pause) what the answers give and what saving would move; a save that takes
 * requirements out of scope asks first. Render it keyed by updated_at: a save starts it from what the
 * server now holds.
 */
export function EuAiActSettingsForm({ projectId, data, canUpdate }: Props) {
  const queryClient = useQueryClient();
  const saved = draftOf(data.settings);
  const [draft, setDraft] = useState<Draft>(saved);
  const [confirming, setConfirming] = useState<ApplicabilityChange | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [checking, setChecking] = useState(false);
  const save = useSaveEuAiActSettings(projectId);
  const dirty = !sameDraft(draft, saved);
  const settled = useDebounced(draft, DRY_RUN_DELAY_MS);
  const previewing = canUpdate && !sameDraft(settled, saved);
  const dryRun = useEuAiActDryRun(projectId, inputOf(settled, data.fields), previewing);
  const preview = dirty && previewing ? dryRun.data : undefined;
  const errors = save.error ? fieldErrorsFromApiError(save.error) : dirty && dryRun.error ? fieldErrorsFromApiError(dryRun.error) : {};
  const summary = preview ? changeSummary(preview.change, 'would') : null;

  const send = async () => {
    setFailure(null);
    try {
      const answer = await save.mutateAsync(inputOf(draft, data.fields));
      setConfirming(null);
      const moved = changeSummary(answer.change, 'did');
      notifySuccess(moved ? `EU AI Act settings saved. ${moved}` : 'EU AI Act settings saved');
    } catch (error) {
      const byField = fieldErrorsFromApiError(error);
      if (!(error instanceof ApiError && error.status === 422 && Object.keys(byField).length > 0)) setFailure(errorDetail(error));
      setConfirming(null);
    }
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dirty || !canUpdate) return;
    const form = event.currentTarget;
    save.reset();
    setChecking(true);
    try {
      // What this very draft would move (the preview may be of an earlier one).
      const check = await queryClient.fetchQuery(euAiActDryRunQuery(projectId, inputOf(draft, data.fields)));
      if (takesOutOfScope(check.change)) setConfirming(check.change);
      else await send();
    } catch (error) {
      const byField = fieldErrorsFromApiError(error);
      if (Object.keys(byField).length > 0) focusFirstInvalid(form, byField);
      else setFailure(errorDetail(error));
    } finally {
      setChecking(false);
    }
  };

  const discard = () => {
    setDraft(saved);
    setFailure(null);
    save.reset();
  };

  const classification = preview?.classification ?? data.classification;
  return (
    <Box sx={{ display: 'grid', gap: 3, alignItems: 'start', gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 3fr) minmax(0, 2fr)' } }}>
      <form onSubmit={(event) => void submit(event)} noValidate aria-label="EU AI Act settings">
        <Stack spacing={3}>
          {!canUpdate && <Alert severity="info">Your role on this project lets you read these settings but not change them.</Alert>}
          {data.fields.map((field) => (
            <SettingField
              key={field.key}
              field={field}
              value={draft[field.key]}
              readOnly={!canUpdate}
              disabled={save.isPending}
              error={errors[field.key]}
              onChange={(value) => setDraft((current) => ({ ...current, [field.key]: value }))}
            />
          ))}
          {summary && (
            <Alert severity={takesOutOfScope(preview!.change) ? 'warning' : 'info'} aria-live="polite">
              If you save: {summary}
            </Alert>
          )}
          {failure && <Alert severity="error">{failure}</Alert>}
          {canUpdate && (
            <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
              <Button onClick={discard} disabled={!dirty || save.isPending}>
                Discard changes
              </Button>
              <Button type="submit" variant="contained" disabled={!dirty} loading={checking || (save.isPending && confirming === null)}>
                Save
              </Button>
            </Stack>
          )}
        </Stack>
      </form>
      <Box sx={{ position: { lg: 'sticky' }, top: { lg: 16 } }}>
        <ClassificationPanel
          classification={classification}
          fields={data.fields}
          datesSource={data.dates_source}
          preview={Boolean(preview)}
          updating={dirty && (dryRun.isFetching || draft !== settled)}
        />
      </Box>
      <ChangeConfirmDialog
        id="eu-ai-act-confirm"
        change={confirming}
        title="Save and take requirements out of scope?"
        confirmLabel="Save"
        pending={save.isPending}
        onConfirm={() => void send()}
        onClose={() => !save.isPending && setConfirming(null)}
      />
    </Box>
  );
}
