import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  dryRunQuery,
  errorResponse,
  euAiActSettingsInput,
  euAiActSettingsResponse,
  euAiActSettingsSaveResponse,
  frameworkQuestionnaire,
  frameworkQuestionnaireList,
  projectIdParams,
  questionAnswerInput,
  questionAnswerResponse,
  templateFrameworkCode,
} from '@aegis/contracts';
import { access } from '../../plugins/access';
import { euAiActSettingsService } from './eu-ai-act-settings-service';
import { questionnaireService } from './questionnaire-service';

const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };
const writeErrors = { ...errors, 409: errorResponse };

const questionnaireParams = projectIdParams.extend({ framework_code: templateFrameworkCode });
const questionParams = questionnaireParams.extend({ question_id: z.string().min(1).max(100) });

/** Applicability: a project's EU AI Act settings and its frameworks' scoping questionnaires (the statement of applicability: soa-routes.ts). */
export async function applicabilityRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const settings = euAiActSettingsService(app.deps);
  const questionnaires = questionnaireService(app.deps);
  const tags = ['applicability'];

  app.get(
    '/api/projects/:project_id/eu_ai_act_settings',
    {
      schema: { operationId: 'getEuAiActSettings', tags, summary: 'The EU AI Act settings of the project, the options of each field and the classification they give, with its reasons', params: projectIdParams, response: { 200: euAiActSettingsResponse, ...errors } },
      config: { access: access.project('eu_ai_act_settings:read') },
    },
    async (request) => settings.get(request.ctx, request.params.project_id),
  );

  app.post(
    '/api/projects/:project_id/eu_ai_act_settings',
    {
      schema: {
        operationId: 'saveEuAiActSettings',
        tags,
        summary: "Replace the EU AI Act settings (absent or null clears a field) and re-evaluate the project's requirements and controls; dry_run=true answers what would move and saves nothing",
        params: projectIdParams,
        querystring: dryRunQuery,
        body: euAiActSettingsInput,
        response: { 200: euAiActSettingsSaveResponse, ...writeErrors },
      },
      config: { access: access.project('eu_ai_act_settings:update') },
    },
    async (request) => settings.save(request.ctx, request.params.project_id, request.body, request.query.dry_run),
  );

  app.get(
    '/api/projects/:project_id/frameworks-questionnaires',
    {
      schema: { operationId: 'listFrameworkQuestionnaires', tags, summary: "The scoping questionnaires of the project's frameworks, with their questions, options, answers and completion", params: projectIdParams, response: { 200: frameworkQuestionnaireList, ...errors } },
      config: { access: access.project('questionnaire:read') },
    },
    async (request) => questionnaires.list(request.ctx, request.params.project_id),
  );

  app.put(
    '/api/projects/:project_id/frameworks-questionnaires/:framework_code/answers/:question_id',
    {
      schema: {
        operationId: 'answerFrameworkQuestion',
        tags,
        summary: "Answer a question of a framework's questionnaire (null clears it) and re-evaluate the project; dry_run=true answers what would move and saves nothing",
        params: questionParams,
        querystring: dryRunQuery,
        body: questionAnswerInput,
        response: { 200: questionAnswerResponse, ...writeErrors },
      },
      config: { access: access.project('questions:answer') },
    },
    async (request) => questionnaires.answer(request.ctx, request.params.project_id, request.params.framework_code, request.params.question_id, request.body, request.query.dry_run),
  );

  app.post(
    '/api/projects/:project_id/frameworks-questionnaires/:framework_code/complete',
    {
      schema: { operationId: 'completeFrameworkQuestionnaire', tags, summary: 'Mark a questionnaire complete once every question is answered; its answers are then kept until it is reopened', params: questionnaireParams, response: { 200: frameworkQuestionnaire, ...writeErrors } },
      config: { access: access.project('questionnaire:update') },
    },
    async (request) => questionnaires.complete(request.ctx, request.params.project_id, request.params.framework_code),
  );

  app.post(
    '/api/projects/:project_id/frameworks-questionnaires/:framework_code/reopen',
    {
      schema: { operationId: 'reopenFrameworkQuestionnaire', tags, summary: 'Reopen a completed questionnaire so that its answers can change', params: questionnaireParams, response: { 200: frameworkQuestionnaire, ...writeErrors } },
      config: { access: access.project('questionnaire:update') },
    },
    async (request) => questionnaires.reopen(request.ctx, request.params.project_id, request.params.framework_code),
  );
}
