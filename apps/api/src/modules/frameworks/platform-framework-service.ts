import type { Page, PlatformFramework, PlatformFrameworkDetail } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import type { Readable } from 'node:stream';
import { frameworkDetailRepository } from './framework-detail-repository';
import { frameworkDetailStream } from './framework-detail-stream';
import { frameworkRepository } from './framework-repository';
import { questionnaireOf, toSummary } from './framework-view';
import { platformFrameworkRepository, type PlatformRow } from './platform-framework-repository';
import { readUploadedTemplate, refreshStatistics, storeUploadedTemplate, type TemplateFile } from './template-upload';

const toPlatform = (row: PlatformRow): PlatformFramework => {
  const { enabled: _enabled, ...summary } = toSummary({ ...row, enabled: row.enabled_by_default });
  return { ...summary, enabled_by_default: row.enabled_by_default, organizations_enabled: Number(row.organizations_enabled), projects_using: Number(row.projects_using) };
};

/** The platform catalogue, for platform operators. */
export function platformFrameworkService(deps: Pick<Deps, 'db' | 'database'>) {
  async function findOrThrow(code: string, db = deps.db) {
    const row = await platformFrameworkRepository.find(db, code);
    if (!row) throw notFound(`Platform framework ${code}`);
    return row;
  }

  return {
    async list(query: Parameters<typeof platformFrameworkRepository.list>[1]): Promise<Page<PlatformFramework>> {
      const { items, total } = await platformFrameworkRepository.list(deps.db, query);
      return pageOf(items.map(toPlatform), total, query.page, query.size);
    },

    /** The `platformFrameworkDetail` JSON, streamed like an organization's framework detail. */
    async detail(code: string): Promise<Readable> {
      const row = await findOrThrow(code);
      const [controls, crosswalk, organizations] = await Promise.all([
        frameworkDetailRepository.controls(deps.db, row.id),
        frameworkDetailRepository.crosswalk(deps.db, row.id, null),
        platformFrameworkRepository.organizations(deps.db, row.id, row.enabled_by_default),
      ]);
      const head: Omit<PlatformFrameworkDetail['framework'], 'requirements'> = {
        ...toSummary({ ...row, enabled: row.enabled_by_default }),
        notice: row.notice,
        url: row.url,
        controls,
        crosswalk,
        questionnaire: questionnaireOf({ ...row, enabled: true }),
      };
      const others: PlatformFrameworkDetail['organizations'] = organizations.map((o) => ({ organization_id: o.organization_id, name: o.name, enabled: Boolean(o.enabled), projects_using: Number(o.projects_using) }));
      return frameworkDetailStream(head, frameworkDetailRepository.treeSlices(deps.db, row.id), { before: '{"framework":', after: `,"organizations":${JSON.stringify(others)}}` });
    },

    async upload(ctx: RequestContext, file: TemplateFile, enabledByDefault: boolean): Promise<PlatformFramework> {
      const read = await readUploadedTemplate(file);
      const uploaded = await deps.db.transaction(async (tx) => {
        const stored = await storeUploadedTemplate(tx, read, { organizationId: null, enabledByDefault, createdBy: ctx.user.id });
        if (ctx.organizationId) {
          await recordActivity(tx, { organizationId: ctx.organizationId, actorId: ctx.user.id, objectType: 'framework', objectId: stored.frameworkId, action: 'platform_framework_uploaded', after: { framework_code: stored.code, name: stored.name, enabled_by_default: enabledByDefault } });
        }
        return toPlatform((await findOrThrow(stored.code, tx))!);
      });
      await refreshStatistics(deps.database);
      return uploaded;
    },

    async remove(ctx: RequestContext, code: string): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const row = await findOrThrow(code, tx);
        if (row.source === 'builtin') throw conflict(`${row.name} is built in: switch it off for organizations instead`);
        if (Number(row.projects_using) > 0) throw conflict(`${row.name} is applied to ${row.projects_using} project(s) across organizations: it stays until they remove it`);
        await frameworkRepository.remove(tx, row.id);
        if (ctx.organizationId) {
          await recordActivity(tx, { organizationId: ctx.organizationId, actorId: ctx.user.id, objectType: 'framework', objectId: row.id, action: 'platform_framework_deleted', before: { framework_code: row.code, name: row.name } });
        }
      });
    },
  };
}
