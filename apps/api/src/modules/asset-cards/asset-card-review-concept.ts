import { sql } from 'drizzle-orm';
import type { WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { ReviewConcept, ReviewObject } from '../reviews/review-concept';
import { workItems } from '../work-items/work-items';
import { assetCardLink } from './asset-card-view';
import { list, parsed, rowsOf } from './sql-helpers';

type Row = { id: string; project_id: string; name: string; status: WorkItemStatus; content: unknown; assignees: string[] | null };

const toObject = (row: Row): ReviewObject => ({
  id: row.id,
  status: row.status,
  label: row.name,
  link: assetCardLink(row.project_id, row.id),
  content: parsed<Record<string, unknown>>(row.content),
  watchers: row.assignees ?? [],
  assignees: row.assignees ?? [],
});

/**
 * What an approval of a card covers: its name, nature, description, version, owner, facts, sections,
 * the front matter it keeps, the cards it is built from, its links and tags. A change to any of them
 * while a review is pending makes it stale.
 */
const content = sql`json_build_object(
  'name', c.name, 'asset_card_type', c.asset_card_type, 'asset_card_nature', c.asset_card_nature, 'description', c.description, 'version', c.version,
  'owner_id', c.owner_id, 'facts', c.facts, 'sections', c.sections, 'extra_metadata', c.extra_metadata, 'out_of_scope_justification', c.out_of_scope_justification,
  'upstream', coalesce((select json_agg(json_build_object('card_id', l.from_id, 'relation', l.relation) order by l.from_id) from asset_card_lineage l where l.to_id = c.id), '[]'::json),
  'controls', coalesce((select json_agg(l.control_id order by l.control_id) from asset_card_links l where l.card_id = c.id and l.control_id is not null), '[]'::json),
  'risks', coalesce((select json_agg(l.risk_id order by l.risk_id) from asset_card_links l where l.card_id = c.id and l.risk_id is not null), '[]'::json),
  'evidences', coalesce((select json_agg(l.evidence_id order by l.evidence_id) from asset_card_links l where l.card_id = c.id and l.evidence_id is not null), '[]'::json),
  'tags', coalesce((select json_agg(wt.tag_id order by wt.tag_id) from work_item_tags wt where wt.item_type = 'asset_card' and wt.item_id = c.id), '[]'::json))`;

/** Asset cards as a review concept (and as the object type of comments): the object id is the card's uuid. */
export const assetCardReviewConcept: ReviewConcept = {
  name: 'asset_card',

  async find(db: Executor, organizationId: string, projectId: string, objectId: string, lock: boolean) {
    const row = rowsOf<Row>(
      await db.execute(sql`
        select c.id, c.project_id, c.name, c.status, ${content} as content,
               array(select w.user_id::text from work_item_people w where w.item_type = 'asset_card' and w.item_id = c.id and w.role = 'assignee') as assignees
          from asset_cards c
         where c.organization_id = ${organizationId} and c.project_id = ${projectId} and c.id = ${objectId}
         ${lock ? sql`for update of c` : sql``}`),
    )[0];
    return row ? toObject(row) : undefined;
  },

  async describe(db: Executor, organizationId: string, objectIds: readonly string[]) {
    const described = new Map<string, Pick<ReviewObject, 'label' | 'link'>>();
    if (objectIds.length === 0) return described;
    const rows = rowsOf<{ id: string; project_id: string; name: string }>(
      await db.execute(sql`select c.id, c.project_id, c.name from asset_cards c where c.organization_id = ${organizationId} and c.id in (${list(objectIds)})`),
    );
    for (const row of rows) described.set(row.id, { label: row.name, link: assetCardLink(row.project_id, row.id) });
    return described;
  },

  async setStatus(db, scope, object, to, justification) {
    await db.execute(sql`update asset_cards set status = ${to}, status_changed_at = now(), updated_at = now() where id = ${object.id}`);
    const item = { organizationId: scope.organizationId, projectId: scope.projectId, itemType: 'asset_card', itemId: object.id, label: object.label, link: object.link };
    await workItems.recordStatusChange(db, scope.actorId, item, object.status, to, justification, scope.via ?? 'review');
  },
};
