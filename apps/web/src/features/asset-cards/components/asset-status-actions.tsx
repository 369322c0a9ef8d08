import type { AssetCardDetail } from '@aegis/contracts';
import { WorkItemStatusActions } from '../../../components/work-item/work-item-status-actions';
import type { JustifiedWording } from '../../../components/work-item/status-mutation';
import { useUpdateAssetCard } from '../api/asset-cards-api';

const WORDING: JustifiedWording = {
  outOfScope: 'It stays in the inventory, marked out of scope. Say why: an auditor reads the reason in its history.',
  reopen: 'It was approved and is locked. Reopening moves it back to In progress so that its facts, sections and links can change again; its next approval needs a new review.',
  examples: { outOfScope: 'The system no longer uses this model.', reopen: 'The model was retrained on a new dataset.' },
};

/** The card's status changes the caller may make by hand now (the shared work-item kit): out of scope and reopening ask why. */
export function AssetStatusActions({ projectId, card }: { projectId: string; card: AssetCardDetail }) {
  const update = useUpdateAssetCard(projectId, card.id);
  return <WorkItemStatusActions id="asset" name={`“${card.name}”`} status={card.status} allowedTransitions={card.allowed_transitions} update={update} wording={WORDING} />;
}
