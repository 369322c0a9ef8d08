import { sql } from 'drizzle-orm';
import { DEFAULT_RISK_APPETITE, type AcceptanceStatus, type Currency, type RiskCategory, type RiskLevel, type TreatmentOption, type WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { rowsOf } from './sql-helpers';

export type RegisterRow = {
  id: string;
  number: number;
  name: string;
  category: RiskCategory | null;
  status: WorkItemStatus;
  likelihood: number;
  impact: number;
  inherent_score: number;
  inherent_level: RiskLevel;
  residual_likelihood: number;
  residual_impact: number;
  residual_score: number;
  residual_level: RiskLevel;
  residual_assessed: boolean;
  above_appetite: boolean;
  monetary_impact: string | null;
  currency: Currency;
  expected_annual_loss: string | null;
  affected: unknown;
  needs_attention_reason: string | null;
  updated_at: Date;
  option: TreatmentOption | null;
  plan: string | null;
  acceptance_status: AcceptanceStatus | null;
  acceptance_justification: string | null;
  acceptance_review_date: string | null;
  acceptance_by: string | null;
  acceptance_at: Date | null;
  controls: string | null;
  assignees: string | null;
  strategies_open: number;
  strategies_total: number;
};

const name = (alias: string) => sql.raw(`coalesce(nullif(trim(${alias}.firstname || ' ' || ${alias}.lastname), ''), ${alias}.email)`);

/**
 * The whole register of a project for the CSV and the PDF: each risk with its treatment, latest
 * acceptance, linked live controls, assignees and strategy counts, in one query. `order` 'severity' puts
 * the highest residual level first (the PDF), 'reference' follows the numbering (the CSV).
 */
export async function registerRows(db: Executor, organizationId: string, projectId: string, options: { order: 'reference' | 'severity'; limit?: number }) {
  const order = options.order === 'severity' ? sql`r.residual_level desc, r.residual_score desc, r.number` : sql`r.number`;
  // Controls, strategies and acceptances aggregated once for the project (hash joins), not probed per risk.
  return rowsOf<RegisterRow>(
    await db.execute(sql`
      with ctl as (
        select rc.risk_id, string_agg(pc.control_code, '; ' order by pc.control_code) as controls
          from risk_controls rc join project_controls pc on pc.id = rc.project_control_id and pc.detached_at is null
         where rc.organization_id = ${organizationId} and rc.project_id = ${projectId}
         group by rc.risk_id
      ), st as (
        select s.risk_id, count(*) filter (where s.status in ('planned', 'in_progress'))::int as open, count(*)::int as total
          from risk_treatment_strategies s where s.organization_id = ${organizationId} and s.project_id = ${projectId}
         group by s.risk_id
      ), acc as (
        select distinct on (x.risk_id) x.risk_id, x.status, x.justification, x.review_date, x.approved_at, ${name('au')} as approved_by_name
          from risk_acceptances x left join users au on au.id = x.approved_by
         where x.organization_id = ${organizationId} and x.project_id = ${projectId}
         order by x.risk_id, x.proposed_at desc, x.id desc
      )
      select r.id, r.number, r.name, r.category, r.status, r.likelihood, r.impact, r.inherent_score, r.inherent_level,
             r.residual_likelihood, r.residual_impact, r.residual_score, r.residual_level, coalesce(t.residual_likelihood is not null, false) as residual_assessed,
             r.residual_level > coalesce((select s.appetite from organization_risk_settings s where s.organization_id = ${organizationId}), ${DEFAULT_RISK_APPETITE}::risk_level) as above_appetite,
             r.monetary_impact, r.currency, r.expected_annual_loss, r.affected, r.needs_attention_reason, r.updated_at,
             t.option, t.plan,
             acc.status as acceptance_status, acc.justification as acceptance_justification, acc.review_date::text as acceptance_review_date,
             acc.approved_by_name as acceptance_by, acc.approved_at as acceptance_at,
             ctl.controls,
             (select string_agg(${name('u')}, ', ' order by lower(u.firstname), lower(u.lastname)) from work_item_people w join users u on u.id = w.user_id
               where w.item_type = 'risk' and w.item_id = r.id and w.role = 'assignee') as assignees,
             coalesce(st.open, 0) as strategies_open, coalesce(st.total, 0) as strategies_total
        from risks r
        left join risk_treatments t on t.risk_id = r.id
        left join acc on acc.risk_id = r.id
        left join ctl on ctl.risk_id = r.id
        left join st on st.risk_id = r.id
       where r.organization_id = ${organizationId} and r.project_id = ${projectId}
       order by ${order}
       ${options.limit ? sql`limit ${options.limit}` : sql``}`),
  );
}

export async function projectName(db: Executor, organizationId: string, projectId: string): Promise<string | undefined> {
  return rowsOf<{ name: string }>(await db.execute(sql`select name from projects where organization_id = ${organizationId} and id = ${projectId}`))[0]?.name;
}
