import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { controlSuggestionParams, decideSuggestion, EVIDENCE_SUGGESTION_MIN_RELEVANCE, errorResponse, evidenceSuggestion, evidenceSuggestionList, suggestionParams } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { suggestionService } from './suggestion-service';

const tags = ['evidence'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };

/** Evidence suggestions for a control: computed proposals that a person accepts or dismisses (GOVERNANCE-MODEL.md section 8). */
export async function evidenceSuggestionRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = suggestionService({ ...app.deps, log: app.log });
  const control = '/api/projects/:project_id/controls/:control_code/evidence-suggestions';
  const suggestion = '/api/projects/:project_id/evidence-suggestions/:suggestion_id';

  app.get(
    control,
    {
      schema: {
        operationId: 'listEvidenceSuggestions',
        tags,
        summary: 'The open suggestions of evidence for a control, best first, with when they were last computed',
        params: controlSuggestionParams,
        response: { 200: evidenceSuggestionList, ...errors },
      },
      config: { access: access.project('evidences:read') },
    },
    async (request) => service.list(request.ctx, request.params.project_id, request.params.control_code),
  );

  app.post(
    control,
    {
      schema: {
        operationId: 'runEvidenceSuggestions',
        tags,
        summary: 'Rank the project’s evidence for the control again and propose the best five not linked to it (nor dismissed for it)',
        description:
          'Full-text relevance to the control’s title, objective and guidance (PostgreSQL), each with the matching passage; when AI_BASE_URL and AI_MODEL name an OpenAI-compatible endpoint, ' +
          'the model reranks and explains them (`source: model`, `model_used: true`), and any failure of it keeps the full-text ranking. Replaces the open proposals; nothing is linked until a person accepts. ' +
          `Nothing below a relevance of ${EVIDENCE_SUGGESTION_MIN_RELEVANCE} is proposed (nor listed), whichever ranked it.`,
        params: controlSuggestionParams,
        response: { 200: evidenceSuggestionList, ...errors },
      },
      config: { access: access.project('evidences:suggestions_agent_run') },
    },
    async (request) => service.run(request.ctx, request.params.project_id, request.params.control_code),
  );

  app.post(
    `${suggestion}/accept`,
    {
      schema: {
        operationId: 'acceptEvidenceSuggestion',
        tags,
        summary: 'Accept a suggestion: the evidence is linked to the control, as attaching it would (logged on both)',
        description: 'An approved control or evidence takes no new link until reopened (409 `locked`); a dismissed suggestion cannot be accepted (409 `suggestion_dismissed`). Accepting again changes nothing.',
        params: suggestionParams,
                response: { 200: evidenceSuggestion, ...errors },
      },
      config: { access: access.project('evidences:update') },
    },
    async (request) => service.accept(request.ctx, request.params.project_id, request.params.suggestion_id),
  );

  app.post(
    `${suggestion}/dismiss`,
    {
      schema: {
        operationId: 'dismissEvidenceSuggestion',
        tags,
        summary: 'Dismiss a suggestion (optionally saying why, kept in the log): the evidence is not proposed for this control again',
        description: 'An accepted suggestion cannot be dismissed (409 `suggestion_accepted`); unlink the evidence instead. Dismissing again changes nothing.',
        params: suggestionParams,
        body: decideSuggestion.nullish(),
        response: { 200: evidenceSuggestion, ...errors },
      },
      config: { access: access.project('evidences:update') },
    },
    async (request) => service.dismiss(request.ctx, request.params.project_id, request.params.suggestion_id, request.body?.reason),
  );
}
