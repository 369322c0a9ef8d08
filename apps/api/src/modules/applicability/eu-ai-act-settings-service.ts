import type { ApplicabilityChange, EuAiActSettings, EuAiActSettingsInput, EuAiActSettingsResponse, EuAiActSettingsSaveResponse } from '@aegis/contracts';
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

/**
 * Replaces a project's EU AI Act settings in the caller's transaction (a field absent or null is cleared):
 * validates them (422 naming the field and its allowed values, or the conflict), logs the change with
 * before and after, and re-evaluates the project's applicability. The settings route and the demo seed
 * call it. Answers the change and the settings as saved.
 */
export async function saveEuAiActSettings(
  db: Executor,
  scope: { organizationId: string; projectId: string; actorId: string },
  input: EuAiActSettingsInput,
  options: { today: Date; dryRun?: boolean },
): Promise<{ settings: EuAiActSettings; before: SettingsRow | undefined; change: ApplicabilityChange }> {
  const valid = validateEuAiActSettings(input);
  if (!valid.ok) throw refused(valid.problems);
  const { organizationId, projectId, actorId } = scope;
  const next = savedSettings(valid.settings);
  if (!(await engineRepository.lockProject(db, organizationId, projectId))) throw notFound('Project');
  const row = await settingsRepository.find(db, organizationId, projectId);
  const previous = savedSettings(row?.settings);
  await settingsRepository.save(db, organizationId, projectId, next, actorId);
  if (JSON.stringify(previous) !== JSON.stringify(next)) {
    await recordActivity(db, {
      organizationId,
      projectId,
      actorId,
      objectType: 'project',
      objectId: projectId,
      action: 'eu_ai_act_settings_updated',
      before: previous,
      after: { ...next, classification: classifyEuAiAct(next, options.today).classification.label },
    });
  }
  const change = await reevaluateApplicability(db, { organizationId, projectId, actorId, cause: 'eu_ai_act_settings', dryRun: options.dryRun, today: options.today });
  return { settings: next, before: row, change };
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
      const scope = { organizationId: organizationOf(ctx), projectId, actorId: ctx.user.id };
      const saved = await transactionOrDryRun(deps.db, dryRun, (tx) => saveEuAiActSettings(tx, scope, input, { today: deps.clock.now(), dryRun }));
      if (dryRun) return { ...response(saved.settings, saved.before), change: saved.change, saved: false };
      return { ...(await read(deps.db, ctx, projectId)), change: saved.change, saved: true };
    },
  };
}
