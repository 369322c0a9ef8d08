import { count, desc, eq } from 'drizzle-orm';
import type { CreateFeedback, Feedback, Page } from '@aegis/contracts';
import { feedback } from '../../db/schema';
import type { Deps } from '../../deps';
import { offsetOf, pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';

type FeedbackRow = typeof feedback.$inferSelect;

const toFeedback = (row: FeedbackRow): Feedback => ({
  feedback_id: row.id,
  message: row.message,
  page: row.page,
  user_id: row.userId,
  organization_id: row.organizationId,
  organization_name: row.organizationName,
  created_at: row.createdAt.toISOString(),
});

export function feedbackService(deps: Pick<Deps, 'db'>) {
  return {
    async create(ctx: RequestContext, input: CreateFeedback, userAgent: string | undefined): Promise<Feedback> {
      const [row] = await deps.db
        .insert(feedback)
        .values({
          userId: ctx.user.id,
          organizationId: ctx.organizationId,
          organizationName: ctx.organizationName,
          message: input.message,
          page: input.page ?? null,
          userAgent: userAgent?.slice(0, 500) ?? null,
        })
        .returning();
      return toFeedback(row!);
    },

    /** Operators read the feedback of their current organization; a super admin reads all of it. */
    async list(ctx: RequestContext, pageNumber: number, size: number): Promise<Page<Feedback>> {
      const where = ctx.user.isSuperAdmin ? undefined : eq(feedback.organizationId, ctx.organizationId!);
      const [rows, [total]] = await Promise.all([
        deps.db.select().from(feedback).where(where).orderBy(desc(feedback.createdAt), desc(feedback.id)).limit(size).offset(offsetOf(pageNumber, size)),
        deps.db.select({ value: count() }).from(feedback).where(where),
      ]);
      return pageOf(rows.map(toFeedback), total?.value ?? 0, pageNumber, size);
    },
  };
}
