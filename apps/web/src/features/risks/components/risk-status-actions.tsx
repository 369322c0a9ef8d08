import type { RiskDetail } from '@aegis/contracts';
import { WorkItemStatusActions } from '../../../components/work-item/work-item-status-actions';
import type { JustifiedWording } from '../../../components/work-item/status-mutation';
import { useUpdateRisk } from '../api/update-risk';

const WORDING: JustifiedWording = {
  outOfScope: 'It leaves the heat maps and the counts of risks. Say why: an auditor reads the reason in its history.',
  reopen: 'It was approved and is locked. Reopening moves it back to In progress so that its scores, treatment and links can change again; its next approval needs a new review.',
  examples: { outOfScope: 'The system no longer processes personal data.', reopen: 'A new use of the system makes the risk more likely.' },
};

/** The risk's status changes the caller may make by hand now (the shared work-item kit): out of scope and reopening ask why. */
export function RiskStatusActions({ projectId, risk }: { projectId: string; risk: RiskDetail }) {
  const update = useUpdateRisk(projectId, risk.id);
  return <WorkItemStatusActions id="risk" name={risk.reference} status={risk.status} allowedTransitions={risk.allowed_transitions} update={update} wording={WORDING} />;
}
