import { and, asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { comments, users } from '../../db/schema';
import { offsetOf } from '../../lib/paging';

export type Thread = { organizationId: string; projectId: string; objectType: string; objectId: string };

const ofThread = (t: Thread) =>
  and(eq(comments.organizationId, t.organizationId), eq(comments.projectId, t.projectId), eq(comments.objectType, t.objectType), eq(comments.objectId, t.objectId));

export const commentRepository = {
  async list(db: Executor, thread: Thread, page: number, size: number) {
    const where = ofThread(thread);
    const [rows, [total]] = await Promise.all([
      db
        .select({ comment: comments, author: { id: users.id, firstname: users.firstname, lastname: users.lastname, email: users.email } })
        .from(comments)
        .leftJoin(users, eq(users.id, comments.authorId))
        .where(where)
        .orderBy(asc(comments.createdAt), asc(comments.id))
        .limit(size)
        .offset(offsetOf(page, size)),
      db.select({ value: count() }).from(comments).where(where),
    ]);
    return { rows, total: total?.value ?? 0 };
  },

  async insert(db: Executor, thread: Thread, authorId: string, body: string) {
    const [row] = await db.insert(comments).values({ ...thread, authorId, body }).returning();
    return row!;
  },
};
