import { MFF1_FRAMEWORK_CODE, type FrameworkDetail, type FrameworkSummary, type Page, type PlatformFrameworkToggle } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import type { Readable } from 'node:stream';
import { frameworkDetailRepository } from './framework-detail-repository';
import { frameworkDetailStream } from './framework-detail-stream';
import { frameworkRepository, type CatalogueQuery, type FrameworkRow } from './framework-repository';
import { questionnaireOf, toSummary } from './framework-view';
import { readUploadedTemplate, refreshStatistics, storeUploadedTemplate, type TemplateFile } from './template-upload';

/** What an organization can apply: the platform's frameworks it switched on, and its own templates. */
export function frameworkService(deps: Pick<Deps, 'db' | 'database'>) {
  async function visibleOrThrow(organizationId: string, code: string, db = deps.db): Promise<FrameworkRow> {
    const row = await frameworkRepository.findVisible(db, organizationId, code);
    if (!row) throw notFound(`Framework ${code}`);
    return row;
  }

  const log = (ctx: RequestContext, organizationId: string, row: Pick<FrameworkRow, 'id' | 'code' | 'name'>, action: string, after: unknown = null) =>
    ({ organizationId, actorId: ctx.user.id, objectType: 'framework', objectId: row.id, action, before: null, after: { framework_code: row.code, name: row.name, ...(after as object) } });

  return {
    async list(organizationId: string, query: CatalogueQuery): Promise<Page<FrameworkSummary>> {
      const { items, total } = await frameworkRepository.listVisible(deps.db, organizationId, query);
      return pageOf(items.map(toSummary), total, query.page, query.size);
    },

    /** The `frameworkDetail` JSON, streamed: its tree is read and written a slice at a time (framework-detail-stream.ts). */
    async detail(organizationId: string, code: string): Promise<Readable> {
      const row = await visibleOrThrow(organizationId, code);
      const [controls, crosswalk] = await Promise.all([
        frameworkDetailRepository.controls(deps.db, row.id),
        frameworkDetailRepository.crosswalk(deps.db, row.id, organizationId),
      ]);
      const head: Omit<FrameworkDetail, 'requirements'> = { ...toSummary(row), notice: row.notice, url: row.url, controls, crosswalk, questionnaire: questionnaireOf(row) };
      return frameworkDetailStream(head, frameworkDetailRepository.treeSlices(deps.db, row.id));
    },

    async upload(ctx: RequestContext, organizationId: string, file: TemplateFile): Promise<FrameworkSummary> {
      const read = await readUploadedTemplate(file);
      const summary = await deps.db.transaction(async (tx) => {
        const stored = await storeUploadedTemplate(tx, read, { organizationId, enabledByDefault: true, createdBy: ctx.user.id });
        await recordActivity(tx, log(ctx, organizationId, { id: stored.frameworkId, code: stored.code, name: stored.name }, 'template_uploaded'));
        return toSummary((await frameworkRepository.findVisible(tx, organizationId, stored.code))!);
      });
      await refreshStatistics(deps.database);
      return summary;
    },

    /** Deletes one of the organization's own templates, unless a project applies it. */
    async remove(ctx: RequestContext, organizationId: string, code: string): Promise<void> {
      await deps.db.transaction(async (tx) => {
        const row = await visibleOrThrow(organizationId, code, tx);
        if (row.organization_id !== organizationId) throw conflict(`${row.name} is a platform framework, not your organization's template: switch it off instead`);
        const using = await frameworkRepository.projectsUsing(tx, row.id, organizationId);
        if (using.length > 0) {
          throw conflict(`${row.name} is applied to ${using.length === 20 ? 'at least 20 projects' : `${using.length} project${using.length === 1 ? '' : 's'}`}: ${using.map((p) => p.name).join(', ')}. Remove it from them first.`);
        }
        await frameworkRepository.remove(tx, row.id);
        await recordActivity(tx, log(ctx, organizationId, row, 'template_deleted'));
      });
    },

    /** Switches a platform framework on or off for the organization; projects that apply it keep it. */
    async setPlatformFramework(ctx: RequestContext, organizationId: string, input: PlatformFrameworkToggle): Promise<FrameworkSummary> {
      return deps.db.transaction(async (tx) => {
        const row = await visibleOrThrow(organizationId, input.framework_code, tx);
        // Another organization's own template, seen by a platform operator: as unknown as any code they cannot see.
        if (row.organization_id !== null && row.organization_id !== ctx.organizationId) throw notFound(`Framework ${input.framework_code}`);
        if (row.organization_id !== null) throw conflict(`${row.name} is your organization's own template: it is always available (delete it to remove it)`);
        if (row.code === MFF1_FRAMEWORK_CODE && !input.enabled) throw conflict('MFF-1 is the control library every framework maps to: it cannot be switched off');
        if (Boolean(row.enabled) !== input.enabled) {
          await frameworkRepository.setEnabled(tx, organizationId, row.id, input.enabled);
          await recordActivity(tx, log(ctx, organizationId, row, input.enabled ? 'framework_enabled' : 'framework_disabled'));
        }
        return toSummary((await frameworkRepository.findVisible(tx, organizationId, row.code))!);
      });
    },
  };
}
