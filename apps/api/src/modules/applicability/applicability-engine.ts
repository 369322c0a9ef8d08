import type { ApplicabilityChange } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { notFound } from '../../lib/errors';
import type { ScopingAnswers } from '../frameworks/applies-when';
import { recordActivity } from '../logs/record-activity';
import { publishChange } from '../notifications/live-events';
import { decideControls, decideRequirements, type Scoping } from './decide';
import { engineRepository } from './engine-repository';
import { classifyEuAiAct } from './eu-ai-act';
import { questionLabels } from './reasons';
import { savedSettings } from './saved-settings';
import { settingsRepository } from './settings-repository';

export type ReevaluateInput = {
  organizationId: string;
  projectId: string;
  /** Who caused it (null for the system); the activity entry's actor. */
  actorId: string | null;
  /** What caused it, kept in the activity entry: e.g. `eu_ai_act_settings`, `questionnaire:ISO_IEC_42001`, `frameworks_applied`. */
  cause: string;
  /** Compute and answer the change, write nothing. */
  dryRun?: boolean;
  /** The day the EU AI Act classification is read on (its application dates); today by default. */
  today?: Date;
  /** Controls that lost applicable requirements outside the engine (a framework removed): see decideControls. */
  leftControlIds?: ReadonlySet<string>;
};

/** The most entries of each list the activity entry keeps (the change answered to the caller is whole). */
const LOGGED = 500;

export const EU_AI_ACT = 'EU_AI_ACT';

/**
 * Re-evaluates the applicability of a project's requirements and, through them, its controls, in the
 * caller's transaction (GOVERNANCE-MODEL.md section 2; the rules are decide.ts's). Writes only what
 * changed, logs the change as one project entry (plus each moved control's status history entry), tells
 * the open screens, and answers what moved. Re-evaluations of one project queue on its row.
 */
export async function reevaluateApplicability(db: Executor, input: ReevaluateInput): Promise<ApplicabilityChange> {
  const { organizationId, projectId } = input;
  const project = await engineRepository.lockProject(db, organizationId, projectId);
  if (!project) throw notFound('Project');
  const settingsRow = await settingsRepository.find(db, organizationId, projectId);
  const frameworks = await engineRepository.frameworks(db, organizationId, projectId);
  const ownAnswers = await engineRepository.answers(db, organizationId, projectId);
  const nodes = await engineRepository.requirements(db, organizationId, projectId);
  const controls = await engineRepository.controls(db, organizationId, projectId);
  const derived = classifyEuAiAct(savedSettings(settingsRow?.settings), input.today ?? new Date());
  const shared: ScopingAnswers = { ...derived.scoping, 'project.project_type': project.project_type };
  const scoping: Scoping = {
    // A template's own questions first, the shared fields over them: a shared field means the same everywhere.
    answersFor: (frameworkId, code) => (code === EU_AI_ACT ? shared : { ...ownAnswers.get(frameworkId), ...shared }),
    outOfScopeReason: (code) => (code === EU_AI_ACT ? derived.outOfScopeReason : null),
    labels: questionLabels(frameworks.map((f) => f.questionnaire)),
  };

  const requirements = decideRequirements(nodes, scoping);
  const moves = decideControls(controls, requirements, input.leftControlIds);
  // The change is reported over the rows the requirements list and every count of requirements show
  // (those with a live control, requirement-counts.ts): a section without controls moves too, but is no
  // row anyone counts, so the dialog's and the toast's numbers are the lists' change (issue 29, item 15).
  const listed = new Set(controls.flatMap((c) => c.requirement_ids));
  const counted = requirements.filter((r) => listed.has(r.id));
  const change: ApplicabilityChange = {
    requirements_out: counted.filter((r) => r.wasApplicable && !r.applicable).map((r) => ({ id: r.id, framework_code: r.framework_code, code: r.code, title: r.title, reason: r.reason ?? '' })),
    requirements_in: counted.filter((r) => !r.wasApplicable && r.applicable).map((r) => ({ id: r.id, framework_code: r.framework_code, code: r.code, title: r.title })),
    controls_out: moves.out.map(({ control_code, title, status_before }) => ({ control_code, title, status_before })),
    controls_restored: moves.restored.map(({ control_code, title, status }) => ({ control_code, title, status })),
    controls_kept: moves.kept,
  };
  const changedRequirements = requirements.filter((r) => r.changed);
  if (input.dryRun || (changedRequirements.length === 0 && moves.out.length === 0 && moves.restored.length === 0)) return change;

  await engineRepository.updateRequirements(db, organizationId, projectId, changedRequirements);
  // A control whose status changed since it was read (a review settled meanwhile) is left alone and not reported.
  const out = await engineRepository.moveOut(db, organizationId, projectId, moves.out);
  const restored = await engineRepository.restore(db, organizationId, projectId, moves.restored.map((c) => c.id));
  change.controls_out = change.controls_out.filter((_, i) => out.has(moves.out[i]!.id));
  change.controls_restored = change.controls_restored.filter((_, i) => restored.has(moves.restored[i]!.id));
  const scope = { organizationId, projectId, actorId: input.actorId };
  await engineRepository.recordStatusChanges(db, scope, [
    ...moves.out.filter((c) => out.has(c.id)).map((c) => ({ id: c.id, label: `${c.control_code} ${c.title}`, from: c.status_before, to: 'out_of_scope' as const, justification: c.justification })),
    ...moves.restored.filter((c) => restored.has(c.id)).map((c) => ({ id: c.id, label: `${c.control_code} ${c.title}`, from: 'out_of_scope' as const, to: c.status, justification: 'A requirement it serves applies again' })),
  ]);
  if (moved(change)) {
    await recordActivity(db, {
      ...scope,
      objectType: 'project',
      objectId: projectId,
      action: 'applicability_changed',
      after: {
        cause: input.cause,
        counts: {
          requirements_out: change.requirements_out.length,
          requirements_in: change.requirements_in.length,
          controls_out: change.controls_out.length,
          controls_restored: change.controls_restored.length,
          controls_kept: change.controls_kept.length,
        },
        requirements_out: change.requirements_out.slice(0, LOGGED).map(({ framework_code, code, reason }) => ({ framework_code, code, reason })),
        requirements_in: change.requirements_in.slice(0, LOGGED).map(({ framework_code, code }) => ({ framework_code, code })),
        controls_out: change.controls_out.slice(0, LOGGED),
        controls_restored: change.controls_restored.slice(0, LOGGED),
        controls_kept: change.controls_kept.slice(0, LOGGED),
      },
    });
  }
  await publishChange(db, { organizationId, projectId, concept: 'applicability', objectId: projectId });
  return change;
}

/** Whether a change moved anything (kept controls alone move nothing). */
export const moved = (change: ApplicabilityChange) =>
  change.requirements_out.length + change.requirements_in.length + change.controls_out.length + change.controls_restored.length > 0;
