import { createHash } from 'node:crypto';
import type { PersonRef, Review } from '@aegis/contracts';
import type { ReviewRow } from './review-repository';

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** The hash of what an approval covers: stable key order, so equal content hashes equally. */
export function contentHash(content: Record<string, unknown>): string {
  const sorted = Object.fromEntries(Object.keys(content).sort().map((key) => [key, content[key]]));
  return createHash('sha256').update(JSON.stringify(sorted)).digest('hex');
}

/** The fields whose value differs between the snapshot taken at request time and the object now. */
export function changesSince(snapshot: Record<string, unknown>, current: Record<string, unknown>) {
  const fields = [...new Set([...Object.keys(snapshot), ...Object.keys(current)])].sort();
  return fields
    .filter((field) => JSON.stringify(snapshot[field] ?? null) !== JSON.stringify(current[field] ?? null))
    .map((field) => ({ field, before: snapshot[field] ?? null, after: current[field] ?? null }));
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const day = (value: Date | string | null) => (value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

export function toReview(row: ReviewRow, described: { label: string; link: string } | undefined, current: Record<string, unknown> | undefined): Review {
  const snapshot = parsed<Record<string, unknown>>(row.content_snapshot);
  const changes = row.status === 'in_review' && current ? changesSince(snapshot, current) : [];
  const reviewers = parsed<{ reviewer: PersonRef; decision: Review['reviewers'][number]['decision']; comment: string | null; decided_at: string | null }[]>(row.reviewers);
  return {
    id: row.id,
    concept: row.concept,
    object_id: row.object_id,
    object_label: described?.label ?? 'A removed object',
    object_link: described?.link ?? '',
    project_id: row.project_id,
    status: row.status,
    rule: row.rule,
    message: row.message,
    due_date: day(row.due_date),
    requested_by: parsed<PersonRef | null>(row.requester),
    requested_at: iso(row.created_at)!,
    status_before: row.status_before,
    status_requested: row.status_requested,
    forced: Boolean(row.forced),
    justification: row.justification,
    reviewers: reviewers.map((r) => ({ ...r, decided_at: iso(r.decided_at) })),
    stale: changes.length > 0,
    changes,
    settled_at: iso(row.settled_at),
  };
}
