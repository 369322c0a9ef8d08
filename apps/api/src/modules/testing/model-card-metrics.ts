import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { iso, rowsOf } from './source-repository';

/**
 * An asset-card source reads its model card's `model-index` results: the asset-card import keeps them as
 * the card's `facts.metrics` (name, numeric value, the result's dataset: asset-cards/card-markdown.ts), and
 * an edit of the card keeps them there too. Each becomes a metric named `accuracy (dataset)`.
 */

export type CardResult = { name: string; value: number };
export type CardResults = { cardId: string; updatedAt: string; results: CardResult[] };

const MAX_NAME = 200;
const isResult = (m: unknown): m is { name: string; value: number; dataset?: string | null } =>
  typeof m === 'object' && m !== null && typeof (m as { name?: unknown }).name === 'string' && Number.isFinite((m as { value?: unknown }).value);

/** `accuracy (loan-intent)`, or the metric's name alone when the result names no dataset. */
export const metricNameOf = (name: string, dataset: string | null | undefined) => {
  const base = name.trim();
  const full = dataset?.trim() ? `${base} (${dataset.trim()})` : base;
  return full.slice(0, MAX_NAME).trim();
};

/** The card's results, one per metric name (the first of a name wins); undefined when the card is not in the project. */
export async function readModelCardResults(db: Executor, organizationId: string, projectId: string, cardId: string): Promise<CardResults | undefined> {
  const [card] = rowsOf<{ id: string; metrics: unknown; updated_at: Date | string }>(
    await db.execute(sql`select id, facts -> 'metrics' as metrics, updated_at from asset_cards where organization_id = ${organizationId} and project_id = ${projectId} and id = ${cardId}`),
  );
  if (!card) return undefined;
  const metrics = typeof card.metrics === 'string' ? (JSON.parse(card.metrics) as unknown) : card.metrics;
  const seen = new Set<string>();
  const results: CardResult[] = [];
  for (const m of Array.isArray(metrics) ? metrics : []) {
    if (!isResult(m)) continue;
    const name = metricNameOf(m.name, m.dataset);
    if (!name || seen.has(name.toLowerCase())) continue;
    seen.add(name.toLowerCase());
    results.push({ name, value: m.value });
  }
  return { cardId: card.id, updatedAt: iso(card.updated_at), results };
}
