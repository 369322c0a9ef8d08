import type { ReviewStatus } from '@aegis/contracts';
import { StatusChip } from '../../../components/status-chip';

const LABELS: Record<ReviewStatus, string> = { in_review: 'Review pending', approved: 'Review approved', rejected: 'Review rejected', cancelled: 'Review cancelled' };

/** How the control's latest review ended (or that it is pending), beside its status on the lists. */
export function ReviewStatusChip({ status }: { status: ReviewStatus }) {
  return <StatusChip status={status} label={LABELS[status]} />;
}
