import { sql, type SQL } from 'drizzle-orm';
import type { RiskLevel, RiskMatrix } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { rowsOf } from './sql-helpers';

/** SQL of the organization's risk settings (matrix and appetite) and of re-levelling its risks. */
export const riskSettingsRepository = {
  async find(db: Executor, organizationId: string) {
    return rowsOf<{ matrix: unknown; appetite: RiskLevel; updated_at: Date; updated_by: unknown }>(
      await db.execute(sql`
        select s.matrix, s.appetite, s.updated_at,
               case when u.id is null then null else json_build_object('id', u.id, 'name', coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email), 'email', u.email) end as updated_by
          from organization_risk_settings s left join users u on u.id = s.updated_by
         where s.organization_id = ${organizationId}`),
    )[0];
  },

  /**
   * A condition that holds while the organization's stored matrix is still `stored` (as `find` read it:
   * undefined when it had none): a rescore levelled by that matrix, written in one statement, is written
   * only while it is in force — a matrix saved since re-levels by itself, and the change is read again.
   */
  matrixUnchanged(organizationId: string, stored: { matrix: unknown } | undefined): SQL {
    const matrix = stored === undefined ? null : typeof stored.matrix === 'string' ? stored.matrix : JSON.stringify(stored.matrix);
    return sql`(select s.matrix from organization_risk_settings s where s.organization_id = ${organizationId}) is not distinct from ${matrix}::jsonb`;
  },

  async save(db: Executor, organizationId: string, values: { matrix: RiskMatrix; appetite: RiskLevel; updatedBy: string }) {
    await db.execute(sql`
      insert into organization_risk_settings (organization_id, matrix, appetite, updated_by, updated_at)
      values (${organizationId}, ${JSON.stringify(values.matrix)}::jsonb, ${values.appetite}, ${values.updatedBy}, now())
      on conflict (organization_id) do update set matrix = excluded.matrix, appetite = excluded.appetite, updated_by = excluded.updated_by, updated_at = now()`);
  },

  /** The organization's projects that hold risks. */
  async projectsWithRisks(db: Executor, organizationId: string): Promise<string[]> {
    return rowsOf<{ project_id: string }>(await db.execute(sql`select distinct project_id from risks where organization_id = ${organizationId}`)).map((r) => r.project_id);
  },

  /**
   * Locks the organization's projects (for no key update): a risk is created under its project's lock
   * and reads the matrix after taking it, so a new risk is levelled by the matrix in force when it commits.
   */
  async lockProjects(db: Executor, organizationId: string) {
    await db.execute(sql`select id from projects where organization_id = ${organizationId} order by id for no key update`);
  },

  /**
   * Levels every risk of the organization again by the matrix; answers how many moved. The levels are
   * computed from the row being updated, so a risk rescored concurrently (its row lock taken first) is
   * levelled from its new scores when this statement re-reads it.
   */
  async relevel(db: Executor, organizationId: string, matrix: RiskMatrix): Promise<number> {
    const m = JSON.stringify(matrix);
    const level = (likelihood: string, impact: string) => sql`(${m}::jsonb -> (r.${sql.raw(likelihood)} - 1) ->> (r.${sql.raw(impact)} - 1))::risk_level`;
    const inherent = level('likelihood', 'impact');
    const residual = level('residual_likelihood', 'residual_impact');
    const moved = rowsOf<{ id: string }>(
      await db.execute(sql`
        update risks r set inherent_level = ${inherent}, residual_level = ${residual}
         where r.organization_id = ${organizationId} and (r.inherent_level <> ${inherent} or r.residual_level <> ${residual})
        returning r.id`),
    );
    return moved.length;
  },
};
