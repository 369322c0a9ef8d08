import { createFeedback, type CreateFeedback, type Feedback } from '@aegis/contracts';
import { useMutation } from '@tanstack/react-query';
import { apiFetch } from '../../../lib/api-client';

/** The form's input rules: the server validates the body with the same schema. */
export const feedbackInputSchema = createFeedback;
export type FeedbackInput = CreateFeedback;

/** Sends feedback (201); the server attaches the user and their organization from the session. */
export function sendFeedback(input: FeedbackInput): Promise<Feedback> {
  return apiFetch<Feedback>('/api/feedback', { method: 'POST', json: feedbackInputSchema.parse(input) });
}

export function useSendFeedback() {
  return useMutation({ mutationFn: sendFeedback });
}
