import { sql } from 'drizzle-orm';
import type { WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { ReviewConcept, ReviewObject } from '../reviews/review-concept';
import { workItems } from '../work-items/work-items';
import { evidenceLink } from './evidence-view';
import { list, parsed, rowsOf } from './sql-helpers';
import { generatedRefusal, isGenerated } from './generated-evidence';

type Row = { id: string; project_id: string; name: string; status: WorkItemStatus; content: unknown; assignees: string[] | null; asset_cards: string[] | null };

const toObject = (row: Row): ReviewObject => ({
  id: row.id,
  status: row.status,
  label: row.name,
  link: evidenceLink(row.project_id, row.id),
  // The asset cards linked to it are covered too (issue 29, item 6), named only when there are some, so the
  // content of evidence without any is what it was before.
  content: { ...parsed<Record<string, unknown>>(row.content), ...(row.asset_cards?.length ? { asset_cards: [...row.asset_cards].sort() } : {}) },
  watchers: row.assignees ?? [],
  assignees: row.assignees ?? [],
});

/**
 * What an approval of an evidence covers: its name, description, validity, the file (its version and
 * SHA-256), its links (to controls, risks and asset cards) and tags. A change to any of them while a review is pending makes it stale.
 */
const content = sql`json_build_object(
  'name', e.name, 'description', e.description, 'effective_date', e.effective_date::text, 'expires_on', e.expires_on::text,
  'out_of_scope_justification', e.out_of_scope_justification, 'version', e.version, 'sha256', e.sha256,
  'controls', coalesce((select json_agg(l.control_id order by l.control_id) from evidence_links l where l.evidence_id = e.id and l.control_id is not null), '[]'::json),
  'risks', coalesce((select json_agg(l.risk_id order by l.risk_id) from evidence_links l where l.evidence_id = e.id and l.risk_id is not null), '[]'::json),
  'tags', coalesce((select json_agg(wt.tag_id order by wt.tag_id) from work_item_tags wt where wt.item_type = 'evidence' and wt.item_id = e.id), '[]'::json))`;

/** Evidence as a review concept (and as the object type of comments): the object id is the evidence's uuid. */
export const evidenceReviewConcept: ReviewConcept = {
  name: 'evidence',

  async find(db: Executor, organizationId: string, projectId: string, objectId: string, lock: boolean) {
    const row = rowsOf<Row>(
      await db.execute(sql`
        select e.id, e.project_id, e.name, e.status, ${content} as content,
               array(select w.user_id::text from work_item_people w where w.item_type = 'evidence' and w.item_id = e.id and w.role = 'assignee') as assignees,
               array(select l.card_id::text from asset_card_links l where l.evidence_id = e.id) as asset_cards
          from evidences e
         where e.organization_id = ${organizationId} and e.project_id = ${projectId} and e.id = ${objectId}
         ${lock ? sql`for update of e` : sql``}`),
    )[0];
    return row ? toObject(row) : undefined;
  },

  async describe(db: Executor, organizationId: string, objectIds: readonly string[]) {
    const described = new Map<string, Pick<ReviewObject, 'label' | 'link'>>();
    if (objectIds.length === 0) return described;
    const rows = rowsOf<{ id: string; project_id: string; name: string }>(
      await db.execute(sql`select e.id, e.project_id, e.name from evidences e where e.organization_id = ${organizationId} and e.id in (${list(objectIds)})`),
    );
    for (const row of rows) described.set(row.id, { label: row.name, link: evidenceLink(row.project_id, row.id) });
    return described;
  },

  async setStatus(db, scope, object, to, justification) {
    if (await isGenerated(db, object.id)) throw generatedRefusal(object.label, 'reviewed or moved to another status');
    await db.execute(sql`update evidences set status = ${to}, status_changed_at = now(), updated_at = now() where id = ${object.id}`);
    const item = { organizationId: scope.organizationId, projectId: scope.projectId, itemType: 'evidence', itemId: object.id, label: object.label, link: object.link };
    await workItems.recordStatusChange(db, scope.actorId, item, object.status, to, justification, scope.via ?? 'review');
  },
};
