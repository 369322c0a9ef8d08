import { z } from 'zod';
import { isoDateTime, pageQuery, uuid } from './common';

export const commentTarget = z.object({
  project_id: uuid,
  /** What kind of project object the thread belongs to: project, risk, control, evidence, asset_card… */
  object_type: z.string().regex(/^[a-z][a-z_]{0,49}$/, 'object_type must be a lower-case name like risk or asset_card'),
  object_id: z.string().min(1).max(200),
});

export const comment = z.object({
  comment_id: uuid,
  object_type: z.string(),
  object_id: z.string(),
  body: z.string(),
  author: z.object({ id: uuid, name: z.string(), email: z.string() }).nullable(),
  created_at: isoDateTime,
});
export type Comment = z.infer<typeof comment>;

export const createComment = z.strictObject({ body: z.string().trim().min(1, 'Write something first').max(5000, 'A comment holds at most 5000 characters') });
export type CreateComment = z.infer<typeof createComment>;

/** Oldest first, as a conversation reads. */
export const listCommentsQuery = pageQuery(['created_at']).omit({ sort_by: true, descending: true });
