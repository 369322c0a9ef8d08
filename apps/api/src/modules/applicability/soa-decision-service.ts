import type { ApplicabilityDecisionInput, ApplicabilityDecisionResponse } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { reevaluateApplicability } from './applicability-engine';
import { transactionOrDryRun } from './dry-run';
import { engineRepository } from './engine-repository';
import { soaRepository } from './soa-repository';
import { outsideStatement, soaRows } from './soa-service';

const refuse = (path: string, detail: string, message: string) => new AppError(422, detail, 'unprocessable_content', [{ path, message }]);

/**
 * A person's decision on a requirement's applicability (`PUT …/requirements/{id}/applicability`, right
 * `questionnaire:update`: the one that completes the scoping a decision overrules; readers and reviewers
 * hold only `questionnaire:read`). `include` / `exclude` overrule the engine and need a justification,
 * which the statement of applicability shows; `engine` gives the requirement back to the scoping answers.
 * The decision (logged on the requirement) and the re-evaluation it causes (controls in and out of scope,
 * logged on the project) are one transaction; a dry run does it all, answers what it moved, and rolls back.
 */
export function soaDecisionService(deps: Pick<Deps, 'db' | 'clock'>) {
  return {
    async decide(ctx: RequestContext, projectId: string, requirementId: string, input: ApplicabilityDecisionInput, dryRun: boolean): Promise<ApplicabilityDecisionResponse> {
      const organizationId = ctx.organizationId!;
      const decision = input.decision === 'engine' ? null : input.decision;
      const justification = decision ? input.justification?.trim() || null : null;
      if (decision && !justification) {
        throw refuse('body.justification', `justification: say why the requirement is ${decision}d; the statement of applicability shows it`, `is required to ${decision} a requirement`);
      }
      const { frameworkCode, change } = await transactionOrDryRun(deps.db, dryRun, async (tx) => {
        // The project's row first, as every re-evaluation takes it: changes of one project's applicability queue there.
        await engineRepository.lockProject(tx, organizationId, projectId);
        const target = await soaRepository.decisionTarget(tx, organizationId, projectId, requirementId);
        if (!target) throw notFound('Requirement');
        const label = `${target.framework_code} ${target.code}`;
        // Decisions are taken on the statement's rows: a section with controls of its own (EU AI Act Art. 5(1)) is one; a heading is not.
        if (!target.is_row) {
          throw target.is_section
            ? refuse('params.requirement_id', `${label} is a section: decide on the requirements under it`, 'must be a requirement, not a section')
            : refuse('params.requirement_id', `${label} has no control in this project, so the statement of applicability does not list it`, 'must be a requirement the statement of applicability lists');
        }
        const outside = outsideStatement(target.framework_code, target.root_code);
        if (outside) throw refuse('params.requirement_id', `${label} is not decided in the statement of applicability: ${outside}`, 'must be a requirement the statement of applicability lists');
        if (decision === 'include' && target.deleted_reason) {
          throw refuse('body.decision', `${label} cannot be included: ${target.deleted_reason}`, 'include is not allowed for a requirement deleted by an amending act');
        }
        if (decision === 'include' && target.binds === 'authorities') {
          throw refuse('body.decision', `${label} binds public authorities only: it is shown for reference and cannot be included`, 'include is not allowed for a requirement that binds public authorities only');
        }
        await soaRepository.saveDecision(tx, organizationId, requirementId, { decision, justification, by: ctx.user.id, at: deps.clock.now() });
        await recordActivity(tx, {
          organizationId,
          projectId,
          actorId: ctx.user.id,
          objectType: 'requirement',
          objectId: requirementId,
          action: 'applicability_decided',
          before: { decision: target.applicability_decision ?? 'engine', justification: target.decision_justification, label },
          after: { decision: input.decision, justification, label },
        });
        const moved = await reevaluateApplicability(tx, { organizationId, projectId, actorId: ctx.user.id, cause: `decision:${label}` });
        return { frameworkCode: target.framework_code, change: moved };
      });
      // Read after commit (a dry run: as it is): the item as the statement of applicability shows it.
      const found = await soaRows(deps, ctx, projectId, frameworkCode, requirementId);
      const item = found?.items[0] ?? found?.authoritiesOnly[0] ?? found?.deleted[0];
      if (!item) throw notFound('Requirement');
      return { item, change };
    },
  };
}
