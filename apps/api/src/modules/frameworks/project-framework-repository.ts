import { sql, type SQL } from 'drizzle-orm';
import type { FrameworkSource, WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { offsetOf } from '../../lib/paging';
import { FIXED_REASON_SQL } from './framework-loader';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const list = (values: readonly string[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);
/** Applying a framework copies its requirements into the project this many tree positions per statement. */
const APPLY_SLICE = 1000;

export type AppliedRow = {
  framework_id: string;
  code: string;
  name: string;
  version: string;
  source: FrameworkSource;
  requirement_count: number;
  control_count: number;
  applied_at: Date;
};

/** A control that came back from detached in progress instead of approved (see instantiate). */
export type ReopenedControl = { id: string; control_code: string; title: string };

export type AppliedQuery = { name?: string; sortBy?: 'name' | 'framework_code' | 'applied_at'; descending: boolean; page: number; size: number };
const SORT: Record<NonNullable<AppliedQuery['sortBy']>, SQL> = { name: sql`lower(f.name)`, framework_code: sql`f.code`, applied_at: sql`pf.created_at` };

export const projectFrameworkRepository = {
  async list(db: Executor, organizationId: string, projectId: string, query: AppliedQuery): Promise<{ items: AppliedRow[]; total: number }> {
    const name = query.name ? sql`and (f.name ilike ${`%${query.name.replace(/[\\%_]/g, (c) => `\\${c}`)}%`} or f.code ilike ${`%${query.name}%`})` : sql``;
    const rows = rowsOf<AppliedRow & { total: number }>(
      await db.execute(sql`
        select f.id as framework_id, f.code, f.name, f.version, f.source, f.requirement_count, f.control_count, pf.created_at as applied_at,
               count(*) over () as total
          from project_frameworks pf join frameworks f on f.id = pf.framework_id
         where pf.organization_id = ${organizationId} and pf.project_id = ${projectId} ${name}
         order by ${SORT[query.sortBy ?? 'name']} ${query.descending ? sql`desc` : sql`asc`}, f.code
         limit ${query.size} offset ${offsetOf(query.page, query.size)}`),
    );
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },

  async applied(db: Executor, organizationId: string, projectId: string): Promise<{ id: string; code: string; name: string }[]> {
    return rowsOf(
      await db.execute(sql`
        select f.id, f.code, f.name from project_frameworks pf join frameworks f on f.id = pf.framework_id
         where pf.organization_id = ${organizationId} and pf.project_id = ${projectId} order by lower(f.name)`),
    );
  },

  async appliedCodes(db: Executor, organizationId: string, projectId: string): Promise<string[]> {
    return rowsOf<{ code: string }>(
      await db.execute(sql`select framework_code as code from project_frameworks where organization_id = ${organizationId} and project_id = ${projectId}`),
    ).map((r) => r.code);
  },

  /**
   * Applies frameworks in the caller's transaction: records them, adds their requirements, and
   * instantiates each mapped control once — a control another applied framework already brought is
   * shared, and one detached earlier comes back with its history.
   */
  async instantiate(db: Executor, organizationId: string, projectId: string, frameworks: readonly { id: string; code: string }[]) {
    const ids = frameworks.map((f) => f.id);
    const values = sql.join(frameworks.map((f) => sql`(${projectId}::uuid, ${organizationId}::uuid, ${f.code}, ${f.id}::uuid)`), sql`, `);
    await db.execute(sql`
      insert into project_frameworks (project_id, organization_id, framework_code, framework_id) values ${values}
      on conflict (project_id, framework_code) do update set framework_id = excluded.framework_id`);
    // In slices of the tree's positions, yielding between them: a framework of MAX_REQUIREMENTS is not one long statement.
    const last = rowsOf<{ last: number | null }>(await db.execute(sql`select max(position)::int as last from framework_requirements where framework_id in (${list(ids)})`))[0]?.last ?? -1;
    for (let from = 0; from <= last; from += APPLY_SLICE) {
      await db.execute(sql`
        insert into project_requirements (organization_id, project_id, framework_id, requirement_id, applicable, applicability_reason)
        select ${organizationId}, ${projectId}, r.framework_id, r.id, r.binds <> 'authorities' and r.deleted_by is null,
               ${FIXED_REASON_SQL}
          from framework_requirements r where r.framework_id in (${list(ids)}) and r.position >= ${from} and r.position < ${from + APPLY_SLICE}
        on conflict (project_id, requirement_id) do nothing`);
      await new Promise<void>((resolve) => setImmediate(resolve));
    }
    const before = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from project_controls where project_id = ${projectId} and detached_at is null`),
    )[0]!.n;
    const wanted = sql`
          select distinct c.id, c.code from requirement_controls rc
            join framework_requirements r on r.id = rc.requirement_id
            join control_definitions c on c.id = rc.control_id
           where r.framework_id in (${list(ids)})`;
    // A control detached while approved (removal refuses that now; before issue 29 it did not) never comes
    // back approved: what it held may have changed while it was away. It comes back in progress; the
    // caller logs why.
    const reopened = rowsOf<ReopenedControl>(
      await db.execute(sql`
        with wanted as (${wanted})
        update project_controls pc set status = 'in_progress', status_changed_at = now(), updated_at = now()
          from wanted w, control_definitions d
         where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.control_id = w.id and d.id = pc.control_id
           and pc.detached_at is not null and pc.status = 'approved'
        returning pc.id, pc.control_code, d.title`),
    );
    const mapped = rowsOf<{ n: number }>(
      await db.execute(sql`
        with wanted as (${wanted}), written as (
          insert into project_controls (organization_id, project_id, control_id, control_code)
          select ${organizationId}, ${projectId}, id, code from wanted
          on conflict (project_id, control_id) do update set detached_at = null, updated_at = now() where project_controls.detached_at is not null
          returning 1
        )
        select (select count(*) from wanted)::int as n`),
    )[0]!.n;
    const after = rowsOf<{ n: number }>(
      await db.execute(sql`select count(*)::int as n from project_controls where project_id = ${projectId} and detached_at is null`),
    )[0]!.n;
    return { controls: Number(mapped), added: Number(after) - Number(before), shared: Number(mapped) - (Number(after) - Number(before)), reopened };
  },

  /** The project's controls that an applicable requirement of this framework serves. */
  async controlsServedByApplicable(db: Executor, organizationId: string, projectId: string, frameworkId: string): Promise<Set<string>> {
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`
        select distinct pc.id from project_requirements pr
          join requirement_controls rc on rc.requirement_id = pr.requirement_id
          join project_controls pc on pc.project_id = pr.project_id and pc.control_id = rc.control_id and pc.detached_at is null
         where pr.organization_id = ${organizationId} and pr.project_id = ${projectId} and pr.framework_id = ${frameworkId} and pr.applicable`),
    );
    return new Set(rows.map((r) => r.id));
  },

  /**
   * The project's live controls removing this framework would detach (no requirement of another applied
   * framework maps to them), locked until the transaction ends: a review settling meanwhile waits for the
   * removal, or the removal sees its approval.
   */
  async leavingWith(db: Executor, organizationId: string, projectId: string, frameworkId: string): Promise<{ id: string; code: string; status: WorkItemStatus }[]> {
    return rowsOf(
      await db.execute(sql`
        select pc.id, pc.control_code as code, pc.status from project_controls pc
         where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.detached_at is null
           and not exists (
             select 1 from project_requirements pr join requirement_controls rc on rc.requirement_id = pr.requirement_id
              where pr.project_id = pc.project_id and rc.control_id = pc.control_id and pr.framework_id <> ${frameworkId})
         order by pc.control_code
           for update of pc`),
    );
  },

  /**
   * Removes a framework: its requirements go; controls no remaining requirement maps to are detached
   * (kept, with their history, for the day a framework brings them back). Returns the detached codes.
   */
  async remove(db: Executor, organizationId: string, projectId: string, frameworkId: string, code: string): Promise<string[]> {
    await db.execute(sql`delete from project_requirements where organization_id = ${organizationId} and project_id = ${projectId} and framework_id = ${frameworkId}`);
    await db.execute(sql`delete from project_frameworks where organization_id = ${organizationId} and project_id = ${projectId} and framework_code = ${code}`);
    return rowsOf<{ control_code: string }>(
      await db.execute(sql`
        update project_controls pc set detached_at = now(), updated_at = now()
         where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.detached_at is null
           and not exists (
             select 1 from project_requirements pr join requirement_controls rc on rc.requirement_id = pr.requirement_id
              where pr.project_id = pc.project_id and rc.control_id = pc.control_id)
        returning pc.control_code`),
    ).map((r) => r.control_code);
  },

  /** Rows of projects that chose frameworks before these were loaded (framework_id not yet set). */
  async unloaded(db: Executor): Promise<{ organization_id: string; project_id: string; framework_code: string }[]> {
    return rowsOf(await db.execute(sql`select organization_id, project_id, framework_code from project_frameworks where framework_id is null`));
  },
};
