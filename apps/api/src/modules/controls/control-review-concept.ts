import { sql } from 'drizzle-orm';
import type { WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { ReviewConcept, ReviewObject } from '../reviews/review-concept';
import { workItems } from '../work-items/work-items';
import { controlLink } from './control-service';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

type Row = {
  id: string;
  project_id: string;
  control_code: string;
  title: string;
  status: WorkItemStatus;
  notes: string;
  due_date: string | Date | null;
  out_of_scope_justification: string | null;
  tags: string[] | null;
  assignees: string[] | null;
  evidence: string[] | null;
  risks: string[] | null;
  asset_cards: string[] | null;
  assessment: { result: string; rationale: string } | string | null;
};

/** A list an approval covers, named only when it holds something (see `evidence` below). */
const named = (key: string, ids: string[] | null) => (ids?.length ? { [key]: [...ids].sort() } : {});

const toObject = (row: Row): ReviewObject => ({
  id: row.id,
  status: row.status,
  label: `${row.control_code} ${row.title}`,
  link: controlLink(row.project_id, row.control_code),
  content: {
    notes: row.notes,
    due_date: row.due_date === null ? null : new Date(row.due_date).toISOString().slice(0, 10),
    out_of_scope_justification: row.out_of_scope_justification,
    tags: [...(row.tags ?? [])].sort(),
    // Linked evidence is part of what an approval covers; named only when there is some, so that the
    // content (and the hash of a review requested before evidence existed) of a control without any is unchanged.
    ...named('evidence', row.evidence),
    // So are the risks it reduces, the asset cards linked to it and its latest assessment (issue 29, item 6):
    // linking one, or assessing it, while a review is pending makes the approval stale.
    ...named('risks', row.risks),
    ...named('asset_cards', row.asset_cards),
    ...(row.assessment ? { assessment: typeof row.assessment === 'string' ? (JSON.parse(row.assessment) as unknown) : row.assessment } : {}),
  },
  watchers: row.assignees ?? [],
  assignees: row.assignees ?? [],
});

/** Controls as a review concept: the object id is the control's uuid. */
export const controlReviewConcept: ReviewConcept = {
  name: 'control',

  async find(db: Executor, organizationId: string, projectId: string, objectId: string, lock: boolean) {
    const row = rowsOf<Row>(
      await db.execute(sql`
        select pc.id, pc.project_id, pc.control_code, d.title, pc.status, pc.notes, pc.due_date, pc.out_of_scope_justification,
               array(select wt.tag_id::text from work_item_tags wt where wt.item_type = 'control' and wt.item_id = pc.id) as tags,
               array(select w.user_id::text from work_item_people w where w.item_type = 'control' and w.item_id = pc.id and w.role = 'assignee') as assignees,
               array(select l.evidence_id::text from evidence_links l where l.control_id = pc.id) as evidence,
               array(select rc.risk_id::text from risk_controls rc where rc.project_control_id = pc.id) as risks,
               array(select l.card_id::text from asset_card_links l where l.control_id = pc.id) as asset_cards,
               (select json_build_object('result', a.result, 'rationale', a.rationale) from control_assessments a
                 where a.project_control_id = pc.id order by a.created_at desc, a.id desc limit 1) as assessment
          from project_controls pc join control_definitions d on d.id = pc.control_id
         where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.id = ${objectId} and pc.detached_at is null
         ${lock ? sql`for update of pc` : sql``}`),
    )[0];
    return row ? toObject(row) : undefined;
  },

  async describe(db: Executor, organizationId: string, objectIds: readonly string[]) {
    const described = new Map<string, Pick<ReviewObject, 'label' | 'link'>>();
    if (objectIds.length === 0) return described;
    const rows = rowsOf<{ id: string; project_id: string; control_code: string; title: string }>(
      await db.execute(sql`
        select pc.id, pc.project_id, pc.control_code, d.title from project_controls pc join control_definitions d on d.id = pc.control_id
         where pc.organization_id = ${organizationId} and pc.id in (${sql.join(objectIds.map((id) => sql`${id}`), sql`, `)})`),
    );
    for (const row of rows) described.set(row.id, { label: `${row.control_code} ${row.title}`, link: controlLink(row.project_id, row.control_code) });
    return described;
  },

  async setStatus(db, scope, object, to, justification) {
    await db.execute(sql`update project_controls set status = ${to}, status_changed_at = now(), updated_at = now() where id = ${object.id}`);
    const item = { organizationId: scope.organizationId, projectId: scope.projectId, itemType: 'control', itemId: object.id, label: object.label, link: object.link };
    await workItems.recordStatusChange(db, scope.actorId, item, object.status, to, justification, scope.via ?? 'review');
  },
};
