import type { RiskDetail } from '@aegis/contracts';
import { WorkItemPeopleSection } from '../../../components/work-item/work-item-people-section';
import { useUpdateRiskAssignees } from '../api/update-risk-assignees';

/** Who works on the risk and who will review it (the shared work-item kit). */
export function RiskPeopleSection({ projectId, risk, canAssign }: { projectId: string; risk: RiskDetail; canAssign: boolean }) {
  const save = useUpdateRiskAssignees(projectId, risk.id);
  return <WorkItemPeopleSection id="risk" projectId={projectId} item={risk} canAssign={canAssign} save={save} wording={{ assigneesHelp: 'Who works on the risk', reviewersHelp: 'Who will review it' }} />;
}
