import { LIFECYCLE_PHASES, type ControlListItem, type LifecyclePhase, type SatisfiedRequirement } from '@aegis/contracts';

export const LIFECYCLE_PHASE_LABELS: Record<LifecyclePhase, string> = {
  plan_design: 'Plan and design',
  data: 'Data',
  build: 'Build',
  verify_validate: 'Verify and validate',
  deploy: 'Deploy',
  operate_monitor: 'Operate and monitor',
  retire: 'Retire',
  cross_cutting: 'Cross-cutting',
};
export const lifecycleLabels = (phases: readonly LifecyclePhase[]) => LIFECYCLE_PHASES.filter((phase) => phases.includes(phase)).map((phase) => LIFECYCLE_PHASE_LABELS[phase]);

/** Where a mapping comes from: the template's author, a derivation with its rationale, or a published crosswalk (its id). */
export function mappingSourceLabel(source: SatisfiedRequirement['source']): string {
  if (source === 'author') return 'Mapped by the framework’s author';
  if (source === 'derived') return 'Derived mapping';
  return `Published crosswalk ${source}`;
}

/** Today as a calendar date (YYYY-MM-DD) where the person is. */
export function today(now = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** Past its due date and still to be done (approved and out-of-scope controls are not late). */
export function isOverdue(control: Pick<ControlListItem, 'due_date' | 'status'>, now = new Date()): boolean {
  return Boolean(control.due_date) && control.due_date! < today(now) && control.status !== 'approved' && control.status !== 'out_of_scope';
}
