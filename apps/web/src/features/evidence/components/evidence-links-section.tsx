import { useState, type FormEvent, type ReactNode } from 'react';
import CancelOutlinedIcon from '@mui/icons-material/CancelOutlined';
import CheckCircleOutlinedIcon from '@mui/icons-material/CheckCircleOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import ReportProblemOutlinedIcon from '@mui/icons-material/ReportProblemOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { EvidenceControlRef, EvidenceDetail, EvidenceScoreResult, WorkItemStatus } from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';
import { FormDialog } from '../../../components/form-dialog';
import { StatusChip } from '../../../components/status-chip';
import { useDebounced } from '../../../components/use-debounced';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { controlDetailPath, riskDetailPath } from '../../../lib/project-paths';
import { useUpdateEvidence } from '../api/evidence-api';
import { useControlOptions, useRiskOptions } from '../api/evidence-options-api';

/** Spec section 4's result icons for an evidence's relevance to a control: passed, failed, error. */
const SCORE_ICONS: Record<EvidenceScoreResult, { Icon: typeof CheckCircleOutlinedIcon; label: string; color: 'success' | 'error' | 'warning' }> = {
  passed: { Icon: CheckCircleOutlinedIcon, label: 'Relevant', color: 'success' },
  failed: { Icon: CancelOutlinedIcon, label: 'Not relevant enough', color: 'error' },
  error: { Icon: ReportProblemOutlinedIcon, label: 'Could not be scored', color: 'warning' },
};

function ScoreMark({ control }: { control: EvidenceControlRef }) {
  if (!control.score_result) return null;
  const { Icon, label, color } = SCORE_ICONS[control.score_result];
  const score = control.score === null ? '' : ` (${Math.round(control.score * 100)} %)`;
  return (
    <Tooltip title={control.score_reason ?? label}>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }}>
        <Icon aria-hidden color={color} fontSize="small" />
        <Typography component="span" variant="caption">
          {label}
          {score}
        </Typography>
      </Box>
    </Tooltip>
  );
}

type Item = { id: string; key: string; title: string; status: WorkItemStatus };

type PickerProps = {
  label: string;
  value: Item[];
  onChange: (items: Item[]) => void;
  options: Item[];
  loading: boolean;
  onInput: (text: string) => void;
  name: string;
  helperText: string;
};

function ItemPicker({ label, value, onChange, options, loading, onInput, name, helperText }: PickerProps) {
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      onInputChange={(_event, text, reason) => reason !== 'reset' && onInput(text)}
      // The server filters by code (or reference) and title; the options are its answer.
      filterOptions={(items) => items}
      getOptionLabel={(item) => `${item.key} ${item.title}`}
      getOptionKey={(item) => item.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={loading}
      loadingText="Looking…"
      noOptionsText="Nothing of the project matches"
      renderOption={({ key, ...props }, item) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{item.key}</Typography>
            <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </Typography>
          </Box>
          <StatusChip status={item.status} />
        </Box>
      )}
      renderInput={(params) => <TextField {...params} name={name} label={label} helperText={helperText} />}
    />
  );
}

const controlItems = (evidence: EvidenceDetail): Item[] => evidence.controls.map((c) => ({ id: c.id, key: c.control_code, title: c.title, status: c.status }));
const riskItems = (evidence: EvidenceDetail): Item[] => evidence.risks.map((r) => ({ id: r.id, key: r.reference, title: r.name, status: r.status }));

type DialogProps = { projectId: string; evidence: EvidenceDetail; canReadControls: boolean; canReadRisks: boolean; onClose: () => void };

/** Chooses the controls and risks the evidence proves; saving replaces both lists (an approved control or risk refuses a change, said here). */
function EditLinksDialog({ projectId, evidence, canReadControls, canReadRisks, onClose }: DialogProps) {
  const [controls, setControls] = useState(controlItems(evidence));
  const [risks, setRisks] = useState(riskItems(evidence));
  const [controlInput, setControlInput] = useState('');
  const [riskInput, setRiskInput] = useState('');
  const controlSearch = useDebounced(controlInput.trim(), 250);
  const riskSearch = useDebounced(riskInput.trim(), 250);
  const controlOptions = useControlOptions(projectId, controlSearch, canReadControls);
  const riskOptions = useRiskOptions(projectId, riskSearch, canReadRisks);
  const save = useUpdateEvidence(projectId, evidence.id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      { control_ids: controls.map((c) => c.id), risk_ids: risks.map((r) => r.id) },
      {
        onSuccess: () => {
          notifySuccess('Links saved');
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      id="evidence-links"
      open
      onClose={onClose}
      title={`What “${evidence.name}” proves`}
      text="The controls it shows to work and the risks whose treatment it documents. Approved controls and risks keep their links until they are reopened."
      error={save.isError ? errorDetail(save.error) : null}
      submitLabel="Save links"
      pending={save.isPending}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {canReadControls && (
          <ItemPicker
            name="controls"
            label="Controls"
            value={controls}
            onChange={setControls}
            options={(controlOptions.data?.items ?? []).map((c) => ({ id: c.id, key: c.control_code, title: c.title, status: c.status }))}
            loading={controlOptions.isFetching}
            onInput={setControlInput}
            helperText="Type part of a code or a title"
          />
        )}
        {canReadRisks && (
          <ItemPicker
            name="risks"
            label="Risks"
            value={risks}
            onChange={setRisks}
            options={(riskOptions.data?.items ?? []).map((r) => ({ id: r.id, key: r.reference, title: r.name, status: r.status }))}
            loading={riskOptions.isFetching}
            onInput={setRiskInput}
            helperText="Type part of a reference (R-3) or a name"
          />
        )}
      </Stack>
    </FormDialog>
  );
}

function LinkList({ label, items, empty, href, extra }: { label: string; items: Item[]; empty: string; href: (item: Item) => string; extra?: (item: Item) => ReactNode }) {
  if (items.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {items.map((item) => (
        <Box component="li" key={item.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Link component={RouterLink} to={href(item)} sx={{ fontWeight: 600 }}>
              {item.key}
            </Link>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {item.title}
            </Typography>
            {extra?.(item)}
          </Box>
          <StatusChip status={item.status} />
        </Box>
      ))}
    </Box>
  );
}

type Props = { projectId: string; evidence: EvidenceDetail; canUpdate: boolean; canReadControls: boolean; canReadRisks: boolean };

/** The controls and risks the evidence proves, with the relevance score where the organization scores evidence; changed from pickers while it is unlocked. */
export function EvidenceLinksSection({ projectId, evidence, canUpdate, canReadControls, canReadRisks }: Props) {
  const [editing, setEditing] = useState(false);
  const editable = canUpdate && !evidence.locked && evidence.status !== 'in_review';
  const controls = controlItems(evidence);
  return (
    <DetailSection
      id="evidence-links"
      title="What it proves"
      action={
        canUpdate && (
          <Box sx={{ mt: 2 }}>
            <Button variant="outlined" startIcon={<EditOutlinedIcon />} disabled={!editable} onClick={() => setEditing(true)}>
              Change links…
            </Button>
            {!editable && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {evidence.locked ? 'Approved and locked: reopen it to change its links.' : 'Under review: its links change once the review is decided or cancelled.'}
              </Typography>
            )}
          </Box>
        )
      }
    >
      <Stack spacing={2}>
        <Box>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
            Controls
          </Typography>
          <LinkList
            label={`Controls proved by ${evidence.name}`}
            items={controls}
            empty="Linked to no control yet."
            href={(item) => controlDetailPath(projectId, item.key)}
            extra={(item) => {
              const control = evidence.controls.find((c) => c.id === item.id);
              return control ? <ScoreMark control={control} /> : null;
            }}
          />
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
            Risks
          </Typography>
          <LinkList label={`Risks documented by ${evidence.name}`} items={riskItems(evidence)} empty="Linked to no risk yet." href={(item) => riskDetailPath(projectId, item.id)} />
        </Box>
      </Stack>
      {editing && <EditLinksDialog projectId={projectId} evidence={evidence} canReadControls={canReadControls} canReadRisks={canReadRisks} onClose={() => setEditing(false)} />}
    </DetailSection>
  );
}
