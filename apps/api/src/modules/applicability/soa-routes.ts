import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { applicabilityDecisionInput, applicabilityDecisionResponse, dryRunQuery, errorResponse, projectIdParams, soaQuery, statementOfApplicability, uuid } from '@aegis/contracts';
import { access } from '../../plugins/access';
import { attachment } from '../../lib/attachment';
import { soaCsv, soaFileName } from './soa-csv';
import { soaDecisionService } from './soa-decision-service';
import { statementOfApplicability as readStatement } from './soa-service';

const tags = ['applicability'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 422: errorResponse };
const requirementParams = projectIdParams.extend({ requirement_id: uuid });

/**
 * The statement of applicability: read (JSON and CSV) with `requirements:read`, as the requirements list;
 * a person's decision on one requirement with `questionnaire:update` (see soa-decision-service.ts).
 */
export async function soaRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const decisions = soaDecisionService(app.deps);

  app.get(
    '/api/projects/:project_id/statement-of-applicability',
    {
      schema: {
        operationId: 'getStatementOfApplicability',
        tags,
        summary: "The statement of applicability of one of the project's frameworks (ISO/IEC 42001 by default: its Annex A controls)",
        description:
          'Each requirement listed (for ISO/IEC 42001 every Annex A control, for another framework every requirement row) is included or excluded, ' +
          'with who decided (the engine from the scoping answers, a person with a justification, or nothing excluded it), why with its article (`reason`), its status and the controls it maps to. ' +
          'Requirements binding public authorities only are listed apart (`authorities_only`) and in no count, as are those deleted by an amending act (`deleted`). The EU AI Act statement has a `header`: the classification with its reasons, ' +
          'the settings answered, who answered them and when, and the application dates. ' +
          '404 when the project does not apply the framework.',
        params: projectIdParams,
        querystring: soaQuery,
        response: { 200: statementOfApplicability, ...errors },
      },
      config: { access: access.project('requirements:read') },
    },
    async (request) => readStatement(app.deps, request.ctx, request.params.project_id, request.query.framework, app.deps.clock.now()),
  );

  app.get(
    '/api/projects/:project_id/statement-of-applicability.csv',
    {
      schema: {
        operationId: 'downloadStatementOfApplicability',
        tags,
        summary: 'The statement of applicability as CSV (RFC 4180, a header row), named after the project and the framework',
        description:
          'Preamble lines first (what, when, the counts, and for the EU AI Act the classification with its reasons, the settings, who answered them and when, the application dates), a blank line, ' +
          'then the table: the same rows as the JSON statement, those binding public authorities only last, marked so. Cells that a spreadsheet would run as a formula start with an apostrophe.',
        params: projectIdParams,
        querystring: soaQuery,
        produces: ['text/csv'],
        response: { 200: z.any().describe('The CSV file'), ...errors },
      },
      config: { access: access.project('requirements:read') },
    },
    async (request, reply) => {
      const statement = await readStatement(app.deps, request.ctx, request.params.project_id, request.query.framework, app.deps.clock.now());
      return reply
        .header('content-type', 'text/csv; charset=utf-8; header=absent')
        .header('content-disposition', attachment(soaFileName(statement), 'csv', 'statement-of-applicability'))
        .header('cache-control', 'no-store')
        .send(Buffer.from(soaCsv(statement), 'utf8'));
    },
  );

  app.put(
    '/api/projects/:project_id/requirements/:requirement_id/applicability',
    {
      schema: {
        operationId: 'decideRequirementApplicability',
        tags,
        summary: "Include or exclude a requirement with a justification, overruling the scoping answers, or give it back to them (`engine`)",
        description:
          'Saves the decision and re-evaluates the project in one transaction: controls whose requirements all left scope go out of scope, and come back when one applies again; ' +
          'the change is logged. 422 without a justification, for a section, for an ISO/IEC 42001 clause (clauses 4 to 10 always apply) and to include a requirement that binds public authorities only or was deleted by an amending act. ' +
          '`dry_run=true` answers what it would move and saves nothing.',
        params: requirementParams,
        querystring: dryRunQuery,
        body: applicabilityDecisionInput,
        response: { 200: applicabilityDecisionResponse, ...errors },
      },
      config: { access: access.project('questionnaire:update') },
    },
    async (request) => decisions.decide(request.ctx, request.params.project_id, request.params.requirement_id, request.body, request.query.dry_run),
  );
}
