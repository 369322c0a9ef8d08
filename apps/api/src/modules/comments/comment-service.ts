import type { Comment, CreateComment, Page } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { commentRepository, type Thread } from './comment-repository';

type Author = { id: string; firstname: string; lastname: string; email: string } | null;

const toComment = (row: { id: string; objectType: string; objectId: string; body: string; createdAt: Date }, author: Author): Comment => ({
  comment_id: row.id,
  object_type: row.objectType,
  object_id: row.objectId,
  body: row.body,
  author: author?.id ? { id: author.id, name: `${author.firstname} ${author.lastname}`.trim(), email: author.email } : null,
  created_at: row.createdAt.toISOString(),
});

/** The generic comment thread every project object uses (the project itself, risks, controls…). */
export function commentService(deps: Pick<Deps, 'db'>) {
  const threadOf = (ctx: RequestContext, target: { project_id: string; object_type: string; object_id: string }): Thread => ({
    organizationId: ctx.organizationId!,
    projectId: target.project_id,
    objectType: target.object_type,
    objectId: target.object_id,
  });

  return {
    async list(ctx: RequestContext, target: { project_id: string; object_type: string; object_id: string }, page: number, size: number): Promise<Page<Comment>> {
      const { rows, total } = await commentRepository.list(deps.db, threadOf(ctx, target), page, size);
      return pageOf(rows.map((r) => toComment(r.comment, r.author)), total, page, size);
    },

    create: (ctx: RequestContext, target: { project_id: string; object_type: string; object_id: string }, input: CreateComment): Promise<Comment> =>
      deps.db.transaction(async (tx) => {
        const thread = threadOf(ctx, target);
        const row = await commentRepository.insert(tx, thread, ctx.user.id, input.body);
        await recordActivity(tx, {
          organizationId: thread.organizationId,
          projectId: thread.projectId,
          actorId: ctx.user.id,
          objectType: thread.objectType,
          objectId: thread.objectId,
          action: 'commented',
          after: { comment_id: row.id },
        });
        return toComment(row, { id: ctx.user.id, firstname: ctx.user.firstname, lastname: ctx.user.lastname, email: ctx.user.email });
      }),
  };
}
