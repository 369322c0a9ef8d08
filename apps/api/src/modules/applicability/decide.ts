import type { AppliesWhen, ApplicabilityChange, WorkItemStatus } from '@aegis/contracts';
import { type ScopingAnswers } from '../frameworks/applies-when';
import { AUTHORITIES_ONLY_REASON, deletedReason, type DeletedBy } from '../frameworks/framework-loader';
import { partitionLocked } from '../work-items/lock-rule';
import { excludedByPersonReason, notApplicableReason, type QuestionLabels } from './reasons';

/** A node of an applied framework's tree, in depth-first order, with the project's row for it (null when it has none). */
export type RequirementNode = {
  project_requirement_id: string | null;
  framework_id: string;
  framework_code: string;
  depth: number;
  applies_when: AppliesWhen | null;
  binds: string;
  /** Deleted by an amending act (template `deleted_by`): never applicable. */
  deleted_by: DeletedBy | null;
  code: string;
  title: string;
  applicable: boolean | null;
  applicability_reason: string | null;
  applicability_decision: 'include' | 'exclude' | null;
  decision_justification: string | null;
};

export type RequirementDecision = { id: string; framework_code: string; code: string; title: string; applicable: boolean; reason: string | null; wasApplicable: boolean; changed: boolean };

/** What decides a framework's requirements: its answers (shared ∪ its own questionnaire's) and, for the EU AI Act, an out-of-scope verdict. */
export type Scoping = {
  answersFor(frameworkId: string, frameworkCode: string): ScopingAnswers;
  outOfScopeReason(frameworkCode: string): string | null;
  labels: QuestionLabels;
};

/**
 * Each project requirement's applicability (docs/framework-templates.md, "applies_when"): a provision
 * deleted by an amending act and a duty of public authorities never apply; a person's decision wins over the engine; an EU AI Act system out of
 * the Regulation's scope has none of its requirements; otherwise a requirement applies unless a condition
 * of its chain (its ancestors' and its own) is definitely false. Unanswered questions never hide one.
 */
export function decideRequirements(nodes: readonly RequirementNode[], scoping: Scoping): RequirementDecision[] {
  const decisions: RequirementDecision[] = [];
  const chain: (AppliesWhen | undefined)[] = [];
  let framework: string | null = null;
  for (const node of nodes) {
    if (node.framework_id !== framework) {
      framework = node.framework_id;
      chain.length = 0;
    }
    chain.length = node.depth;
    chain.push(node.applies_when ?? undefined);
    if (!node.project_requirement_id) continue;
    const { applicable, reason } = decideOne(node, chain, scoping);
    const wasApplicable = node.applicable ?? true;
    decisions.push({
      id: node.project_requirement_id,
      framework_code: node.framework_code,
      code: node.code,
      title: node.title,
      applicable,
      reason,
      wasApplicable,
      changed: applicable !== wasApplicable || reason !== node.applicability_reason,
    });
  }
  return decisions;
}

function decideOne(node: RequirementNode, chain: readonly (AppliesWhen | undefined)[], scoping: Scoping): { applicable: boolean; reason: string | null } {
  if (node.deleted_by) return { applicable: false, reason: deletedReason(node.deleted_by) };
  if (node.binds === 'authorities') return { applicable: false, reason: AUTHORITIES_ONLY_REASON };
  if (node.applicability_decision === 'include') return { applicable: true, reason: null };
  if (node.applicability_decision === 'exclude') return { applicable: false, reason: excludedByPersonReason(node.decision_justification) };
  const outOfScope = scoping.outOfScopeReason(node.framework_code);
  if (outOfScope) return { applicable: false, reason: outOfScope };
  const reason = notApplicableReason(chain, scoping.answersFor(node.framework_id, node.framework_code), scoping.labels);
  return { applicable: reason === null, reason };
}

/** A live control of the project with the project requirements it serves. */
export type ControlNode = { id: string; control_code: string; title: string; status: WorkItemStatus; status_before_scope: WorkItemStatus | null; requirement_ids: string[] };

export type ControlMoves = {
  out: (ApplicabilityChange['controls_out'][number] & { id: string; justification: string })[];
  restored: (ApplicabilityChange['controls_restored'][number] & { id: string })[];
  kept: ApplicabilityChange['controls_kept'];
};

const PENDING_REVIEW = 'A review is pending: applicability does not move it until the review is decided or cancelled';

/**
 * What the requirements' new applicability does to the controls (GOVERNANCE-MODEL.md sections 2 and 3):
 * - a control that served an applicable requirement and now serves none leaves scope when it is ready or
 *   in progress, remembering its status; an approved one (locked: the lock rule refuses) or one under
 *   review stays, and is listed as kept with why;
 * - a control applicability took out of scope comes back, to the status it had, as soon as one of its
 *   requirements applies again;
 * - a control a person set out of scope (no remembered status) is never touched.
 */
/**
 * `left`: controls this change took applicable requirements away from by other means than deciding them
 * (a framework removed with its requirements): they move as if those requirements had left scope.
 */
export function decideControls(controls: readonly ControlNode[], requirements: readonly RequirementDecision[], left: ReadonlySet<string> = new Set()): ControlMoves {
  const byId = new Map(requirements.map((r) => [r.id, r]));
  const moves: ControlMoves = { out: [], restored: [], kept: [] };
  const leaving: (ControlNode & { concept: string; why: string })[] = [];
  for (const control of controls) {
    const served = control.requirement_ids.map((id) => byId.get(id)).filter((r) => r !== undefined);
    if (served.length === 0) continue;
    if (served.some((r) => r.applicable)) {
      if (control.status === 'out_of_scope' && control.status_before_scope) {
        moves.restored.push({ id: control.id, control_code: control.control_code, title: control.title, status: control.status_before_scope });
      }
      continue;
    }
    // Only a control this change leaves without an applicable requirement moves: one a person brought back by hand stays.
    if (!(left.has(control.id) || served.some((r) => r.wasApplicable)) || control.status === 'out_of_scope') continue;
    const first = served.find((r) => r.reason) ?? served[0]!;
    leaving.push({ ...control, concept: 'control', why: `${first.framework_code} ${first.code}: ${first.reason ?? 'not applicable'}` });
  }
  const { allowed, refused } = partitionLocked(leaving, { kind: 'status', to: 'out_of_scope' });
  for (const { item, detail } of refused) moves.kept.push({ control_code: item.control_code, title: item.title, status: item.status, why: detail });
  for (const control of allowed) {
    if (control.status === 'in_review') {
      moves.kept.push({ control_code: control.control_code, title: control.title, status: control.status, why: PENDING_REVIEW });
      continue;
    }
    moves.out.push({
      id: control.id,
      control_code: control.control_code,
      title: control.title,
      status_before: control.status,
      justification: `Not applicable: every requirement it serves is out of scope (${control.why})`,
    });
  }
  return moves;
}
