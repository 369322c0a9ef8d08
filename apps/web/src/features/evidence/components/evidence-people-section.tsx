import type { EvidenceDetail } from '@aegis/contracts';
import { WorkItemPeopleSection } from '../../../components/work-item/work-item-people-section';
import { useUpdateEvidenceAssignees } from '../api/evidence-api';

/** Who owns the evidence (told before it expires) and who will review it (the shared work-item kit). */
export function EvidencePeopleSection({ projectId, evidence, canAssign }: { projectId: string; evidence: EvidenceDetail; canAssign: boolean }) {
  const save = useUpdateEvidenceAssignees(projectId, evidence.id);
  return (
    <WorkItemPeopleSection
      id="evidence"
      projectId={projectId}
      item={evidence}
      canAssign={canAssign}
      save={save}
      wording={{ assignees: 'Owners', assigneesHelp: 'Who keeps the file current; they are told before it expires', reviewersHelp: 'Who will review it', unassigned: 'None named' }}
    />
  );
}
