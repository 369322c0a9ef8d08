import { sql } from 'drizzle-orm';
import type { TestResultStatus, WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { rowsOf } from './test-sql';

export type LinkedControlRow = { id: string; control_code: string; title: string; status: WorkItemStatus; linked_at: Date | string };
export type ControlTestRow = {
  id: string;
  number: number;
  name: string;
  status: WorkItemStatus;
  operator: string;
  threshold: number;
  threshold_upper: number | null;
  aggregation: string;
  window_kind: string | null;
  window_size: number | null;
  last_result_id: string | null;
  last_result_status: TestResultStatus | null;
  last_result_value: number | null;
  last_result_at: Date | string | null;
};

/** Links between a test and the project's controls it proves. */
export const controlLinkRepository = {
  async controlsOf(db: Executor, organizationId: string, testId: string, controlId?: string) {
    return rowsOf<LinkedControlRow>(
      await db.execute(sql`
        select pc.id, pc.control_code, d.title, pc.status, tc.linked_at
          from testing_test_controls tc join project_controls pc on pc.id = tc.control_id and pc.detached_at is null join control_definitions d on d.id = pc.control_id
         where tc.organization_id = ${organizationId} and tc.test_id = ${testId} ${controlId ? sql`and pc.id = ${controlId}` : sql``}
         order by pc.control_code`),
    );
  },

  /** A live control of the project. */
  async control(db: Executor, organizationId: string, projectId: string, controlId: string) {
    return rowsOf<{ id: string; control_code: string; title: string; status: WorkItemStatus }>(
      await db.execute(sql`
        select pc.id, pc.control_code, d.title, pc.status from project_controls pc join control_definitions d on d.id = pc.control_id
         where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.id = ${controlId} and pc.detached_at is null`),
    )[0];
  },

  /** Links; false when they were linked already. */
  async link(db: Executor, values: { organizationId: string; projectId: string; testId: string; controlId: string; by: string }) {
    return (
      rowsOf(
        await db.execute(sql`
          insert into testing_test_controls (organization_id, project_id, test_id, control_id, linked_by)
          values (${values.organizationId}, ${values.projectId}, ${values.testId}, ${values.controlId}, ${values.by})
          on conflict do nothing returning test_id`),
      ).length > 0
    );
  },

  /** Unlinks; false when there was no link. */
  async unlink(db: Executor, organizationId: string, testId: string, controlId: string) {
    return rowsOf(await db.execute(sql`delete from testing_test_controls where organization_id = ${organizationId} and test_id = ${testId} and control_id = ${controlId} returning test_id`)).length > 0;
  },

  /** The tests of a control with their latest result. */
  async testsOf(db: Executor, organizationId: string, projectId: string, controlId: string) {
    return rowsOf<ControlTestRow>(
      await db.execute(sql`
        select tt.id, tt.number, tt.name, tt.status, tt.operator, tt.threshold, tt.threshold_upper, tt.aggregation, tt.window_kind, tt.window_size,
               r.id as last_result_id, r.result_status as last_result_status, r.observed_value as last_result_value, r.created_at as last_result_at
          from testing_test_controls tc join testing_tests tt on tt.id = tc.test_id left join testing_results r on r.id = tt.last_result_id
         where tc.organization_id = ${organizationId} and tc.project_id = ${projectId} and tc.control_id = ${controlId}
         order by tt.number`),
    );
  },
};
