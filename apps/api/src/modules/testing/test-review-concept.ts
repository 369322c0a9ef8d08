import { sql } from 'drizzle-orm';
import type { WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { ReviewConcept, ReviewObject } from '../reviews/review-concept';
import { workItems } from '../work-items/work-items';
import { list, parsed, rowsOf } from './test-sql';
import { testLink, testReference } from './test-view';

type Row = { id: string; project_id: string; number: number; name: string; status: WorkItemStatus; content: unknown; assignees: string[] | null };

const toObject = (row: Row): ReviewObject => ({
  id: row.id,
  status: row.status,
  label: `${testReference(row.number)} ${row.name}`,
  link: testLink(row.project_id, row.id),
  content: parsed<Record<string, unknown>>(row.content),
  watchers: row.assignees ?? [],
  assignees: row.assignees ?? [],
});

/**
 * What an approval of a test covers: its condition (metric, operator, thresholds, window, lookback),
 * schedule, description, linked controls and tags. A change of any of them while a review is pending
 * makes it stale. Its results are not part of it: runs go on while it is approved.
 */
const content = sql`json_build_object(
  'name', tt.name, 'description', tt.description, 'metric_id', tt.metric_id, 'operator', tt.operator, 'threshold', tt.threshold,
  'threshold_upper', tt.threshold_upper, 'aggregation', tt.aggregation, 'window_kind', tt.window_kind, 'window_size', tt.window_size,
  'lookback_days', tt.lookback_days, 'schedule', tt.schedule, 'out_of_scope_justification', tt.out_of_scope_justification,
  'controls', coalesce((select json_agg(tc.control_id order by tc.control_id) from testing_test_controls tc where tc.test_id = tt.id), '[]'::json),
  'tags', coalesce((select json_agg(wt.tag_id order by wt.tag_id) from work_item_tags wt where wt.item_type = 'test' and wt.item_id = tt.id), '[]'::json))`;

/** Tests as a review concept (and as the object type of comments): the object id is the test's uuid. */
export const testReviewConcept: ReviewConcept = {
  name: 'test',

  async find(db: Executor, organizationId: string, projectId: string, objectId: string, lock: boolean) {
    const row = rowsOf<Row>(
      await db.execute(sql`
        select tt.id, tt.project_id, tt.number, tt.name, tt.status, ${content} as content,
               array(select w.user_id::text from work_item_people w where w.item_type = 'test' and w.item_id = tt.id and w.role = 'assignee') as assignees
          from testing_tests tt
         where tt.organization_id = ${organizationId} and tt.project_id = ${projectId} and tt.id = ${objectId}
         ${lock ? sql`for update of tt` : sql``}`),
    )[0];
    return row ? toObject(row) : undefined;
  },

  async describe(db: Executor, organizationId: string, objectIds: readonly string[]) {
    const described = new Map<string, Pick<ReviewObject, 'label' | 'link'>>();
    if (objectIds.length === 0) return described;
    const rows = rowsOf<{ id: string; project_id: string; number: number; name: string }>(
      await db.execute(sql`select tt.id, tt.project_id, tt.number, tt.name from testing_tests tt where tt.organization_id = ${organizationId} and tt.id in (${list(objectIds)})`),
    );
    for (const row of rows) described.set(row.id, { label: `${testReference(row.number)} ${row.name}`, link: testLink(row.project_id, row.id) });
    return described;
  },

  async setStatus(db, scope, object, to, justification) {
    await db.execute(sql`update testing_tests set status = ${to}, status_changed_at = now(), updated_at = now() where id = ${object.id}`);
    const item = { organizationId: scope.organizationId, projectId: scope.projectId, itemType: 'test', itemId: object.id, label: object.label, link: object.link };
    await workItems.recordStatusChange(db, scope.actorId, item, object.status, to, justification, scope.via ?? 'review');
  },
};
