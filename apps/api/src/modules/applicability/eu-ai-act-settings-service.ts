import type { EuAiActSettings, EuAiActSettingsInput, EuAiActSettingsResponse, EuAiActSettingsSaveResponse } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError, notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { reevaluateApplicability } from './applicability-engine';
import { transactionOrDryRun } from './dry-run';
import { engineRepository } from './engine-repository';
import { classifyEuAiAct, DATES_SOURCE, EU_AI_ACT_SETTING_FIELD_INFO, validateEuAiActSettings } from './eu-ai-act';
import { savedSettings } from './saved-settings';
import { settingsRepository, type SettingsRow } from './settings-repository';

/** The 422 of settings the form does not allow: each problem by path (`body.role`), the detail naming them all. */
function refused(problems: readonly { path: string; message: string }[]): AppError {
  const errors = problems.map((p) => ({ path: p.path.startsWith('body') ? p.path : `body.${p.path}`, message: p.message }));
  const said = (e: { path: string; message: string }) => {
    const field = e.path.replace(/^body\.?/, '');
    return !field || e.message.startsWith(`${field}:`) ? e.message : `${field}: ${e.message}`;
  };
  return new AppError(422, errors.map(said).join('; '), 'unprocessable_content', errors);
}

/** A project's EU AI Act settings: the form's eight answers, their options, and the classification they give. */
export function euAiActSettingsService(deps: Pick<Deps, 'db' | 'clock'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;

  function response(settings: EuAiActSettings, row: SettingsRow | undefined): EuAiActSettingsResponse {
    return {
      settings,
      fields: EU_AI_ACT_SETTING_FIELD_INFO,
      classification: classifyEuAiAct(settings, deps.clock.now()).classification,
      updated_at: row ? new Date(row.updated_at).toISOString() : null,
      updated_by: row?.updated_by_id ? { id: row.updated_by_id, name: row.updated_by_name ?? '', email: row.updated_by_email ?? '' } : null,
      dates_source: DATES_SOURCE,
    };
  }

  async function read(db: Executor, ctx: RequestContext, projectId: string): Promise<EuAiActSettingsResponse> {
    const row = await settingsRepository.find(db, organizationOf(ctx), projectId);
    return response(savedSettings(row?.settings), row);
  }

  return {
    get: (ctx: RequestContext, projectId: string) => read(deps.db, ctx, projectId),

    /**
     * Replaces the settings (a field absent or null is cleared), logs the change and re-evaluates the
     * project's applicability in the same transaction. A dry run answers the classification and what would
     * move, and saves nothing.
     */
    async save(ctx: RequestContext, projectId: string, input: EuAiActSettingsInput, dryRun: boolean): Promise<EuAiActSettingsSaveResponse> {
      const valid = validateEuAiActSettings(input);
      if (!valid.ok) throw refused(valid.problems);
      const organizationId = organizationOf(ctx);
      const next = savedSettings(valid.settings);
      const { change, before } = await transactionOrDryRun(deps.db, dryRun, async (tx) => {
        if (!(await engineRepository.lockProject(tx, organizationId, projectId))) throw notFound('Project');
        const row = await settingsRepository.find(tx, organizationId, projectId);
        const previous = savedSettings(row?.settings);
        await settingsRepository.save(tx, organizationId, projectId, next, ctx.user.id);
        if (JSON.stringify(previous) !== JSON.stringify(next)) {
          await recordActivity(tx, {
            organizationId,
            projectId,
            actorId: ctx.user.id,
            objectType: 'project',
            objectId: projectId,
            action: 'eu_ai_act_settings_updated',
            before: previous,
            after: { ...next, classification: classifyEuAiAct(next, deps.clock.now()).classification.label },
          });
        }
        const change = await reevaluateApplicability(tx, { organizationId, projectId, actorId: ctx.user.id, cause: 'eu_ai_act_settings', dryRun, today: deps.clock.now() });
        return { change, before: row };
      });
      if (dryRun) return { ...response(next, before), change, saved: false };
      return { ...(await read(deps.db, ctx, projectId)), change, saved: true };
    },
  };
}
