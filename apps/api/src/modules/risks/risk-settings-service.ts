import { matrixInconsistencies, type RiskSettings, type UpdateRiskSettings } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { publishChange } from '../notifications/live-events';
import { riskSettingsRepository } from './risk-settings-repository';
import { iso, personOf } from './sql-helpers';
import { rulesOf, type RiskRules } from './scoring';

/** The organization's matrix and appetite, in the caller's transaction (the defaults until an admin sets them). */
export async function riskRules(db: Executor, organizationId: string): Promise<RiskRules> {
  return rulesOf(await riskSettingsRepository.find(db, organizationId));
}

/**
 * The organization's risk settings: the 5×5 matrix that levels every risk and the appetite above which
 * risks are flagged. Read by every member; changed with `config:update`, logged, and every risk of the
 * organization re-levelled in the same transaction.
 */
export function riskSettingsService(deps: Pick<Deps, 'db'>) {
  async function get(db: Executor, organizationId: string): Promise<RiskSettings> {
    const row = await riskSettingsRepository.find(db, organizationId);
    const rules = rulesOf(row);
    return { matrix: rules.matrix, appetite: rules.appetite, is_default: !row, updated_by: personOf(row?.updated_by), updated_at: row ? iso(row.updated_at) : null };
  }

  return {
    get: (organizationId: string) => get(deps.db, organizationId),

    async update(ctx: RequestContext, organizationId: string, input: UpdateRiskSettings): Promise<RiskSettings> {
      const problems = matrixInconsistencies(input.matrix);
      if (problems.length > 0) {
        throw new AppError(
          422,
          `matrix: a level must not go down as likelihood or impact goes up (${problems.map((p) => p.message).join('; ')})`,
          'unprocessable_content',
          problems.map((p) => ({ path: `body.matrix.${p.path[0]}.${p.path[1]}`, message: p.message })),
        );
      }
      await deps.db.transaction(async (tx) => {
        await riskSettingsRepository.lockProjects(tx, organizationId);
        const before = await riskRules(tx, organizationId);
        await riskSettingsRepository.save(tx, organizationId, { matrix: input.matrix, appetite: input.appetite, updatedBy: ctx.user.id });
        const moved = await riskSettingsRepository.relevel(tx, organizationId, input.matrix);
        await recordActivity(tx, {
          organizationId,
          actorId: ctx.user.id,
          objectType: 'organization_risk_settings',
          objectId: organizationId,
          action: 'updated',
          before,
          after: { matrix: input.matrix, appetite: input.appetite, risks_relevelled: moved },
        });
      });
      // Levels and appetite flags moved on every risk screen of the organization: tell them after the commit.
      for (const projectId of await riskSettingsRepository.projectsWithRisks(deps.db, organizationId)) {
        await publishChange(deps.db, { organizationId, projectId, concept: 'risk_settings', objectId: organizationId });
      }
      return get(deps.db, organizationId);
    },
  };
}
