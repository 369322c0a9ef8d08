import type { CreateTag, Page, Tag, UpdateTag } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { conflict, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { tagRepository, type TagRow } from './tag-repository';

const toTag = (row: TagRow): Tag => ({ tag_id: row.id, name: row.name, color: row.color, created_at: row.createdAt.toISOString() });

export function tagService(deps: Pick<Deps, 'db'>) {
  const log = (ctx: RequestContext, organizationId: string, tagId: string, action: string, before: unknown, after: unknown) => ({
    organizationId,
    actorId: ctx.user.id,
    objectType: 'tag',
    objectId: tagId,
    action,
    before,
    after,
  });

  return {
    async list(organizationId: string, page: number, size: number): Promise<Page<Tag>> {
      const { items, total } = await tagRepository.list(deps.db, organizationId, page, size);
      return pageOf(items.map(toTag), total, page, size);
    },

    create: (ctx: RequestContext, organizationId: string, input: CreateTag) =>
      deps.db.transaction(async (tx) => {
        if (await tagRepository.nameTaken(tx, organizationId, input.name)) throw conflict(`A tag named ${input.name} already exists`);
        const created = toTag(await tagRepository.insert(tx, { organizationId, ...input }));
        await recordActivity(tx, log(ctx, organizationId, created.tag_id, 'created', null, created));
        return created;
      }),

    update: (ctx: RequestContext, organizationId: string, tagId: string, input: UpdateTag) =>
      deps.db.transaction(async (tx) => {
        const before = await tagRepository.find(tx, organizationId, tagId);
        if (!before) throw notFound('Tag');
        if (input.name && (await tagRepository.nameTaken(tx, organizationId, input.name, tagId))) throw conflict(`A tag named ${input.name} already exists`);
        const after = toTag(await tagRepository.update(tx, organizationId, tagId, input));
        await recordActivity(tx, log(ctx, organizationId, tagId, 'updated', toTag(before), after));
        return after;
      }),

    remove: (ctx: RequestContext, organizationId: string, tagId: string) =>
      deps.db.transaction(async (tx) => {
        const removed = await tagRepository.remove(tx, organizationId, tagId);
        if (!removed) throw notFound('Tag');
        await recordActivity(tx, log(ctx, organizationId, tagId, 'deleted', toTag(removed), null));
      }),
  };
}
