import type { AssetCardDetail, AssetCardNature, AssetCardType } from '@aegis/contracts';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../plugins/auth';
import { assetCardRepository } from './asset-card-repository';
import { assetCardService, createAssetCardIn } from './asset-card-service';
import type { CardFile } from './card-file';
import { parseCardMarkdown } from './card-markdown';

/** A dataset named `acme/loan-intent` matches a card named either that or `loan-intent`. */
const namesOf = (datasets: readonly string[]) => [...new Set(datasets.flatMap((d) => [d, d.split('/').pop()!]).filter(Boolean))];

/**
 * Creates a card from a Hugging Face card file (card-markdown.ts): parsed in full before anything is
 * written, then created in one transaction with the front matter it keeps and, for a model, a
 * `trained_on` lineage link to each dataset card of the project its `datasets` names. Any refusal
 * (422 naming the line, 413, 415) creates nothing.
 */
export function assetCardImportService(deps: Pick<Deps, 'db'>) {
  const cards = assetCardService(deps);
  return {
    async import(ctx: RequestContext, projectId: string, asked: { asset_card_type?: AssetCardType; asset_card_nature?: AssetCardNature }, read: () => Promise<CardFile>): Promise<AssetCardDetail> {
      const file = await read();
      // Linear in the file (1 MB at most), the nesting guard first: on the request's thread.
      const { datasets, extra_metadata, ...card } = parseCardMarkdown(file.text, asked);
      return cards.write(ctx, projectId, async (tx) => {
        const trainedOn = card.asset_card_type === 'model' ? await assetCardRepository.byNames(tx, ctx.organizationId!, projectId, 'dataset', namesOf(datasets)) : [];
        return createAssetCardIn(
          tx,
          ctx,
          projectId,
          { ...card, owner_id: null, tags: [], upstream: trainedOn.map((d) => ({ card_id: d.id, relation: 'trained_on' as const })) },
          { extraMetadata: extra_metadata, importedFrom: file.fileName || null },
        );
      });
    },
  };
}
