import { sql } from 'drizzle-orm';
import type { RiskLevel, WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { DEFAULT_RISK_APPETITE } from '@aegis/contracts';
import { personJson, rowsOf } from './sql-helpers';

export type LinkedControlRow = { id: string; control_code: string; title: string; status: WorkItemStatus; created_at: Date; linked_by: unknown };

/** SQL of the links between risks and the project's controls that reduce them (live controls only). */
export const riskControlRepository = {
  async controlsOf(db: Executor, organizationId: string, riskId: string, controlId?: string) {
    return rowsOf<LinkedControlRow>(
      await db.execute(sql`
        select pc.id, pc.control_code, d.title, pc.status, rc.created_at, ${personJson('u')} as linked_by
          from risk_controls rc
          join project_controls pc on pc.id = rc.project_control_id and pc.detached_at is null
          join control_definitions d on d.id = pc.control_id
          left join users u on u.id = rc.created_by
         where rc.organization_id = ${organizationId} and rc.risk_id = ${riskId} ${controlId ? sql`and pc.id = ${controlId}` : sql``}
         order by pc.control_code`),
    );
  },

  /** A live control of the project by id, locked until the transaction ends (a link changes it too). */
  async controlForChange(db: Executor, organizationId: string, projectId: string, controlId: string) {
    return rowsOf<{ id: string; control_code: string; title: string; status: WorkItemStatus }>(
      await db.execute(sql`
        select pc.id, pc.control_code, d.title, pc.status from project_controls pc join control_definitions d on d.id = pc.control_id
         where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.id = ${controlId} and pc.detached_at is null
         for update of pc`),
    )[0];
  },

  async controlByCode(db: Executor, organizationId: string, projectId: string, code: string) {
    return rowsOf<{ id: string }>(
      await db.execute(sql`select pc.id from project_controls pc where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.control_code = ${code} and pc.detached_at is null`),
    )[0];
  },

  /** Links; false when the link was there already. */
  async link(db: Executor, values: { organizationId: string; projectId: string; riskId: string; controlId: string; by: string }) {
    const inserted = rowsOf(
      await db.execute(sql`
        insert into risk_controls (organization_id, project_id, risk_id, project_control_id, created_by)
        values (${values.organizationId}, ${values.projectId}, ${values.riskId}, ${values.controlId}, ${values.by})
        on conflict do nothing returning risk_id`),
    );
    return inserted.length > 0;
  },

  /** Unlinks; false when there was no link. */
  async unlink(db: Executor, riskId: string, controlId: string) {
    return rowsOf(await db.execute(sql`delete from risk_controls where risk_id = ${riskId} and project_control_id = ${controlId} returning risk_id`)).length > 0;
  },

  /** The risks a control reduces, highest residual level first. */
  async risksOf(db: Executor, organizationId: string, controlId: string) {
    return rowsOf<{ id: string; number: number; name: string; status: WorkItemStatus; inherent_level: RiskLevel; residual_level: RiskLevel; above_appetite: boolean; linked_at: Date }>(
      await db.execute(sql`
        select r.id, r.number, r.name, r.status, r.inherent_level, r.residual_level, rc.created_at as linked_at,
               r.residual_level > coalesce((select s.appetite from organization_risk_settings s where s.organization_id = ${organizationId}), ${DEFAULT_RISK_APPETITE}::risk_level) as above_appetite
          from risk_controls rc join risks r on r.id = rc.risk_id
         where rc.organization_id = ${organizationId} and rc.project_control_id = ${controlId}
         order by r.residual_level desc, r.residual_score desc, r.number`),
    );
  },
};
