import { and, count as countRows, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { comments, users } from '../../db/schema';
import type { ExportSection } from '../projects/export/report-section';
import { displayDateTime } from '../../lib/display-date';
import { count, leftOutNote } from '../projects/export/report-format';

/** At up to 5,000 characters a comment, 200 comments are about 200 pages: the report stops there, the app keeps the rest. */
export const COMMENT_EXPORT_LIMIT = 200;

/**
 * The newest comments on the project itself and how many there are: a LIMIT and a count, never the
 * whole thread. (The screen's list pages from the oldest; the report wants the latest.)
 */
async function newestProjectComments(db: Executor, organizationId: string, projectId: string, limit: number) {
  const thread = and(eq(comments.organizationId, organizationId), eq(comments.projectId, projectId), eq(comments.objectType, 'project'), eq(comments.objectId, projectId));
  const [rows, [total]] = await Promise.all([
    db
      .select({ body: comments.body, createdAt: comments.createdAt, author: { id: users.id, firstname: users.firstname, lastname: users.lastname } })
      .from(comments)
      .leftJoin(users, eq(users.id, comments.authorId))
      .where(thread)
      .orderBy(desc(comments.createdAt), desc(comments.id))
      .limit(limit),
    db.select({ value: countRows() }).from(comments).where(thread),
  ]);
  return { rows: rows.reverse(), total: total?.value ?? 0 };
}

const authorName = (author: { id: string | null; firstname: string | null; lastname: string | null } | null) =>
  (author?.id ? `${author.firstname} ${author.lastname}`.trim() : '') || 'A former user';

/** The discussion on the project itself, oldest first as it reads on screen; each comment in full. */
export const commentsSection: ExportSection = {
  key: 'comments',
  right: 'comments:read',
  async build({ deps, ctx, projectId }) {
    const { rows, total } = await newestProjectComments(deps.db, ctx.organizationId!, projectId, COMMENT_EXPORT_LIMIT);
    return {
      title: 'Comments',
      intro: `${count(total)} ${total === 1 ? 'comment' : 'comments'} on the project, oldest first.`,
      blocks: [
        ...leftOutNote(rows.length, total, { which: 'latest', things: 'comments', rest: 'older comments', where: "the project's discussion" }),
        ...rows.map((row) => ({ kind: 'entry' as const, meta: `${authorName(row.author)} · ${displayDateTime(row.createdAt)}`, text: row.body })),
        ...(rows.length ? [] : [{ kind: 'empty' as const, text: 'No comments on the project yet.' }]),
      ],
    };
  },
};
