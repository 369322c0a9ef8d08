import { sql } from 'drizzle-orm';
import type { WorkItemStatus } from '@aegis/contracts';
import type { Tx } from '../db/client';
import { recordActivity } from '../modules/logs/record-activity';
import { contentHash } from '../modules/reviews/review-view';
import type { DemoTagName } from './seed-tags';

type Demo = { organizationId: string; projectId: string; idOf: (email: string) => string; tagId: (name: DemoTagName) => string };

/** One control's state in a demo project; people are named by the part of their e-mail before @demo.local. */
export type WorkStep = {
  code: string;
  status: WorkItemStatus;
  assignee?: string;
  reviewer?: string;
  notes?: string;
  due?: string;
  attention?: string;
  justification?: string;
  approvedBy?: string;
  assessment?: ['met' | 'partially_met' | 'not_met', string];
  tags?: DemoTagName[];
};

/**
 * What a governance team a few weeks in has done to the demo project's controls. Valid under separation
 * of duties: nobody approves a control they are assigned to or whose review they requested.
 */
export const CREDIT_SCORING_WORK: WorkStep[] = [
  { code: 'MFF-1.GOV.01', status: 'approved', assignee: 'owner', reviewer: 'reviewer', approvedBy: 'reviewer', notes: 'AI policy v1.2 approved by the executive committee.', assessment: ['met', 'Policy approved and published on the intranet; acknowledgements at 94%.'], tags: ['Audit 2027'] },
  { code: 'MFF-1.GOV.02', status: 'approved', assignee: 'owner', reviewer: 'auditor', approvedBy: 'auditor', notes: 'RACI for the credit model signed off.' },
  { code: 'MFF-1.RSK.01', status: 'in_review', assignee: 'editor', reviewer: 'reviewer', notes: 'Risk register drafted with model risk; treatment owners named.', due: '2027-01-15', tags: ['High risk', 'Audit 2027'] },
  { code: 'MFF-1.DAT.01', status: 'in_progress', assignee: 'editor', reviewer: 'reviewer', notes: 'Documenting the provenance of the bureau and application data.', due: '2027-01-31', assessment: ['partially_met', 'Sources listed; licences for the bureau feed still to be attached.'], tags: ['Data protection'] },
  { code: 'MFF-1.DAT.02', status: 'in_progress', assignee: 'editor', due: '2026-11-30', attention: 'The data quality test on missing incomes failed last night.', tags: ['Data protection', 'High risk'] },
  { code: 'MFF-1.VAL.01', status: 'in_progress', assignee: 'editor', reviewer: 'auditor', due: '2027-02-15' },
  { code: 'MFF-1.HUM.01', status: 'ready', assignee: 'editor', due: '2027-03-01' },
  { code: 'MFF-1.TRA.01', status: 'ready', assignee: 'auditor', tags: ['Customer-facing'] },
  { code: 'MFF-1.LIT.01', status: 'in_progress', assignee: 'owner', notes: 'Training plan for underwriters in preparation.' },
  { code: 'MFF-1.TPR.01', status: 'out_of_scope', justification: 'No third-party model or data supplier is involved: the model is built in-house on own data.' },
];

/**
 * Controls of a demo project in several states, with assignees, reviewers, notes, due dates, tags, an
 * approval trail, pending reviews and assessments: the Controls and Requirements screens show a
 * project under way, not an empty one. Answers the id of each review it opened, by control code.
 */
export async function seedDemoWork(tx: Tx, demo: Demo, plan: readonly WorkStep[]): Promise<Map<string, string>> {
  const id = (who: string) => demo.idOf(`${who}@demo.local`);
  const rows = (await tx.execute(sql`select id, control_code from project_controls where project_id = ${demo.projectId}`)) as unknown as { rows: { id: string; control_code: string }[] };
  const controlId = new Map(rows.rows.map((r) => [r.control_code, r.id]));
  const reviews = new Map<string, string>();
  for (const step of plan) {
    const itemId = controlId.get(step.code);
    if (!itemId) continue;
    const tagIds = (step.tags ?? []).map(demo.tagId);
    for (const tagId of tagIds) {
      await tx.execute(sql`insert into work_item_tags (organization_id, project_id, item_type, item_id, tag_id)
                           values (${demo.organizationId}, ${demo.projectId}, 'control', ${itemId}, ${tagId})`);
    }
    await tx.execute(sql`
      update project_controls set status = ${step.status}, notes = ${step.notes ?? ''}, due_date = ${step.due ?? null},
             needs_attention = ${Boolean(step.attention)}, needs_attention_reason = ${step.attention ?? null},
             out_of_scope_justification = ${step.justification ?? null}, status_changed_at = now()
       where id = ${itemId}`);
    for (const [role, who] of [['assignee', step.assignee], ['reviewer', step.reviewer]] as const) {
      if (!who) continue;
      await tx.execute(sql`insert into work_item_people (organization_id, project_id, item_type, item_id, role, user_id)
                           values (${demo.organizationId}, ${demo.projectId}, 'control', ${itemId}, ${role}, ${id(who)}) on conflict do nothing`);
    }
    const item = { organizationId: demo.organizationId, projectId: demo.projectId, objectType: 'control', objectId: itemId };
    if (step.status !== 'ready') {
      const from: WorkItemStatus = step.status === 'approved' || step.status === 'in_review' ? 'in_progress' : 'ready';
      await recordActivity(tx, { ...item, actorId: id(step.assignee ?? 'owner'), action: 'status_changed', before: { status: 'ready' }, after: { status: step.status === 'out_of_scope' ? 'out_of_scope' : 'in_progress', justification: step.justification ?? null, via: 'manual' } });
      if (step.status === 'approved' || step.status === 'in_review') {
        // The snapshot is the control's content as the control concept reads it, so the pending review is not stale.
        const content = { notes: step.notes ?? '', due_date: step.due ?? null, out_of_scope_justification: null, tags: [...tagIds].sort() };
        const review = (await tx.execute(sql`
          insert into review_requests (organization_id, project_id, concept, object_id, status, requested_by, status_before, status_requested, content_hash, content_snapshot, settled_at, settled_by)
          values (${demo.organizationId}, ${demo.projectId}, 'control', ${itemId}, ${step.status === 'approved' ? 'approved' : 'in_review'}, ${id(step.assignee!)}, ${from}, 'approved',
                  ${contentHash(content)}, ${JSON.stringify(content)}::jsonb,
                  ${step.status === 'approved' ? sql`now()` : null}, ${step.approvedBy ? id(step.approvedBy) : null})
          returning id`)) as unknown as { rows: { id: string }[] };
        const reviewId = review.rows[0]!.id;
        reviews.set(step.code, reviewId);
        const decided = step.status === 'approved';
        await tx.execute(sql`insert into review_reviewers (review_id, user_id, decision, comment, decided_at)
                             values (${reviewId}, ${id(step.reviewer!)}, ${decided ? 'approved' : 'pending'}, ${decided ? 'Evidence complete; approved.' : null}, ${decided ? sql`now()` : null})`);
        await recordActivity(tx, { ...item, actorId: id(step.assignee!), action: 'review_requested', after: { review_id: reviewId, reviewers: [id(step.reviewer!)], rule: 'any', forced: false } });
        if (decided) {
          await recordActivity(tx, { ...item, actorId: id(step.approvedBy!), action: 'review_decided', after: { review_id: reviewId, decision: 'approved', comment: 'Evidence complete; approved.' } });
          await recordActivity(tx, { ...item, actorId: id(step.approvedBy!), action: 'status_changed', before: { status: 'in_review' }, after: { status: 'approved', justification: 'Evidence complete; approved.', via: 'review' } });
        }
      }
    }
    if (step.assessment) {
      // Assessed before the approval: an approved control takes no new assessment (the lock rule), so its last one predates it.
      await tx.execute(sql`insert into control_assessments (organization_id, project_id, project_control_id, result, rationale, assessed_by, created_at)
                           values (${demo.organizationId}, ${demo.projectId}, ${itemId}, ${step.assessment[0]}, ${step.assessment[1]}, ${id('auditor')}, now() - interval '1 day')`);
    }
  }
  return reviews;
}
