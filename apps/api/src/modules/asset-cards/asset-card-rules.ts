import { ASSET_CARD_SECTIONS, ASSET_CARD_TYPE_LABELS, type AssetCardFacts, type AssetCardType } from '@aegis/contracts';
import { AppError } from '../../lib/errors';

/** A 422 naming the field (`body.upstream`), as validation failures do. */
export const fieldError = (path: string, message: string) =>
  new AppError(422, `${path.replace(/^(body|querystring)\./, '')}: ${message}`, 'unprocessable_content', [{ path, message }]);

/** The section keys of a type, in card order. */
export const sectionKeysOf = (type: AssetCardType) => ASSET_CARD_SECTIONS[type].map((s) => s.key);

/**
 * A card's prose sections as stored: only the keys of its type (422 naming the first other key), each
 * trimmed, empty ones dropped (an empty section is no section: the Markdown card leaves it out), in the
 * type's order so that equal cards store equal JSON.
 */
export function normalizeSections(type: AssetCardType, sections: Record<string, string>, path = 'body.sections'): Record<string, string> {
  const keys = sectionKeysOf(type);
  const unknown = Object.keys(sections).find((key) => !keys.includes(key));
  if (unknown !== undefined) {
    throw fieldError(`${path}.${unknown}`, `is not a section of a ${ASSET_CARD_TYPE_LABELS[type].toLowerCase()} card (its sections: ${keys.join(', ')})`);
  }
  const normalized: Record<string, string> = {};
  for (const key of keys) {
    const text = sections[key]?.trim();
    if (text) normalized[key] = text;
  }
  return normalized;
}

/** Key facts as stored: a time span must not end before it starts (422 naming the end). */
export function checkFacts(facts: AssetCardFacts, path = 'body.facts'): AssetCardFacts {
  if (facts.time_span_start && facts.time_span_end && facts.time_span_end < facts.time_span_start) {
    throw fieldError(`${path}.time_span_end`, `must not be before time_span_start (${facts.time_span_start})`);
  }
  return facts;
}

/**
 * Whether making `upstream` the cards a card is built from would close a loop: it would when one of them
 * is the card itself or is already built (directly or further down) from it — `downstream` holds every
 * card reachable from the card through the lineage. Answers the first offending id.
 */
export function cycleThrough(cardId: string, upstream: readonly string[], downstream: ReadonlySet<string>): string | undefined {
  return upstream.find((id) => id === cardId || downstream.has(id));
}
