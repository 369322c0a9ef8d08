import type { ReviewStatus } from '@aegis/contracts';
import { StatusChip } from '../../../components/status-chip';

const LABELS: Record<ReviewStatus, string> = { in_review: 'Review pending', approved: 'Review approved', rejected: 'Review rejected', cancelled: 'Review cancelled' };

/**
 * How the control's latest review ended (or that it is pending), beside its status on the lists. A
 * forced approval (set with the force right, without a reviewer) says so: separation of duties wants it seen.
 */
export function ReviewStatusChip({ status, forced = false }: { status: ReviewStatus; forced?: boolean }) {
  if (forced && status === 'approved') return <StatusChip status="approved" label="Forced approval" />;
  return <StatusChip status={status} label={LABELS[status]} />;
}
