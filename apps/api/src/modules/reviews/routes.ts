import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  conceptParams,
  errorResponse,
  listReviewsQuery,
  myReview,
  myReviewsQuery,
  page,
  requestReview,
  requestReviewQuery,
  review,
  reviewDecision,
  reviewParams,
  updateReviewers,
} from '@aegis/contracts';
import { access } from '../../plugins/access';
import { reviewService } from './review-service';

const tags = ['reviews'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** Reviews of any concept's objects (spec section 7): request, list, change reviewers, cancel, decide. */
export async function reviewRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = reviewService(app.deps);
  const one = '/api/projects/:project_id/reviews/:concept/:object_id';

  app.post(
    one,
    {
      schema: {
        operationId: 'requestReview',
        tags,
        summary: 'Request a review: the object moves to in_review. force_update_status (with a justification) reopens an approved object first, or with no reviewers sets it approved',
        params: reviewParams,
        querystring: requestReviewQuery,
        body: requestReview,
        response: { 201: review, ...errors },
      },
      config: { access: access.project('reviews:request') },
    },
    async (request, reply) => {
      const { project_id, concept, object_id } = request.params;
      return reply.status(201).send(await service.request(request.ctx, project_id, concept, object_id, request.body, request.query.force_update_status));
    },
  );

  app.get(
    one,
    {
      schema: { operationId: 'listObjectReviews', tags, summary: "The object's reviews, newest first, with each reviewer's decision", params: reviewParams, response: { 200: z.array(review), ...errors } },
      config: { access: access.project('reviews:read') },
    },
    async (request) => service.ofObject(request.ctx, request.params.project_id, request.params.concept, request.params.object_id),
  );

  app.patch(
    one,
    {
      schema: { operationId: 'updateReviewers', tags, summary: 'Change the reviewers (and message, due date) of the pending review', params: reviewParams, body: updateReviewers, response: { 200: review, ...errors } },
      config: { access: access.project('reviews:update') },
    },
    async (request) => service.updateReviewers(request.ctx, request.params.project_id, request.params.concept, request.params.object_id, request.body),
  );

  app.delete(
    one,
    {
      schema: { operationId: 'cancelReview', tags, summary: 'Cancel the pending review; the object returns to its previous status', params: reviewParams, response: { 200: review, ...errors } },
      config: { access: access.project('reviews:cancel_pending') },
    },
    async (request) => service.cancel(request.ctx, request.params.project_id, request.params.concept, request.params.object_id),
  );

  app.patch(
    `${one}/decision`,
    {
      schema: { operationId: 'decideReview', tags, summary: "A named reviewer's decision (approved locks the object; rejected sends it back to in_progress; a rejection needs a comment)", params: reviewParams, body: reviewDecision, response: { 200: review, ...errors } },
      config: { access: access.project('reviews:set_decision') },
    },
    async (request) => service.decide(request.ctx, request.params.project_id, request.params.concept, request.params.object_id, request.body),
  );

  app.get(
    '/api/projects/:project_id/reviews/:concept',
    {
      schema: { operationId: 'listConceptReviews', tags, summary: "The project's reviews of a concept (status, assigned to me as reviewer)", params: conceptParams, querystring: listReviewsQuery, response: { 200: page(review), ...errors } },
      config: { access: access.project('reviews:read') },
    },
    async (request) => service.ofConcept(request.ctx, request.params.project_id, request.params.concept, request.query),
  );

  app.get(
    '/api/users/me/reviews',
    {
      schema: { operationId: 'myReviews', tags, summary: 'Pending reviews awaiting your decision across your projects', querystring: myReviewsQuery, response: { 200: page(myReview), 401: errorResponse } },
      config: { access: access.user },
    },
    async (request) => service.awaitingMe(request.ctx, request.query),
  );
}
