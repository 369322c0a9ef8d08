import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  downloadEvidenceQuery,
  errorResponse,
  evidenceDetail,
  evidenceFileTypes,
  evidenceIdParams,
  evidenceLight,
  evidenceListItem,
  listEvidenceLightQuery,
  listEvidenceQuery,
  page,
  projectIdParams,
  updateEvidence,
  updateRiskAssignees,
  uploadEvidenceQuery,
  uploadEvidenceVersionQuery,
} from '@aegis/contracts';
import { access } from '../../plugins/access';
import { evidenceIndexCsv } from './evidence-csv';
import { downloadEvidence, sendDownload } from './evidence-download';
import { evidenceService } from './evidence-service';
import { openEvidenceFile } from './evidence-upload';
import { evidenceUploadService } from './evidence-upload-service';
import { evidenceLinkRoutes } from './link-routes';
import { evidenceSuggestionRoutes } from './suggestion-routes';

const tags = ['evidence'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };
const uploadErrors = { ...errors, 400: errorResponse, 413: errorResponse, 415: errorResponse, 503: errorResponse };

/** A project's evidence (issue 21): upload, lists, detail, changes within the life cycle, people, versions, download, index; links in link-routes.ts. */
export async function evidenceRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const deps = { ...app.deps, log: app.log };
  const service = evidenceService(deps);
  const uploads = evidenceUploadService(deps);
  const base = '/api/projects/:project_id/evidence';

  app.post(
    base,
    {
      schema: {
        operationId: 'uploadEvidence',
        tags,
        summary: 'Upload a file as evidence (multipart part `file`, up to 100 MB), streamed to storage with its SHA-256; optionally attached to a control (its code) or a risk (its id or R-n)',
        description:
          'The type is told from the bytes. `name` defaults to the file name (its last path segment). `component_id` is checked before a byte is read (422 when it is not a control or a risk of this project, 409 `locked` when it is approved). ' +
          'Past 104,857,600 bytes: 413 with the spec\'s message, nothing stored. An empty file or another part name: 422 naming `file`. The storage unreachable: 503, no row written.',
        consumes: ['multipart/form-data'],
        params: projectIdParams,
        querystring: uploadEvidenceQuery,
        response: { 201: evidenceDetail, ...uploadErrors },
      },
      config: { access: access.project('evidences:upload') },
    },
    async (request, reply) => reply.status(201).send(await uploads.upload(request.ctx, request.params.project_id, request.query, () => openEvidenceFile(request))),
  );

  app.get(
    base,
    {
      schema: {
        operationId: 'listEvidence',
        tags,
        summary: "The project's evidence, filtered, sorted and paged, with links, people, tags and validity",
        description:
          '`name` matches the name and file name (part of a word) and the name, description and extracted text (full-text); when the text matched, `snippet` shows the passage around the first match, the match between « and » (on the first 50 rows of a page; later rows answer null). ' +
          '`associated_controls` takes control codes, `associated_risks` risk ids or R-n references; `start_date`/`end_date` bound the effective date. Without `sort_by`, the newest upload first.',
        params: projectIdParams,
        querystring: listEvidenceQuery,
        response: { 200: page(evidenceListItem), ...errors },
      },
      config: { access: access.project('evidences:read') },
    },
    async (request) => service.list(request.ctx, request.params.project_id, request.query),
  );

  app.get(
    '/api/projects/:project_id/evidence_list',
    {
      schema: { operationId: 'listEvidenceLight', tags, summary: 'The light list of evidence (id, name, file, type, status), by name, up to 250: for pickers', params: projectIdParams, querystring: listEvidenceLightQuery, response: { 200: page(evidenceLight), ...errors } },
      config: { access: access.project('evidences:read') },
    },
    async (request) => service.light(request.ctx, request.params.project_id, request.query.name),
  );

  app.get(
    `${base}/files/types`,
    {
      schema: { operationId: 'listEvidenceFileTypes', tags, summary: 'The file types present in the project, with how many of each (the list\'s file-type filter)', params: projectIdParams, response: { 200: evidenceFileTypes, ...errors } },
      config: { access: access.project('evidences:read') },
    },
    async (request) => service.fileTypes(request.ctx, request.params.project_id),
  );

  app.get(
    '/api/projects/:project_id/evidence.csv',
    {
      schema: {
        operationId: 'downloadEvidenceIndex',
        tags,
        summary: 'The evidence index as CSV (RFC 4180, a header row): every version of every file with its size, SHA-256, upload time and the current links',
        params: projectIdParams,
        produces: ['text/csv'],
        response: { 200: z.any().describe('The CSV file'), ...errors },
      },
      config: { access: access.project('evidences:read') },
    },
    async (request, reply) => {
      const csv = await evidenceIndexCsv(app.deps, request.ctx, request.params.project_id);
      return reply.header('content-type', 'text/csv; charset=utf-8; header=present').header('content-disposition', csv.disposition).header('cache-control', 'no-store').send(Buffer.from(csv.body, 'utf8'));
    },
  );

  app.get(
    `${base}/:evidence_id`,
    {
      schema: { operationId: 'getEvidence', tags, summary: 'An evidence: its versions with their hashes, links, people, status history, what holds it and what the caller may move it to', params: evidenceIdParams, response: { 200: evidenceDetail, ...errors } },
      config: { access: access.project('evidences:read') },
    },
    async (request) => service.detail(request.ctx, request.params.project_id, request.params.evidence_id),
  );

  app.patch(
    `${base}/:evidence_id`,
    {
      schema: {
        operationId: 'updateEvidence',
        tags,
        summary: "Change an evidence's name, description, validity, tags, links (the whole lists of control and risk ids) or status within the life cycle",
        description:
          'An approved evidence takes nothing but reopening (status in_progress with a justification; with separation of duties this needs reviews:force_update_status): anything else is 409 `locked`. ' +
          'A link to or from an approved control or risk is 409 `locked` too. `expires_on` must come after `effective_date` (422). Answers the evidence as read after the commit.',
        params: evidenceIdParams,
        body: updateEvidence,
        response: { 200: evidenceDetail, ...errors },
      },
      config: { access: access.project('evidences:update') },
    },
    async (request) => service.update(request.ctx, request.params.project_id, request.params.evidence_id, request.body),
  );

  app.delete(
    `${base}/:evidence_id`,
    {
      schema: {
        operationId: 'deleteEvidence',
        tags,
        summary: 'Delete an evidence with its versions and links (its files are purged; the log keeps it)',
        description: '409 `locked` when approved (or linked to an approved risk), `review_pending` under review, `held_by_approved_control` when linked to an approved control.',
        params: evidenceIdParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
      config: { access: access.project('evidences:delete') },
    },
    async (request, reply) => {
      await service.remove(request.ctx, request.params.project_id, request.params.evidence_id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${base}/:evidence_id/assignees`,
    {
      schema: { operationId: 'updateEvidenceAssignees', tags, summary: 'Replace the assignees (the owners told of its expiry) and reviewers, project members only; allowed on an approved evidence', params: evidenceIdParams, body: updateRiskAssignees, response: { 200: evidenceDetail, ...errors } },
      config: { access: access.project('evidences:update') },
    },
    async (request) => service.setAssignees(request.ctx, request.params.project_id, request.params.evidence_id, request.body),
  );

  app.post(
    `${base}/:evidence_id/versions`,
    {
      schema: {
        operationId: 'uploadEvidenceVersion',
        tags,
        summary: 'Upload a new version of the file (multipart part `file`); the old versions stay, with their hashes',
        description:
          'Refused before a byte is read when the evidence is approved (409 `locked`) or linked to an approved control (409 `held_by_approved_control`: reopen the control first). ' +
          'The effective date becomes `effective_date` or the upload day; reminders and expiry flags start again. Size and storage rules as for an upload.',
        consumes: ['multipart/form-data'],
        params: evidenceIdParams,
        querystring: uploadEvidenceVersionQuery,
        response: { 201: evidenceDetail, ...uploadErrors },
      },
      config: { access: access.project('evidences:upload') },
    },
    async (request, reply) =>
      reply.status(201).send(await uploads.uploadVersion(request.ctx, request.params.project_id, request.params.evidence_id, request.query, () => openEvidenceFile(request))),
  );

  app.get(
    `${base}/:evidence_id/download`,
    {
      schema: {
        operationId: 'downloadEvidence',
        tags,
        summary: 'The stored bytes of a version (the current one by default), streamed; a single Range answers 206',
        description:
          'Content-Disposition attachment with the file name (RFC 6266); `inline=true` previews PDFs and images only, under a Content-Security-Policy `sandbox`. ETag: the SHA-256. ' +
          'A range the file does not have: 416 with `Content-Range: bytes */size`. The stored file missing: 404 `file_missing`.',
        params: evidenceIdParams,
        querystring: downloadEvidenceQuery,
        // The file's own type (application/pdf, text/csv…), whatever it is.
        produces: ['*/*'],
        response: { 200: z.any().describe('The file'), 206: z.any().describe('The range of the file asked for'), 416: errorResponse, 503: errorResponse, ...errors },
      },
      config: { access: access.project('evidences:download') },
      // The bytes as stored: never re-encoded (a JSON file would be), so that ranges and the hash hold.
      compress: false,
    },
    async (request, reply) =>
      sendDownload(
        reply,
        await downloadEvidence(deps, request.ctx, request.params.project_id, request.params.evidence_id, request.query, {
          range: request.headers.range,
          ifRange: typeof request.headers['if-range'] === 'string' ? request.headers['if-range'] : undefined,
        }),
      ),
  );

  await app.register(evidenceLinkRoutes);
  await app.register(evidenceSuggestionRoutes);
}
