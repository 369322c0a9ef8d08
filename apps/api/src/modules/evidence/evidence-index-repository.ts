import { sql } from 'drizzle-orm';
import type { WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { rowsOf } from './sql-helpers';

/** One version of one evidence, as the index lists it: the hash, and what the evidence is linked to now. */
export type IndexRow = {
  name: string;
  status: WorkItemStatus;
  version: number;
  current: boolean;
  file_name: string;
  size: number | string;
  sha256: string;
  uploaded_at: Date | string;
  controls: string | null;
  risks: string | null;
};

/** The index of a project's evidence: every version of every file with its hash, in one query (links aggregated once per evidence). */
export async function indexRows(db: Executor, organizationId: string, projectId: string, limit?: number) {
  return rowsOf<IndexRow>(
    await db.execute(sql`
      with c as (
        select l.evidence_id, string_agg(pc.control_code, '; ' order by pc.control_code) as controls
          from evidence_links l join project_controls pc on pc.id = l.control_id and pc.detached_at is null
         where l.organization_id = ${organizationId} and l.project_id = ${projectId}
         group by l.evidence_id
      ), r as (
        select l.evidence_id, string_agg('R-' || r.number, '; ' order by r.number) as risks
          from evidence_links l join risks r on r.id = l.risk_id
         where l.organization_id = ${organizationId} and l.project_id = ${projectId}
         group by l.evidence_id
      )
      select e.name, e.status, v.version, v.id = e.current_version_id as current, v.file_name, v.size, v.sha256, v.uploaded_at, c.controls, r.risks
        from evidences e join evidence_versions v on v.evidence_id = e.id
        left join c on c.evidence_id = e.id left join r on r.evidence_id = e.id
       where e.organization_id = ${organizationId} and e.project_id = ${projectId}
       order by lower(e.name), e.id, v.version desc
       ${limit ? sql`limit ${limit}` : sql``}`),
  );
}

/** How many evidences and versions the project holds. */
export async function indexCounts(db: Executor, organizationId: string, projectId: string) {
  const [row] = rowsOf<{ evidences: number; versions: number }>(
    await db.execute(sql`
      select count(distinct e.id)::int as evidences, count(v.id)::int as versions
        from evidences e join evidence_versions v on v.evidence_id = e.id
       where e.organization_id = ${organizationId} and e.project_id = ${projectId}`),
  );
  return { evidences: Number(row?.evidences ?? 0), versions: Number(row?.versions ?? 0) };
}

/** The project's name (undefined when it is not the organization's). */
export async function projectName(db: Executor, organizationId: string, projectId: string) {
  return rowsOf<{ name: string }>(await db.execute(sql`select name from projects where organization_id = ${organizationId} and id = ${projectId}`))[0]?.name;
}
