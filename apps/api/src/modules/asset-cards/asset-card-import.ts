import type { AssetCardDetail, AssetCardImportPreview, ImportAssetCardQuery } from '@aegis/contracts';
import { ASSET_CARD_SECTIONS } from '@aegis/contracts';
import type { Deps } from '../../deps';
import type { Executor } from '../../db/client';
import type { RequestContext } from '../../plugins/auth';
import { assetCardRepository } from './asset-card-repository';
import { assetCardService, createAssetCardIn } from './asset-card-service';
import type { CardFile } from './card-file';
import { noNameError, type CardReading } from './card-markdown';
import { cardPool } from './card-pool';

/** A dataset named `acme/loan-intent` matches a card named either that or `loan-intent`. */
const namesOf = (datasets: readonly string[]) => [...new Set(datasets.flatMap((d) => [d, d.split('/').pop()!]).filter(Boolean))];

/** The card file read in a worker thread (card-pool.ts): the nesting guard, the YAML parser and the mapping never hold the request loop. */
const readInWorker = (file: CardFile, asked: ImportAssetCardQuery): Promise<CardReading> => cardPool.run({ text: file.text, ...asked, file_name: file.fileName });

/** The project's dataset cards a model card's `datasets` names (one query whatever their number). */
const trainedOnOf = (db: Executor, ctx: RequestContext, projectId: string, card: CardReading) =>
  card.asset_card_type === 'model' ? assetCardRepository.byNames(db, ctx.organizationId!, projectId, 'dataset', namesOf(card.datasets)) : Promise.resolve([]);

/**
 * Creates a card from a Hugging Face card file (card-markdown.ts): read in full in a worker thread before
 * anything is written, then created in one transaction with the front matter it keeps and, for a model,
 * a `trained_on` lineage link to each dataset card of the project its `datasets` names. Any refusal
 * (422 naming the line, 413, 415) creates nothing. `preview` reads the same file and creates nothing.
 */
export function assetCardImportService(deps: Pick<Deps, 'db'>) {
  const cards = assetCardService(deps);
  return {
    async import(ctx: RequestContext, projectId: string, asked: ImportAssetCardQuery, read: () => Promise<CardFile>): Promise<AssetCardDetail> {
      const file = await read();
      const reading = await readInWorker(file, asked);
      const { datasets: _datasets, extra_metadata, name, ...card } = reading;
      if (name === null) throw noNameError(card.asset_card_type);
      return cards.write(ctx, projectId, async (tx) => {
        const trainedOn = await trainedOnOf(tx, ctx, projectId, reading);
        return createAssetCardIn(
          tx,
          ctx,
          projectId,
          { ...card, name, owner_id: null, tags: [], upstream: trainedOn.map((d) => ({ card_id: d.id, relation: 'trained_on' as const })) },
          { extraMetadata: extra_metadata, importedFrom: file.fileName || null },
        );
      });
    },

    /** What the import of this file would create (name, type, nature, facts, datasets and the cards they link), creating nothing. */
    async preview(ctx: RequestContext, projectId: string, asked: ImportAssetCardQuery, read: () => Promise<CardFile>): Promise<AssetCardImportPreview> {
      const file = await read();
      const card = await readInWorker(file, asked);
      const linked = await trainedOnOf(deps.db, ctx, projectId, card);
      return {
        name: card.name,
        name_required: card.name === null,
        asset_card_type: card.asset_card_type,
        asset_card_nature: card.asset_card_nature,
        version: card.version,
        license: card.facts.license,
        languages: card.facts.languages,
        base_model: card.facts.base_model,
        task: card.facts.task,
        datasets: card.datasets,
        linked_datasets: linked.map((d) => ({ id: d.id, name: d.name })),
        metrics: card.facts.metrics,
        sections: ASSET_CARD_SECTIONS[card.asset_card_type].filter((s) => card.sections[s.key]).map((s) => s.heading),
      };
    },
  };
}
