import type { WorkItemStatus } from '@aegis/contracts';

/** What moving a work item from one status to another is called on its button (controls, risks, evidence, asset cards, tests). */
export function transitionLabel(from: WorkItemStatus, to: WorkItemStatus): string {
  if (to === 'out_of_scope') return 'Mark out of scope…';
  if (from === 'approved') return 'Reopen…';
  if (from === 'out_of_scope') return to === 'ready' ? 'Bring back in scope' : 'Bring back and start';
  return to === 'in_progress' ? 'Start' : 'Move back to ready';
}
