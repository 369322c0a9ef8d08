import type { AssetCardDetail } from '@aegis/contracts';
import { attachment } from '../../lib/attachment';
import { writeCardMarkdown } from './card-markdown';

export type CardDownload = { body: Buffer; contentType: string; disposition: string };

/**
 * A card as a file: `markdown` is the Hugging Face card (YAML front matter + sections, card-markdown.ts)
 * that the import reads back to the same card (its `datasets` naming the dataset cards it was trained on,
 * so that the import links them again); `json` is the card's detail as the API answers it.
 */
export function cardDownload(card: AssetCardDetail, format: 'markdown' | 'json'): CardDownload {
  const disposition = attachment(card.name, format === 'markdown' ? 'md' : 'json', 'asset-card');
  if (format === 'json') return { body: Buffer.from(`${JSON.stringify(card, null, 2)}\n`, 'utf8'), contentType: 'application/json; charset=utf-8', disposition };
  const markdown = writeCardMarkdown({
    name: card.name,
    asset_card_type: card.asset_card_type,
    asset_card_nature: card.asset_card_nature,
    version: card.version,
    description: card.description,
    facts: card.facts,
    sections: card.sections,
    extra_metadata: card.extra_metadata,
  }, { trainedOn: card.upstream.filter((u) => u.relation === 'trained_on' && u.card.asset_card_type === 'dataset').map((u) => u.card.name) });
  return { body: Buffer.from(markdown, 'utf8'), contentType: 'text/markdown; charset=utf-8', disposition };
}
