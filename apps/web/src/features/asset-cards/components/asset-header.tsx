import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { ASSET_CARD_TYPE_LABELS, type AssetCardDetail } from '@aegis/contracts';
import { NeedsAttentionMarker } from '../../../components/needs-attention-marker';
import { StatusChip } from '../../../components/status-chip';
import { AssetStatusActions } from './asset-status-actions';
import { AssetNatureChip, AssetTypeIcon } from './asset-type-icon';
import { DeleteAssetCardButton } from './delete-asset-card-button';
import { DownloadCardButton } from './download-card-button';

type Props = { projectId: string; card: AssetCardDetail; canUpdate: boolean; canDownload: boolean };

/** The card's type, name, nature, version, owner and status, what can be done to it now, and why it may not change. */
export function AssetHeader({ projectId, card, canUpdate, canDownload }: Props) {
  const deletable = canUpdate && !card.locked && card.status !== 'in_review';
  return (
    <Box sx={{ mb: 3 }}>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 1 }}>
        <AssetTypeIcon type={card.asset_card_type} color="primary" />
        <Typography variant="overline" component="p" sx={{ fontWeight: 700, letterSpacing: 1, lineHeight: 1.5 }}>
          {ASSET_CARD_TYPE_LABELS[card.asset_card_type]}
        </Typography>
        <AssetNatureChip nature={card.asset_card_nature} />
        {card.version && (
          <Typography variant="body2" color="text.secondary">
            Version {card.version}
          </Typography>
        )}
      </Stack>
      <Typography id="asset-title" variant="h5" component="h2" sx={{ overflowWrap: 'anywhere', mb: 1 }}>
        {card.name}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
        Owner: {card.owner ? card.owner.name || card.owner.email : 'no one yet'}
        {card.license ? ` · Licence ${card.license}` : ''}
        {card.imported_from ? ` · Imported from ${card.imported_from}` : ''}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} useFlexGap sx={{ alignItems: { sm: 'center' }, flexWrap: 'wrap' }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" color="text.secondary">
            Status
          </Typography>
          <StatusChip status={card.status} size="medium" />
        </Stack>
        {canUpdate && <AssetStatusActions projectId={projectId} card={card} />}
        <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' } }}>
          {canDownload && <DownloadCardButton projectId={projectId} card={card} />}
          {deletable && <DeleteAssetCardButton projectId={projectId} card={card} />}
        </Stack>
      </Stack>
      {card.needs_attention && (
        <Box sx={{ mt: 2 }}>
          <NeedsAttentionMarker />
        </Box>
      )}
      {card.locked && (
        <Alert severity="info" icon={<LockOutlinedIcon />} sx={{ mt: 2 }}>
          Approved and locked: its facts, sections, lineage and links stay as they were approved; who works on it may still change.{' '}
          {card.allowed_transitions.includes('in_progress')
            ? 'Reopen it to change anything: say why, the reason is logged.'
            : 'Someone allowed to reopen approved cards can do it (with separation of duties, not whoever works on it).'}
        </Alert>
      )}
      {card.status === 'in_review' && (
        <Alert severity="info" sx={{ mt: 2 }}>
          A review is pending. The status changes when the review is decided or cancelled, not here.
        </Alert>
      )}
    </Box>
  );
}
