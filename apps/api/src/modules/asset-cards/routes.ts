import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  assetCardDetail,
  assetCardIdParams,
  assetCardImportPreview,
  assetCardListItem,
  assetLineage,
  createAssetCard,
  downloadAssetCardQuery,
  errorResponse,
  importAssetCardQuery,
  listAssetCardsQuery,
  page,
  projectIdParams,
  updateAssetCard,
  updateAssetCardAssignees,
} from '@aegis/contracts';
import { access } from '../../plugins/access';
import { cardDownload } from './asset-card-download';
import { assetCardImportService } from './asset-card-import';
import { assetCardService } from './asset-card-service';
import { readCardFile } from './card-file';

const tags = ['asset cards'];
const errors = { 401: errorResponse, 403: errorResponse, 404: errorResponse, 409: errorResponse, 422: errorResponse };
const uploadErrors = { ...errors, 400: errorResponse, 413: errorResponse, 415: errorResponse };

/** A project's asset cards (issue 22): list, lineage, create, detail, changes within the life cycle, people, deletion; import and download. */
export async function assetCardRoutes(root: FastifyInstance) {
  const app = root.withTypeProvider<ZodTypeProvider>();
  const service = assetCardService(app.deps);
  const imports = assetCardImportService(app.deps);
  const base = '/api/projects/:project_id/asset_cards';

  app.get(
    base,
    {
      schema: {
        operationId: 'listAssetCards',
        tags,
        summary: "The project's asset cards (models, datasets, systems, components, services), filtered, sorted and paged, with owner, people, tags, lineage and link counts",
        description: '`name` matches part of the name, without case. `status`, `asset_card_type` and `asset_card_nature` take comma-separated lists. Without `sort_by`, by name.',
        params: projectIdParams,
        querystring: listAssetCardsQuery,
        response: { 200: page(assetCardListItem), ...errors },
      },
      config: { access: access.project('asset_cards:read') },
    },
    async (request) => service.list(request.ctx, request.params.project_id, request.query),
  );

  app.post(
    base,
    {
      schema: {
        operationId: 'createAssetCard',
        tags,
        summary: 'Add an asset card: a name, a type and a nature at least; it starts ready',
        description:
          '`sections` takes the section keys of the card\'s type only (422 naming the key); `upstream` the cards of this project it is built from (422 naming the ids otherwise); `owner_id` a member of the project.',
        params: projectIdParams,
        body: createAssetCard,
        response: { 201: assetCardDetail, ...errors },
      },
      config: { access: access.project('asset_cards:create') },
    },
    async (request, reply) => reply.status(201).send(await service.create(request.ctx, request.params.project_id, request.body)),
  );

  app.get(
    `${base}/lineage`,
    {
      schema: {
        operationId: 'getAssetLineage',
        tags,
        summary: "The project's lineage graph: every card and every link (from is upstream of to: a dataset a model was trained on, a model a system uses)",
        params: projectIdParams,
        response: { 200: assetLineage, ...errors },
      },
      config: { access: access.project('asset_cards:read') },
    },
    async (request) => service.lineage(request.ctx, request.params.project_id),
  );

  app.post(
    `${base}/import`,
    {
      schema: {
        operationId: 'importAssetCard',
        tags,
        summary: 'Create a card from a Hugging Face model or dataset card (multipart part `file`: its README.md, up to 1 MB)',
        description:
          'Front matter: `license`, `language`, `base_model`, `pipeline_tag` and `model-index` metrics become facts; the name is `name` when given, else `model_name` / `pretty_name`, else `model-index[0].name`, else the first `# ` heading, else the file\'s name when it is not README.md (none: 422 naming `querystring.name`); the rest (model-index included) is kept in `extra_metadata` and written back by the download. ' +
          '`## ` sections go to the type\'s sections by heading (Hugging Face template headings included), the others to `extra_metadata.unmapped_sections`. ' +
          'The type is `asset_card_type`, else the card\'s own (`aegis.asset_card_type`, written by the download), else dataset for a dataset card\'s keys (`pretty_name`, `dataset_info`, `configs`, `task_categories`…), else model; the nature `asset_card_nature`, else the card\'s own, else third party for a Hub model card, else in-house. A model is linked (`trained_on`) to the dataset cards of the project its `datasets` names. ' +
          'Past 1 MB: 413. Binary, bad YAML (naming the line), more than 10,000 front matter keys and list items, an unknown type or nature: 422. Nothing is created on any refusal. The file is read in a worker thread.',
        consumes: ['multipart/form-data'],
        params: projectIdParams,
        querystring: importAssetCardQuery,
        response: { 201: assetCardDetail, ...uploadErrors },
      },
      config: { access: access.project('asset_cards:create') },
    },
    async (request, reply) => reply.status(201).send(await imports.import(request.ctx, request.params.project_id, request.query, () => readCardFile(request))),
  );

  app.post(
    `${base}/import/preview`,
    {
      schema: {
        operationId: 'previewAssetCardImport',
        tags,
        summary: 'What importing this card file would create — name (null when it must be given), type, nature, licence, languages, datasets and the dataset cards they link, metrics, sections — creating nothing',
        description: 'Takes the same multipart `file` and query as `importAssetCard` and refuses the same files (413, 415, 422 naming the line); a file without a name is read, with `name_required`.',
        consumes: ['multipart/form-data'],
        params: projectIdParams,
        querystring: importAssetCardQuery,
        response: { 200: assetCardImportPreview, ...uploadErrors },
      },
      config: { access: access.project('asset_cards:create') },
    },
    async (request) => imports.preview(request.ctx, request.params.project_id, request.query, () => readCardFile(request)),
  );

  app.get(
    `${base}/:asset_card_id/download`,
    {
      schema: {
        operationId: 'downloadAssetCard',
        tags,
        summary: 'The card as a file: `markdown` (default) a Hugging Face card (YAML front matter + sections) that the import reads back to the same card, `json` the card as the API answers it',
        params: assetCardIdParams,
        querystring: downloadAssetCardQuery,
        produces: ['text/markdown', 'application/json'],
        response: { 200: z.any().describe('The card file'), ...errors },
      },
      config: { access: access.project('asset_cards:download') },
    },
    async (request, reply) => {
      const file = cardDownload(await service.detail(request.ctx, request.params.project_id, request.params.asset_card_id), request.query.format);
      return reply.header('content-type', file.contentType).header('content-disposition', file.disposition).header('cache-control', 'no-store').send(file.body);
    },
  );

  app.get(
    `${base}/:asset_card_id`,
    {
      schema: {
        operationId: 'getAssetCard',
        tags,
        summary: 'An asset card: facts, sections, lineage both ways, linked controls, risks and evidence, people, status history and what the caller may move it to',
        params: assetCardIdParams,
        response: { 200: assetCardDetail, ...errors },
      },
      config: { access: access.project('asset_cards:read') },
    },
    async (request) => service.detail(request.ctx, request.params.project_id, request.params.asset_card_id),
  );

  app.patch(
    `${base}/:asset_card_id`,
    {
      schema: {
        operationId: 'updateAssetCard',
        tags,
        summary: "Change a card's content, lineage (`upstream`, the whole list), links (`control_ids`, `risk_ids`, `evidence_ids`, whole lists) or status within the life cycle",
        description:
          '`facts` and `sections` replace the whole object. An approved card takes nothing but reopening (status in_progress with a justification; with separation of duties this needs reviews:force_update_status): anything else is 409 `locked`, and so is a link to or from an approved control, risk or evidence. ' +
          'Lineage must stay within the project and never loop (422 naming `upstream`). Answers the card as read after the commit.',
        params: assetCardIdParams,
        body: updateAssetCard,
        response: { 200: assetCardDetail, ...errors },
      },
      config: { access: access.project('asset_cards:update') },
    },
    async (request) => service.update(request.ctx, request.params.project_id, request.params.asset_card_id, request.body),
  );

  app.delete(
    `${base}/:asset_card_id`,
    {
      schema: {
        operationId: 'deleteAssetCard',
        tags,
        summary: 'Delete a card with its lineage, links, comments and reviews (the log keeps it)',
        description: '409 `locked` when approved, when a card built from it is approved, or when it is linked to an approved control, risk or evidence; 409 `review_pending` under review.',
        params: assetCardIdParams,
        response: { 204: z.null().describe('Deleted'), ...errors },
      },
      // The spec names no asset_cards:delete: deleting is a change of the inventory, with the update right.
      config: { access: access.project('asset_cards:update') },
    },
    async (request, reply) => {
      await service.remove(request.ctx, request.params.project_id, request.params.asset_card_id);
      return reply.status(204).send(null);
    },
  );

  app.put(
    `${base}/:asset_card_id/assignees`,
    {
      schema: {
        operationId: 'updateAssetCardAssignees',
        tags,
        summary: 'Replace the assignees and reviewers (project members only); newly named people are notified; allowed on an approved card',
        params: assetCardIdParams,
        body: updateAssetCardAssignees,
        response: { 200: assetCardDetail, ...errors },
      },
      config: { access: access.project('asset_cards:assignee_update') },
    },
    async (request) => service.setAssignees(request.ctx, request.params.project_id, request.params.asset_card_id, request.body),
  );
}
