import { useState, type FormEvent } from 'react';
import AddIcon from '@mui/icons-material/Add';
import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import {
  ASSET_CARD_TYPE_LABELS,
  LINEAGE_RELATION_LABELS,
  LINEAGE_RELATIONS,
  type AssetCardDetail,
  type AssetCardRef,
  type AssetCardType,
  type AssetLineage,
  type LineageRelation,
} from '@aegis/contracts';
import { DetailSection } from '../../../components/detail-section';
import { StatusChip } from '../../../components/status-chip';
import { errorDetail } from '../../../lib/errors';
import { notifySuccess } from '../../../lib/notifier';
import { useAssetLineage, useUpdateAssetCard } from '../api/asset-cards-api';
import { assetDetailPath } from '../asset-paths';
import { AssetTypeIcon } from './asset-type-icon';
import { LineageView } from './lineage-view';

type Upstream = { card: AssetCardRef; relation: LineageRelation };

/** How a card of type `to` is most likely built from one of type `from`: a model is trained on a dataset, a system uses what it is made of. */
export function defaultRelation(from: AssetCardType, to: AssetCardType): LineageRelation {
  if (to === 'model' && from === 'dataset') return 'trained_on';
  if (to === 'ai_system') return 'uses';
  if (from === 'dataset') return 'uses';
  return 'depends_on';
}

/** The cards below `id` in the lineage (built from it, directly or not): none of them may be upstream of it, or the lineage would loop. */
export function descendantsOf(id: string, lineage: AssetLineage): Set<string> {
  const found = new Set<string>();
  const queue = [id];
  while (queue.length) {
    const current = queue.shift()!;
    for (const edge of lineage.edges) {
      if (edge.from_id === current && !found.has(edge.to_id)) {
        found.add(edge.to_id);
        queue.push(edge.to_id);
      }
    }
  }
  return found;
}

/** The part of the lineage the card belongs to: what it is built from, what is built from it, and the links between those. */
export function neighbourhood(id: string, lineage: AssetLineage): AssetLineage {
  const reversed: AssetLineage = { nodes: lineage.nodes, edges: lineage.edges.map((edge) => ({ ...edge, from_id: edge.to_id, to_id: edge.from_id })) };
  const keep = new Set([id, ...descendantsOf(id, lineage), ...descendantsOf(id, reversed)]);
  return { nodes: lineage.nodes.filter((node) => keep.has(node.id)), edges: lineage.edges.filter((edge) => keep.has(edge.from_id) && keep.has(edge.to_id)) };
}

function CardName({ projectId, card }: { projectId: string; card: AssetCardRef }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, minWidth: 0, flexGrow: 1 }}>
      <AssetTypeIcon type={card.asset_card_type} />
      <Box sx={{ minWidth: 0 }}>
        <Link component={RouterLink} to={assetDetailPath(projectId, card.id)} sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
          {card.name}
        </Link>
        <Typography variant="body2" color="text.secondary">
          {ASSET_CARD_TYPE_LABELS[card.asset_card_type]}
        </Typography>
      </Box>
    </Box>
  );
}

type EditorProps = { projectId: string; card: AssetCardDetail; lineage: AssetLineage | undefined };

/** The cards this one is built from, each with how; saving replaces the list (a loop or a card of another project is refused, said here). */
function UpstreamEditor({ projectId, card, lineage }: EditorProps) {
  const [upstream, setUpstream] = useState<Upstream[]>(card.upstream);
  const [adding, setAdding] = useState<AssetCardRef | null>(null);
  const [relation, setRelation] = useState<LineageRelation | ''>('');
  const save = useUpdateAssetCard(projectId, card.id);
  const below = lineage ? descendantsOf(card.id, lineage) : new Set<string>();
  const chosen = new Set(upstream.map((link) => link.card.id));
  const options = (lineage?.nodes ?? []).filter((node) => node.id !== card.id && !below.has(node.id) && !chosen.has(node.id)).sort((a, b) => a.name.localeCompare(b.name));
  const changed = JSON.stringify(upstream.map((link) => [link.card.id, link.relation])) !== JSON.stringify(card.upstream.map((link) => [link.card.id, link.relation]));

  const add = () => {
    if (!adding) return;
    setUpstream([...upstream, { card: adding, relation: relation || defaultRelation(adding.asset_card_type, card.asset_card_type) }]);
    setAdding(null);
    setRelation('');
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    save.mutateAsync({ upstream: upstream.map((link) => ({ card_id: link.card.id, relation: link.relation })) }).then(
      () => notifySuccess('Lineage saved'),
      () => undefined,
    );
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-label="Built from">
      {upstream.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          Built from no other card yet.
        </Typography>
      ) : (
        <Box component="ul" aria-label={`Cards ${card.name} is built from`} sx={{ listStyle: 'none', m: 0, mb: 1.5, p: 0 }}>
          {upstream.map((link, index) => (
            <Box component="li" key={link.card.id} sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1.5, py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
              <CardName projectId={projectId} card={link.card} />
              <TextField
                select
                size="small"
                label={`How it uses ${link.card.name}`}
                value={link.relation}
                onChange={(event) => setUpstream(upstream.map((item, i) => (i === index ? { ...item, relation: event.target.value as LineageRelation } : item)))}
                sx={{ width: 180 }}
              >
                {LINEAGE_RELATIONS.map((option) => (
                  <MenuItem key={option} value={option}>
                    {LINEAGE_RELATION_LABELS[option]}
                  </MenuItem>
                ))}
              </TextField>
              <IconButton aria-label={`Remove ${link.card.name}`} onClick={() => setUpstream(upstream.filter((_, i) => i !== index))}>
                <CloseIcon />
              </IconButton>
            </Box>
          ))}
        </Box>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'flex-start' } }}>
        <Autocomplete
          options={options}
          value={adding}
          onChange={(_event, next) => {
            setAdding(next);
            setRelation(next ? defaultRelation(next.asset_card_type, card.asset_card_type) : '');
          }}
          getOptionLabel={(node) => node.name}
          getOptionKey={(node) => node.id}
          isOptionEqualToValue={(option, value) => option.id === value.id}
          groupBy={(node) => ASSET_CARD_TYPE_LABELS[node.asset_card_type]}
          noOptionsText="No other card of the project can be added"
          renderOption={({ key, ...props }, node) => (
            <Box component="li" key={key} {...props} sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <AssetTypeIcon type={node.asset_card_type} />
              <Typography sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>{node.name}</Typography>
              <StatusChip status={node.status} />
            </Box>
          )}
          renderInput={(params) => <TextField {...params} size="small" label="Add a card it is built from" helperText="A dataset it was trained on, a model it uses…" />}
          sx={{ flexGrow: 1, minWidth: 0 }}
        />
        <TextField select size="small" label="How" value={relation} disabled={!adding} onChange={(event) => setRelation(event.target.value as LineageRelation)} sx={{ width: { sm: 160 } }} slotProps={{ inputLabel: { shrink: Boolean(relation) || undefined } }}>
          {LINEAGE_RELATIONS.map((option) => (
            <MenuItem key={option} value={option}>
              {LINEAGE_RELATION_LABELS[option]}
            </MenuItem>
          ))}
        </TextField>
        <Button startIcon={<AddIcon />} variant="outlined" disabled={!adding} onClick={add} sx={{ flexShrink: 0 }}>
          Add
        </Button>
      </Stack>
      {save.isError && (
        <Alert severity="error" sx={{ mt: 2 }}>
          {errorDetail(save.error)}
        </Alert>
      )}
      <Box sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" disabled={!changed} loading={save.isPending}>
          Save lineage
        </Button>
      </Box>
    </Box>
  );
}

function LinkList({ projectId, links, label, empty }: { projectId: string; links: Upstream[]; label: string; empty: string }) {
  if (links.length === 0) {
    return (
      <Typography variant="body2" color="text.secondary">
        {empty}
      </Typography>
    );
  }
  return (
    <Box component="ul" aria-label={label} sx={{ listStyle: 'none', m: 0, p: 0 }}>
      {links.map((link) => (
        <Box component="li" key={link.card.id} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1, borderTop: 1, borderColor: 'divider', '&:first-of-type': { borderTop: 0 } }}>
          <CardName projectId={projectId} card={link.card} />
          <Typography variant="body2" color="text.secondary" sx={{ flexShrink: 0 }}>
            {LINEAGE_RELATION_LABELS[link.relation]}
          </Typography>
          <StatusChip status={link.card.status} />
        </Box>
      ))}
    </Box>
  );
}

type Props = { projectId: string; card: AssetCardDetail; canUpdate: boolean };

/**
 * Where the card sits in the project's lineage: the cards it is built from (changed here while it may
 * change), the cards built from it, and the diagram of both with the same links in words.
 */
export function AssetLineageSection({ projectId, card, canUpdate }: Props) {
  const lineage = useAssetLineage(projectId);
  const editable = canUpdate && !card.locked && card.status !== 'in_review';
  const downstreamLabel = `Cards built from ${card.name}`;
  let reason: string | null = null;
  if (canUpdate && card.locked) reason = 'Approved and locked: reopen it to change what it is built from.';
  else if (canUpdate && card.status === 'in_review') reason = 'Under review: its lineage changes once the review is decided or cancelled.';
  const around = lineage.data ? neighbourhood(card.id, lineage.data) : undefined;
  return (
    <DetailSection id="asset-lineage" title="Lineage">
      <Stack spacing={2.5}>
        <Box>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
            Built from
          </Typography>
          {reason && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {reason}
            </Typography>
          )}
          {editable ? (
            <UpstreamEditor key={JSON.stringify(card.upstream)} projectId={projectId} card={card} lineage={lineage.data} />
          ) : (
            <LinkList projectId={projectId} links={card.upstream} label={`Cards ${card.name} is built from`} empty="Built from no other card." />
          )}
        </Box>
        <Box>
          <Typography variant="subtitle2" component="h4" sx={{ mb: 0.5 }}>
            Used by
          </Typography>
          <LinkList projectId={projectId} links={card.downstream} label={downstreamLabel} empty="No card is built from it yet." />
        </Box>
        {around && around.edges.length > 0 && (
          <Box>
            <Typography variant="subtitle2" component="h4" sx={{ mb: 1 }}>
              Its place in the lineage
            </Typography>
            <LineageView projectId={projectId} lineage={around} currentId={card.id} />
          </Box>
        )}
      </Stack>
    </DetailSection>
  );
}
