import { useState, type FormEvent } from 'react';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { AssetCardDetail, WorkItemStatus } from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';
import { FormDialog } from '../../../components/form-dialog';
import { StatusChip } from '../../../components/status-chip';
import { useDebounced } from '../../../components/use-debounced';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { controlDetailPath, projectPath, riskDetailPath } from '../../../lib/project-paths';
import { useUpdateAssetCard } from '../api/asset-cards-api';
import { useControlOptions, useEvidenceOptions, useRiskOptions } from '../api/asset-options-api';

/** The Evidence tab's page of one evidence (features/evidence/evidence-paths.ts, which features may not import). */
const evidenceDetailPath = (projectId: string, evidenceId: string) => `${projectPath(projectId)}/evidence-detail/${encodeURIComponent(evidenceId)}`;

type Item = { id: string; key: string; title: string; status: WorkItemStatus };

type PickerProps = {
  name: string;
  label: string;
  helperText: string;
  value: Item[];
  onChange: (items: Item[]) => void;
  options: Item[];
  loading: boolean;
  onInput: (text: string) => void;
};

function ItemPicker({ name, label, helperText, value, onChange, options, loading, onInput }: PickerProps) {
  return (
    <Autocomplete
      multiple
      options={options}
      value={value}
      onChange={(_event, chosen) => onChange(chosen)}
      onInputChange={(_event, text, reason) => reason !== 'reset' && onInput(text)}
      // The server filters by code (or reference, or name); the options are its answer.
      filterOptions={(items) => items}
      getOptionLabel={(item) => (item.key === item.title ? item.title : `${item.key} ${item.title}`)}
      getOptionKey={(item) => item.id}
      isOptionEqualToValue={(option, chosen) => option.id === chosen.id}
      loading={loading}
      loadingText="Looking…"
      noOptionsText="Nothing of the project matches"
      renderOption={({ key, ...props }, item) => (
        <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1.5, alignItems: 'center' }}>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.key}</Typography>
            {item.key !== item.title && (
              <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Typography>
            )}
          </Box>
          <StatusChip status={item.status} />
        </Box>
      )}
      renderInput={(params) => <TextField {...params} name={name} label={label} helperText={helperText} />}
    />
  );
}

const controlItems = (card: AssetCardDetail): Item[] => card.controls.map((c) => ({ id: c.id, key: c.control_code, title: c.title, status: c.status }));
const riskItems = (card: AssetCardDetail): Item[] => card.risks.map((r) => ({ id: r.id, key: r.reference, title: r.name, status: r.status }));
const evidenceItems = (card: AssetCardDetail): Item[] => card.evidences.map((e) => ({ id: e.id, key: e.name, title: e.name, status: e.status }));

type Reads = { controls: boolean; risks: boolean; evidence: boolean };
type DialogProps = { projectId: string; card: AssetCardDetail; reads: Reads; onClose: () => void };

/** Chooses the controls, risks and evidence the card relates to; saving replaces the three lists (an approved control or risk refuses a change, said here). */
function EditLinksDialog({ projectId, card, reads, onClose }: DialogProps) {
  const [controls, setControls] = useState(controlItems(card));
  const [risks, setRisks] = useState(riskItems(card));
  const [evidence, setEvidence] = useState(evidenceItems(card));
  const [controlInput, setControlInput] = useState('');
  const [riskInput, setRiskInput] = useState('');
  const [evidenceInput, setEvidenceInput] = useState('');
  const controlOptions = useControlOptions(projectId, useDebounced(controlInput.trim(), 250), reads.controls);
  const riskOptions = useRiskOptions(projectId, useDebounced(riskInput.trim(), 250), reads.risks);
  const evidenceOptions = useEvidenceOptions(projectId, useDebounced(evidenceInput.trim(), 250), reads.evidence);
  const save = useUpdateAssetCard(projectId, card.id);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutate(
      {
        ...(reads.controls ? { control_ids: controls.map((c) => c.id) } : {}),
        ...(reads.risks ? { risk_ids: risks.map((r) => r.id) } : {}),
        ...(reads.evidence ? { evidence_ids: evidence.map((e) => e.id) } : {}),
      },
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
      id="asset-links"
      open
      onClose={onClose}
      title={`What “${card.name}” relates to`}
      text="The controls that govern it, the risks it carries or reduces, and the evidence that documents it. Approved controls and risks keep their links until they are reopened."
      error={save.isError ? errorDetail(save.error) : null}
      submitLabel="Save links"
      pending={save.isPending}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        {reads.controls && (
          <ItemPicker
            name="control_ids"
            label="Controls"
            helperText="Type part of a code or a title"
            value={controls}
            onChange={setControls}
            options={(controlOptions.data?.items ?? []).map((c) => ({ id: c.id, key: c.control_code, title: c.title, status: c.status }))}
            loading={controlOptions.isFetching}
            onInput={setControlInput}
          />
        )}
        {reads.risks && (
          <ItemPicker
            name="risk_ids"
            label="Risks"
            helperText="Type part of a reference (R-3) or a name"
            value={risks}
            onChange={setRisks}
            options={(riskOptions.data?.items ?? []).map((r) => ({ id: r.id, key: r.reference, title: r.name, status: r.status }))}
            loading={riskOptions.isFetching}
            onInput={setRiskInput}
          />
        )}
        {reads.evidence && (
          <ItemPicker
            name="evidence_ids"
            label="Evidence"
            helperText="Type part of a name"
            value={evidence}
            onChange={setEvidence}
            options={(evidenceOptions.data?.items ?? []).map((e) => ({ id: e.id, key: e.name, title: e.name, status: e.status }))}
            loading={evidenceOptions.isFetching}
            onInput={setEvidenceInput}
          />
        )}
      </Stack>
    </FormDialog>
  );
}

function LinkList({ label, items, empty, href }: { label: string; items: Item[]; empty: string; href: (item: Item) => string }) {
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
            <Link component={RouterLink} to={href(item)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
              {item.key}
            </Link>
            {item.key !== item.title && (
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {item.title}
              </Typography>
            )}
          </Box>
          <StatusChip status={item.status} />
        </Box>
      ))}
    </Box>
  );
}

type Props = { projectId: string; card: AssetCardDetail; canUpdate: boolean; reads: Reads };

/** The controls, risks and evidence the card relates to, each a link to its page; changed from pickers while the card is unlocked. */
export function AssetLinksSection({ projectId, card, canUpdate, reads }: Props) {
  const [editing, setEditing] = useState(false);
  const editable = canUpdate && !card.locked && card.status !== 'in_review';
  return (
    <DetailSection
      id="asset-links"
      title="Controls, risks and evidence"
      action={
        canUpdate && (
          <Box sx={{ mt: 2 }}>
            <Button variant="outlined" startIcon={<EditOutlinedIcon />} disabled={!editable} onClick={() => setEditing(true)}>
              Change links…
            </Button>
            {!editable && (
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {card.locked ? 'Approved and locked: reopen it to change its links.' : 'Under review: its links change once the review is decided or cancelled.'}
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
          <LinkList label={`Controls of ${card.name}`} items={controlItems(card)} empty="Linked to no control yet." href={(item) => controlDetailPath(projectId, item.key)} />
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
            Risks
          </Typography>
          <LinkList label={`Risks of ${card.name}`} items={riskItems(card)} empty="Linked to no risk yet." href={(item) => riskDetailPath(projectId, item.id)} />
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
            Evidence
          </Typography>
          <LinkList label={`Evidence of ${card.name}`} items={evidenceItems(card)} empty="Linked to no evidence yet." href={(item) => evidenceDetailPath(projectId, item.id)} />
        </Box>
      </Stack>
      {editing && <EditLinksDialog projectId={projectId} card={card} reads={reads} onClose={() => setEditing(false)} />}
    </DetailSection>
  );
}
