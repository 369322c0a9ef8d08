import EventBusyIcon from '@mui/icons-material/EventBusy';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Chip from '@mui/material/Chip';
import type { EvidenceListItem } from '@aegis/contracts';
import { expiryText } from '../evidence-text';

/**
 * An evidence's validity when it needs a look: expiring within the week (orange) or expired (red),
 * with an icon and the words, never colour alone. Nothing while it is valid or does not expire.
 */
export function ExpiryBadge({ evidence }: { evidence: Pick<EvidenceListItem, 'expires_on' | 'expiry_state'> }) {
  if (evidence.expiry_state === 'expired') {
    return <Chip size="small" color="error" variant="outlined" icon={<EventBusyIcon aria-hidden />} label={expiryText(evidence)} />;
  }
  if (evidence.expiry_state === 'expiring') {
    return <Chip size="small" color="warning" variant="outlined" icon={<ScheduleIcon aria-hidden />} label={expiryText(evidence)} />;
  }
  return null;
}
