import type { AssetCardDetail } from '@aegis/contracts';
import { WorkItemPeopleSection } from '../../../components/work-item/work-item-people-section';
import { useUpdateAssetCardAssignees } from '../api/asset-cards-api';

/** Who documents the card and who will review it (the shared work-item kit). */
export function AssetPeopleSection({ projectId, card, canAssign }: { projectId: string; card: AssetCardDetail; canAssign: boolean }) {
  const save = useUpdateAssetCardAssignees(projectId, card.id);
  return <WorkItemPeopleSection id="asset" projectId={projectId} item={card} canAssign={canAssign} save={save} wording={{ assigneesHelp: 'Who documents the asset', reviewersHelp: 'Who will review the card' }} />;
}
