import type { OrganizationConfig, PatchOrganizationConfig } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { configRepository, type ConfigFlags, type OrganizationConfigRow } from './config-repository';

const toFlags = (input: PatchOrganizationConfig): ConfigFlags => ({
  vendorManagementEnabled: input.vendor_management_enabled_for_entire_organization,
  userManagementEnabled: input.user_management_enabled_for_entire_organization,
  evidenceScoringEnabled: input.evidence_scoring_enabled_for_entire_organization,
  controlAssessmentEnabled: input.control_assessment_enabled_for_entire_organization,
  contentManagementEnabled: input.content_management_enabled,
  separationOfDutiesEnabled: input.separation_of_duties_enabled,
});

const toConfig = (row: OrganizationConfigRow): OrganizationConfig => ({
  organization_id: row.organizationId,
  vendor_management_enabled_for_entire_organization: row.vendorManagementEnabled,
  user_management_enabled_for_entire_organization: row.userManagementEnabled,
  evidence_scoring_enabled_for_entire_organization: row.evidenceScoringEnabled,
  control_assessment_enabled_for_entire_organization: row.controlAssessmentEnabled,
  content_management_enabled: row.contentManagementEnabled,
  separation_of_duties_enabled: row.separationOfDutiesEnabled,
});

/**
 * Whether the organization keeps separation of duties (docs/separation-of-duties.md): the one question
 * other modules ask of the config, inside their own transaction.
 */
export const separationOfDuties = (db: Executor, organizationId: string) => configRepository.separationOfDuties(db, organizationId);

/** The organization's feature flags: read by every member, changed with an activity entry. */
export function organizationConfigService(deps: Pick<Deps, 'db'>) {
  return {
    async get(organizationId: string): Promise<OrganizationConfig> {
      const row = await configRepository.find(deps.db, organizationId);
      if (!row) throw notFound('Organization');
      return toConfig(row);
    },

    /** One change to the flags (PATCH: some, PUT: all) and its activity entry, in one transaction. */
    update: (ctx: RequestContext, organizationId: string, input: PatchOrganizationConfig) =>
      deps.db.transaction(async (tx) => {
        const before = await configRepository.find(tx, organizationId);
        if (!before) throw notFound('Organization');
        const flags = Object.fromEntries(Object.entries(toFlags(input)).filter(([, v]) => v !== undefined)) as ConfigFlags;
        const after = (await configRepository.update(tx, organizationId, flags))!;
        await recordActivity(tx, {
          organizationId,
          actorId: ctx.user.id,
          objectType: 'organization_config',
          objectId: organizationId,
          action: 'updated',
          before: toConfig(before),
          after: toConfig(after),
        });
        return toConfig(after);
      }),
  };
}
