import { z } from 'zod';
import { isoDateTime, uuid } from './common';

export const createFeedback = z.object({
  message: z.string().trim().min(1, 'Please write a few words').max(5000),
  /** The app path the user was on, to give the message context. */
  page: z.string().trim().max(500).optional(),
});
export type CreateFeedback = z.infer<typeof createFeedback>;

export const feedback = z.object({
  feedback_id: uuid,
  message: z.string(),
  page: z.string().nullable(),
  user_id: uuid,
  organization_id: uuid.nullable(),
  organization_name: z.string().nullable(),
  created_at: isoDateTime,
});
export type Feedback = z.infer<typeof feedback>;
