import { sql, type SQL } from 'drizzle-orm';
import type { AssetCardNature, AssetCardType, LineageRelation, WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { list, rowsOf } from './sql-helpers';

export type CardRef = { id: string; name: string; asset_card_type: AssetCardType; status: WorkItemStatus };
export type LineageRow = CardRef & { relation: LineageRelation };
export type LinkedControl = { id: string; control_code: string; title: string; status: WorkItemStatus };
export type LinkedRisk = { id: string; number: number; name: string; status: WorkItemStatus };
export type LinkedEvidence = { id: string; name: string; file_type: string; status: WorkItemStatus };
export type LinkEnd = { controlId: string } | { riskId: string } | { evidenceId: string };

const lock = (locked: boolean, alias: string) => (locked ? sql.raw(`for update of ${alias}`) : sql``);
const none = <T>(ids: readonly string[], read: () => Promise<T[]>) => (ids.length === 0 ? Promise.resolve([] as T[]) : read());

/** The end of a link as its column and value. */
function endOf(end: LinkEnd): SQL {
  if ('controlId' in end) return sql`control_id = ${end.controlId}`;
  if ('riskId' in end) return sql`risk_id = ${end.riskId}`;
  return sql`evidence_id = ${end.evidenceId}`;
}

/** SQL of a card's lineage (cards it is built from and built into) and of its links to controls, risks and evidence. */
export const assetCardLinkRepository = {
  /** The cards this one is built from (`upstream`), or built into (`downstream`), by name. */
  async lineageOf(db: Executor, cardId: string, direction: 'upstream' | 'downstream'): Promise<LineageRow[]> {
    const [near, far] = direction === 'upstream' ? [sql`l.to_id`, sql`l.from_id`] : [sql`l.from_id`, sql`l.to_id`];
    return rowsOf<LineageRow>(
      await db.execute(sql`
        select c.id, c.name, c.asset_card_type, c.status, l.relation
          from asset_card_lineage l join asset_cards c on c.id = ${far}
         where ${near} = ${cardId}
         order by lower(c.name), c.id`),
    );
  },

  /** The project's lineage graph: every card, every link. */
  async graph(db: Executor, organizationId: string, projectId: string) {
    const nodes = rowsOf<CardRef & { asset_card_nature: AssetCardNature }>(
      await db.execute(sql`
        select c.id, c.name, c.asset_card_type, c.asset_card_nature, c.status from asset_cards c
         where c.organization_id = ${organizationId} and c.project_id = ${projectId}
         order by c.asset_card_type, lower(c.name), c.id`),
    );
    const edges = rowsOf<{ from_id: string; to_id: string; relation: LineageRelation }>(
      await db.execute(sql`
        select l.from_id, l.to_id, l.relation from asset_card_lineage l
         where l.organization_id = ${organizationId} and l.project_id = ${projectId}
         order by l.from_id, l.to_id`),
    );
    return { nodes, edges };
  },

  /** Cards of the project among the ids (locked when asked: a lineage change reads them under lock). */
  cardsById: (db: Executor, organizationId: string, projectId: string, ids: readonly string[], locked = false) =>
    none(ids, async () =>
      rowsOf<CardRef>(
        await db.execute(sql`
          select c.id, c.name, c.asset_card_type, c.status from asset_cards c
           where c.organization_id = ${organizationId} and c.project_id = ${projectId} and c.id in (${list(ids)})
           order by c.id ${lock(locked, 'c')}`),
      ),
    ),

  /** Every card built (directly or further down) from this one: what it must not be built from. */
  async descendantsOf(db: Executor, cardId: string): Promise<Set<string>> {
    const rows = rowsOf<{ id: string }>(
      await db.execute(sql`
        with recursive below(id) as (
          select l.to_id from asset_card_lineage l where l.from_id = ${cardId}
          union
          select l.to_id from asset_card_lineage l join below b on l.from_id = b.id
        )
        select id from below`),
    );
    return new Set(rows.map((r) => r.id));
  },

  async addLineage(db: Executor, values: { organizationId: string; projectId: string; fromId: string; toId: string; relation: LineageRelation }) {
    await db.execute(sql`
      insert into asset_card_lineage (organization_id, project_id, from_id, to_id, relation)
      values (${values.organizationId}, ${values.projectId}, ${values.fromId}, ${values.toId}, ${values.relation})
      on conflict (from_id, to_id) do update set relation = excluded.relation`);
  },

  async removeLineage(db: Executor, fromId: string, toId: string) {
    await db.execute(sql`delete from asset_card_lineage where from_id = ${fromId} and to_id = ${toId}`);
  },

  /** The ids of what the card is linked to now. */
  async targetsOf(db: Executor, cardId: string) {
    const rows = rowsOf<{ control_id: string | null; risk_id: string | null; evidence_id: string | null }>(
      await db.execute(sql`select control_id, risk_id, evidence_id from asset_card_links where card_id = ${cardId}`),
    );
    return {
      controls: rows.flatMap((r) => (r.control_id ? [r.control_id] : [])),
      risks: rows.flatMap((r) => (r.risk_id ? [r.risk_id] : [])),
      evidences: rows.flatMap((r) => (r.evidence_id ? [r.evidence_id] : [])),
    };
  },

  /** What the card's detail lists: its live controls by code, risks by number, evidence by name. */
  async linkedOf(db: Executor, cardId: string) {
    const [controls, risks, evidences] = await Promise.all([
      db.execute(sql`
        select pc.id, pc.control_code, d.title, pc.status from asset_card_links l
          join project_controls pc on pc.id = l.control_id and pc.detached_at is null join control_definitions d on d.id = pc.control_id
         where l.card_id = ${cardId} order by pc.control_code`),
      db.execute(sql`select r.id, r.number, r.name, r.status from asset_card_links l join risks r on r.id = l.risk_id where l.card_id = ${cardId} order by r.number`),
      db.execute(sql`select e.id, e.name, e.file_type, e.status from asset_card_links l join evidences e on e.id = l.evidence_id where l.card_id = ${cardId} order by lower(e.name), e.id`),
    ]);
    return { controls: rowsOf<LinkedControl>(controls), risks: rowsOf<LinkedRisk>(risks), evidences: rowsOf<LinkedEvidence>(evidences) };
  },

  /** Live controls of the project among the ids, locked when asked (a link changes them too). */
  controlsById: (db: Executor, organizationId: string, projectId: string, ids: readonly string[], locked: boolean) =>
    none(ids, async () =>
      rowsOf<LinkedControl>(
        await db.execute(sql`
          select pc.id, pc.control_code, d.title, pc.status from project_controls pc join control_definitions d on d.id = pc.control_id
           where pc.organization_id = ${organizationId} and pc.project_id = ${projectId} and pc.id in (${list(ids)}) and pc.detached_at is null
           order by pc.id ${lock(locked, 'pc')}`),
      ),
    ),

  risksById: (db: Executor, organizationId: string, projectId: string, ids: readonly string[], locked: boolean) =>
    none(ids, async () =>
      rowsOf<LinkedRisk>(
        await db.execute(sql`
          select r.id, r.number, r.name, r.status from risks r
           where r.organization_id = ${organizationId} and r.project_id = ${projectId} and r.id in (${list(ids)})
           order by r.id ${lock(locked, 'r')}`),
      ),
    ),

  evidencesById: (db: Executor, organizationId: string, projectId: string, ids: readonly string[], locked: boolean) =>
    none(ids, async () =>
      rowsOf<LinkedEvidence>(
        await db.execute(sql`
          select e.id, e.name, e.file_type, e.status from evidences e
           where e.organization_id = ${organizationId} and e.project_id = ${projectId} and e.id in (${list(ids)})
           order by e.id ${lock(locked, 'e')}`),
      ),
    ),

  /** Links; false when the link was there already. */
  async link(db: Executor, values: { organizationId: string; projectId: string; cardId: string; by: string; end: LinkEnd }) {
    const end = values.end;
    const [controlId, riskId, evidenceId] = ['controlId' in end ? end.controlId : null, 'riskId' in end ? end.riskId : null, 'evidenceId' in end ? end.evidenceId : null];
    return (
      rowsOf(
        await db.execute(sql`
          insert into asset_card_links (organization_id, project_id, card_id, control_id, risk_id, evidence_id, linked_by)
          values (${values.organizationId}, ${values.projectId}, ${values.cardId}, ${controlId}, ${riskId}, ${evidenceId}, ${values.by})
          on conflict do nothing returning id`),
      ).length > 0
    );
  },

  /** Unlinks; false when there was no link. */
  async unlink(db: Executor, cardId: string, end: LinkEnd) {
    return rowsOf(await db.execute(sql`delete from asset_card_links where card_id = ${cardId} and ${endOf(end)} returning id`)).length > 0;
  },
};
