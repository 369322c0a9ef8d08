import { sql } from 'drizzle-orm';
import type { WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { list, rowsOf } from './sql-helpers';

export type LinkedControl = { id: string; control_code: string; title: string; status: WorkItemStatus };
export type LinkedRisk = { id: string; number: number; name: string; status: WorkItemStatus };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const REFERENCE = /^R-(\d{1,9})$/i;

const lockOf = (lock: boolean, alias: string) => (lock ? sql.raw(`for update of ${alias}`) : sql``);

/** SQL of the links between evidence and the project's controls (live ones) and risks, and of their ends. */
export const evidenceLinkRepository = {
  /** Live controls of the project by code; `lock` holds them until the transaction ends (a link changes them too). */
  async controlsByCode(db: Executor, organizationId: string, projectId: string, codes: readonly string[], lock = false) {
    if (codes.length === 0) return [];
    return rowsOf<LinkedControl>(
      await db.execute(sql`
        select pc.id, pc.control_code, d.title, pc.status from project_controls pc join control_definitions d on d.id = pc.control_id
         where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.control_code in (${list(codes)}) and pc.detached_at is null
         order by pc.control_code ${lockOf(lock, 'pc')}`),
    );
  },

  /** Live controls of the project by id, locked when asked. */
  async controlsById(db: Executor, organizationId: string, projectId: string, ids: readonly string[], lock = false) {
    if (ids.length === 0) return [];
    return rowsOf<LinkedControl>(
      await db.execute(sql`
        select pc.id, pc.control_code, d.title, pc.status from project_controls pc join control_definitions d on d.id = pc.control_id
         where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.id in (${list(ids)}) and pc.detached_at is null
         order by pc.id ${lockOf(lock, 'pc')}`),
    );
  },

  /** Risks of the project by id, locked when asked. */
  async risksById(db: Executor, organizationId: string, projectId: string, ids: readonly string[], lock = false) {
    const valid = ids.filter((id) => UUID.test(id));
    if (valid.length === 0) return [];
    return rowsOf<LinkedRisk>(
      await db.execute(sql`
        select r.id, r.number, r.name, r.status from risks r
         where r.organization_id = ${organizationId} and r.project_id = ${projectId} and r.id in (${list(valid)})
         order by r.id ${lockOf(lock, 'r')}`),
    );
  },

  /** A risk of the project by its id or its `R-<n>` reference. */
  async riskByReference(db: Executor, organizationId: string, projectId: string, reference: string, lock = false) {
    if (UUID.test(reference)) return (await this.risksById(db, organizationId, projectId, [reference], lock))[0];
    const number = REFERENCE.exec(reference)?.[1];
    if (!number) return undefined;
    return rowsOf<LinkedRisk>(
      await db.execute(sql`
        select r.id, r.number, r.name, r.status from risks r
         where r.organization_id = ${organizationId} and r.project_id = ${projectId} and r.number = ${Number(number)} ${lockOf(lock, 'r')}`),
    )[0];
  },

  /** The live controls and the risks an evidence is linked to. */
  async targetsOf(db: Executor, evidenceId: string) {
    const [controls, risks] = [
      rowsOf<LinkedControl>(
        await db.execute(sql`
          select pc.id, pc.control_code, d.title, pc.status from evidence_links l
            join project_controls pc on pc.id = l.control_id and pc.detached_at is null join control_definitions d on d.id = pc.control_id
           where l.evidence_id = ${evidenceId} order by pc.control_code`),
      ),
      rowsOf<LinkedRisk>(await db.execute(sql`select r.id, r.number, r.name, r.status from evidence_links l join risks r on r.id = l.risk_id where l.evidence_id = ${evidenceId} order by r.number`)),
    ];
    return { controls, risks };
  },

  /** Links the evidence to a control or a risk; false when the link was there already. */
  async link(db: Executor, values: { organizationId: string; projectId: string; evidenceId: string; controlId?: string; riskId?: string; by: string | null }) {
    const inserted = rowsOf(
      await db.execute(sql`
        insert into evidence_links (organization_id, project_id, evidence_id, control_id, risk_id, linked_by)
        values (${values.organizationId}, ${values.projectId}, ${values.evidenceId}, ${values.controlId ?? null}, ${values.riskId ?? null}, ${values.by})
        on conflict do nothing returning id`),
    );
    return inserted.length > 0;
  },

  /** Unlinks; false when there was no link. */
  async unlink(db: Executor, evidenceId: string, target: { controlId?: string; riskId?: string }) {
    const which = target.controlId ? sql`control_id = ${target.controlId}` : sql`risk_id = ${target.riskId!}`;
    return rowsOf(await db.execute(sql`delete from evidence_links where evidence_id = ${evidenceId} and ${which} returning id`)).length > 0;
  },
};
