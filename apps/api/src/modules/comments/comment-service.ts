import type { Comment, CreateComment, Page } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { reviewConcepts } from '../reviews/concept-registry';
import { commentRepository, type Thread } from './comment-repository';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A thread is about an object of the project: the project itself (`project`, its own id), or an object
 * of a kind the review concepts know how to find inside a project (`control` by its uuid; risks, evidence
 * and asset cards as they register theirs). Anything else — another organization's object, a kind
 * nothing registered, an id that names nothing — answers 404, as any id the caller supplies.
 */
async function assertObjectInProject(db: Executor, thread: Thread) {
  if (thread.objectType === 'project') {
    if (thread.objectId === thread.projectId) return;
  } else {
    const concept = reviewConcepts().find((c) => c.name === thread.objectType);
    if (concept && UUID.test(thread.objectId) && (await concept.find(db, thread.organizationId, thread.projectId, thread.objectId, false))) return;
  }
  throw notFound(`The ${thread.objectType.replaceAll('_', ' ')} of this thread`);
}

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
      const thread = threadOf(ctx, target);
      await assertObjectInProject(deps.db, thread);
      const { rows, total } = await commentRepository.list(deps.db, thread, page, size);
      return pageOf(rows.map((r) => toComment(r.comment, r.author)), total, page, size);
    },

    create: (ctx: RequestContext, target: { project_id: string; object_type: string; object_id: string }, input: CreateComment): Promise<Comment> =>
      deps.db.transaction(async (tx) => {
        const thread = threadOf(ctx, target);
        await assertObjectInProject(tx, thread);
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
