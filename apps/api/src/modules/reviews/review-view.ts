import { createHash } from 'node:crypto';
import type { PersonRef, Review } from '@aegis/contracts';
import type { ReviewRow } from './review-repository';

const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/**
 * The one canonical text of content an approval covers: JSON with the keys of every object, at every
 * depth, in sorted order. The snapshot comes back from a jsonb column (which orders keys its own way)
 * while the current content is built by json_build_object (in the order written): only a canonical
 * form compares them. The hash and the comparison both use it.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, inner: unknown) =>
    inner !== null && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(Object.keys(inner).sort().map((key) => [key, (inner as Record<string, unknown>)[key]]))
      : inner,
  );
}

/** The hash of what an approval covers, of its canonical text: equal content hashes equally. */
export function contentHash(content: Record<string, unknown>): string {
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/** The fields whose value differs, canonically, between the snapshot taken at request time and the object now. */
export function changesSince(snapshot: Record<string, unknown>, current: Record<string, unknown>) {
  const fields = [...new Set([...Object.keys(snapshot), ...Object.keys(current)])].sort();
  return fields
    .filter((field) => canonicalJson(snapshot[field]) !== canonicalJson(current[field]))
    .map((field) => ({ field, before: snapshot[field] ?? null, after: current[field] ?? null }));
}

/**
 * What changed in the object since its review was requested: the one test of "stale", for the answer,
 * the decision and the recount. Compares the snapshot kept with the request, field by field.
 */
export function changesSinceRequest(row: Pick<ReviewRow, 'content_snapshot'>, current: Record<string, unknown>) {
  return changesSince(parsed<Record<string, unknown>>(row.content_snapshot), current);
}

const iso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());
const day = (value: Date | string | null) => (value === null ? null : typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10));

export function toReview(row: ReviewRow, described: { label: string; link: string } | undefined, current: Record<string, unknown> | undefined): Review {
  const changes = row.status === 'in_review' && current ? changesSinceRequest(row, current) : [];
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
