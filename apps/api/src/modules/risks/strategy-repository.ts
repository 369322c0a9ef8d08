import { sql, type SQL } from 'drizzle-orm';
import type { StrategyStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { personJson, rowsOf } from './sql-helpers';

export type StrategyRow = { id: string; risk_id: string; action: string; due_date: string | null; status: StrategyStatus; created_at: Date; updated_at: Date; owner: unknown; owner_id: string | null };

const select = sql`
  select s.id, s.risk_id, s.action, s.due_date::text as due_date, s.status, s.created_at, s.updated_at, s.owner_id, ${personJson('u')} as owner
    from risk_treatment_strategies s left join users u on u.id = s.owner_id`;

/** SQL of a risk's treatment strategies (its concrete actions). */
export const strategyRepository = {
  async ofRisk(db: Executor, organizationId: string, riskId: string) {
    return rowsOf<StrategyRow>(await db.execute(sql`${select} where s.organization_id = ${organizationId} and s.risk_id = ${riskId} order by s.created_at, s.id`));
  },

  async find(db: Executor, organizationId: string, riskId: string, id: string) {
    return rowsOf<StrategyRow>(await db.execute(sql`${select} where s.organization_id = ${organizationId} and s.risk_id = ${riskId} and s.id = ${id}`))[0];
  },

  async insert(db: Executor, values: { organizationId: string; projectId: string; riskId: string; action: string; ownerId: string | null; dueDate: string | null; status: StrategyStatus; createdBy: string }): Promise<string> {
    return rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into risk_treatment_strategies (organization_id, project_id, risk_id, action, owner_id, due_date, status, created_by)
        values (${values.organizationId}, ${values.projectId}, ${values.riskId}, ${values.action}, ${values.ownerId}, ${values.dueDate}, ${values.status}, ${values.createdBy})
        returning id`),
    )[0]!.id;
  },

  async update(db: Executor, id: string, values: { action?: string; ownerId?: string | null; dueDate?: string | null; status?: StrategyStatus }) {
    const sets: SQL[] = [sql`updated_at = now()`];
    if (values.action !== undefined) sets.push(sql`action = ${values.action}`);
    if (values.ownerId !== undefined) sets.push(sql`owner_id = ${values.ownerId}`);
    if (values.dueDate !== undefined) sets.push(sql`due_date = ${values.dueDate}`);
    if (values.status !== undefined) sets.push(sql`status = ${values.status}`);
    await db.execute(sql`update risk_treatment_strategies set ${sql.join(sets, sql`, `)} where id = ${id}`);
  },

  async delete(db: Executor, id: string) {
    await db.execute(sql`delete from risk_treatment_strategies where id = ${id}`);
  },

  /** Whether the user is an active member of the organization, and of the project. */
  async membership(db: Executor, organizationId: string, projectId: string, userId: string) {
    return rowsOf<{ name: string; in_project: boolean }>(
      await db.execute(sql`
        select coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email) as name,
               exists (select 1 from project_memberships pm where pm.project_id = ${projectId} and pm.user_id = u.id) as in_project
          from users u join organization_memberships om on om.user_id = u.id and om.organization_id = ${organizationId} and om.status = 'active'
         where u.id = ${userId}`),
    )[0];
  },
};
