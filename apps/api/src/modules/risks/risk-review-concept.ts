import { sql } from 'drizzle-orm';
import type { WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { ReviewConcept, ReviewObject } from '../reviews/review-concept';
import { workItems } from '../work-items/work-items';
import { activateAcceptance } from './treatment-service';
import { referenceOf, riskLink } from './risk-view';
import { list, parsed, rowsOf } from './sql-helpers';

type Row = {
  id: string;
  project_id: string;
  number: number;
  name: string;
  status: WorkItemStatus;
  content: unknown;
  assignees: string[] | null;
  evidence: string[] | null;
  asset_cards: string[] | null;
};

const toObject = (row: Row): ReviewObject => ({
  id: row.id,
  status: row.status,
  label: `${referenceOf(row.number)} ${row.name}`,
  link: riskLink(row.project_id, row.id),
  // Linked evidence is covered too, named only when there is some (the hash of a risk without any is unchanged).
  // So are the asset cards linked to it (issue 29, item 6), named the same way.
  content: {
    ...parsed<Record<string, unknown>>(row.content),
    ...(row.evidence?.length ? { evidence: [...row.evidence].sort() } : {}),
    ...(row.asset_cards?.length ? { asset_cards: [...row.asset_cards].sort() } : {}),
  },
  watchers: row.assignees ?? [],
  assignees: row.assignees ?? [],
});

/**
 * What an approval of a risk covers: its content, scores, treatment (with the acceptance it proposes),
 * strategies, linked controls, evidence and asset cards, and tags. A change to any of them while a review is pending makes it stale.
 */
const content = sql`json_build_object(
  'name', r.name, 'description', r.description, 'category', r.category, 'affected', r.affected,
  'likelihood', r.likelihood, 'impact', r.impact, 'monetary_impact', r.monetary_impact::text, 'currency', r.currency, 'expected_annual_loss', r.expected_annual_loss::text,
  'out_of_scope_justification', r.out_of_scope_justification,
  'treatment', (select json_build_object('option', t.option, 'plan', t.plan, 'residual_likelihood', t.residual_likelihood, 'residual_impact', t.residual_impact, 'acceptance_rationale', t.acceptance_rationale)
                  from risk_treatments t where t.risk_id = r.id),
  'strategies', coalesce((select json_agg(json_build_object('id', s.id, 'action', s.action, 'owner_id', s.owner_id, 'due_date', s.due_date::text, 'status', s.status) order by s.id)
                  from risk_treatment_strategies s where s.risk_id = r.id), '[]'::json),
  'controls', coalesce((select json_agg(rc.project_control_id order by rc.project_control_id) from risk_controls rc where rc.risk_id = r.id), '[]'::json),
  'tags', coalesce((select json_agg(wt.tag_id order by wt.tag_id) from work_item_tags wt where wt.item_type = 'risk' and wt.item_id = r.id), '[]'::json))`;

/** Risks as a review concept (and as the object type of comments): the object id is the risk's uuid. */
export const riskReviewConcept: ReviewConcept = {
  name: 'risk',

  async find(db: Executor, organizationId: string, projectId: string, objectId: string, lock: boolean) {
    const row = rowsOf<Row>(
      await db.execute(sql`
        select r.id, r.project_id, r.number, r.name, r.status, ${content} as content,
               array(select w.user_id::text from work_item_people w where w.item_type = 'risk' and w.item_id = r.id and w.role = 'assignee') as assignees,
               array(select l.evidence_id::text from evidence_links l where l.risk_id = r.id) as evidence,
               array(select l.card_id::text from asset_card_links l where l.risk_id = r.id) as asset_cards
          from risks r
         where r.organization_id = ${organizationId} and r.project_id = ${projectId} and r.id = ${objectId}
         ${lock ? sql`for update of r` : sql``}`),
    )[0];
    return row ? toObject(row) : undefined;
  },

  async describe(db: Executor, organizationId: string, objectIds: readonly string[]) {
    const described = new Map<string, Pick<ReviewObject, 'label' | 'link'>>();
    if (objectIds.length === 0) return described;
    const rows = rowsOf<{ id: string; project_id: string; number: number; name: string }>(
      await db.execute(sql`select r.id, r.project_id, r.number, r.name from risks r where r.organization_id = ${organizationId} and r.id in (${list(objectIds)})`),
    );
    for (const row of rows) described.set(row.id, { label: `${referenceOf(row.number)} ${row.name}`, link: riskLink(row.project_id, row.id) });
    return described;
  },

  /** The status a review gives; an approval also makes the acceptance awaiting it effective, with the approver. */
  async setStatus(db, scope, object, to, justification) {
    await db.execute(sql`update risks set status = ${to}, status_changed_at = now(), updated_at = now() where id = ${object.id}`);
    const item = { organizationId: scope.organizationId, projectId: scope.projectId, itemType: 'risk', itemId: object.id, label: object.label, link: object.link };
    await workItems.recordStatusChange(db, scope.actorId, item, object.status, to, justification, scope.via ?? 'review');
    if (to === 'approved') await activateAcceptance(db, item, scope.actorId, scope.via === 'forced');
  },
};
