import type { EvidenceDetail } from '@aegis/contracts';
import { WorkItemStatusActions } from '../../../components/work-item/work-item-status-actions';
import type { JustifiedWording } from '../../../components/work-item/status-mutation';
import { useUpdateEvidence } from '../api/evidence-api';

const WORDING: JustifiedWording = {
  outOfScope: 'It no longer counts as proof for the controls and risks it is linked to. Say why: an auditor reads the reason in its history.',
  reopen: 'It was approved and is locked. Reopening moves it back to In progress so that its details, links and file can change again; its next approval needs a new review.',
  examples: { outOfScope: 'The policy was replaced by the 2025 version.', reopen: 'The supplier sent a corrected report.' },
};

/** The evidence's status changes the caller may make by hand now (the shared work-item kit): out of scope and reopening ask why. */
export function EvidenceStatusActions({ projectId, evidence }: { projectId: string; evidence: EvidenceDetail }) {
  const update = useUpdateEvidence(projectId, evidence.id);
  return <WorkItemStatusActions id="evidence" name={`“${evidence.name}”`} status={evidence.status} allowedTransitions={evidence.allowed_transitions} update={update} wording={WORDING} />;
}
