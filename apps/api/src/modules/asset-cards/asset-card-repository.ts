import { sql, type SQL } from 'drizzle-orm';
import { WORK_ITEM_STATUSES, type AssetCardNature, type AssetCardType, type WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { offsetOf } from '../../lib/paging';
import type { AssetCardRow } from './asset-card-view';
import { like, list, personJson, rowsOf } from './sql-helpers';

export type AssetCardFilters = {
  name?: string;
  statuses?: WorkItemStatus[];
  types?: AssetCardType[];
  natures?: AssetCardNature[];
  assignedTo?: string;
};

export type AssetCardSort = 'name' | 'asset_card_type' | 'asset_card_nature' | 'status' | 'updated_at' | 'created_at';

const STATUS_ORDER = sql.raw(`array[${WORK_ITEM_STATUSES.map((s) => `'${s}'`).join(',')}]`);
/** Types and natures sort in their declared order (the enums'), names without case. */
const SORT: Record<AssetCardSort, (direction: SQL) => SQL> = {
  name: (d) => sql`lower(c.name) ${d}`,
  asset_card_type: (d) => sql`c.asset_card_type ${d}, lower(c.name) ${d}`,
  asset_card_nature: (d) => sql`c.asset_card_nature ${d}, lower(c.name) ${d}`,
  status: (d) => sql`array_position(${STATUS_ORDER}, c.status::text) ${d}, lower(c.name) ${d}`,
  updated_at: (d) => sql`c.updated_at ${d}`,
  created_at: (d) => sql`c.created_at ${d}`,
};
const orderOf = (sortBy: AssetCardSort | undefined, descending: boolean) => {
  const direction = descending ? sql`desc` : sql`asc`;
  return sql`${SORT[sortBy ?? 'name'](direction)}, c.id ${direction}`;
};

function where(organizationId: string, projectId: string, f: AssetCardFilters): SQL {
  const parts: SQL[] = [sql`c.organization_id = ${organizationId}`, sql`c.project_id = ${projectId}`];
  if (f.name) parts.push(sql`lower(c.name) like ${like(f.name)}`);
  if (f.statuses?.length) parts.push(sql`c.status::text in (${list(f.statuses)})`);
  if (f.types?.length) parts.push(sql`c.asset_card_type::text in (${list(f.types)})`);
  if (f.natures?.length) parts.push(sql`c.asset_card_nature::text in (${list(f.natures)})`);
  if (f.assignedTo) parts.push(sql`exists (select 1 from work_item_people w where w.item_type = 'asset_card' and w.item_id = c.id and w.role = 'assignee' and w.user_id = ${f.assignedTo})`);
  return sql.join(parts, sql` and `);
}

const people = (role: 'assignee' | 'reviewer') => sql`coalesce((
  select json_agg(json_build_object('id', u.id, 'name', coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email), 'email', u.email) order by lower(u.firstname), lower(u.lastname), u.id)
    from work_item_people w join users u on u.id = w.user_id
   where w.item_type = 'asset_card' and w.item_id = p.id and w.role = ${role}), '[]'::json)`;

const tagsOf = sql`coalesce((select json_agg(json_build_object('tag_id', t.id, 'name', t.name, 'color', t.color) order by lower(t.name))
              from work_item_tags wt join tags t on t.id = wt.tag_id where wt.item_type = 'asset_card' and wt.item_id = p.id), '[]'::json)`;

/** The latest review while it is pending or still what the status shows (a later status change outdates its outcome). */
const reviewStatusOf = sql`(select rv.status from review_requests rv where rv.concept = 'asset_card' and rv.object_id = p.id
      and (rv.status = 'in_review' or rv.settled_at >= coalesce(p.status_changed_at, rv.settled_at))
    order by rv.created_at desc limit 1)`;

/** Forced: the approval in force was set with reviews:force_update_status and no reviewer decided it. */
const approvalForcedOf = sql`(p.status = 'approved' and coalesce((
     select rv.forced and not exists (select 1 from review_reviewers x where x.review_id = rv.id)
       from review_requests rv where rv.concept = 'asset_card' and rv.object_id = p.id and rv.status = 'approved'
      order by rv.settled_at desc nulls last limit 1), false))`;

/** What every card row carries beyond its own columns, computed for the rows of one page only (the rows are `p`). */
const decorations = sql`
  (select ${personJson('o')} from users o where o.id = p.owner_id) as owner,
  ${people('assignee')} as assignees,
  ${people('reviewer')} as reviewers,
  ${tagsOf} as tags,
  (select count(*)::int from asset_card_lineage l where l.to_id = p.id) as upstream_count,
  (select count(*)::int from asset_card_lineage l where l.from_id = p.id) as downstream_count,
  (select count(*)::int from asset_card_links l join project_controls pc on pc.id = l.control_id and pc.detached_at is null where l.card_id = p.id) as control_count,
  (select count(*)::int from asset_card_links l where l.card_id = p.id and l.risk_id is not null) as risk_count,
  (select count(*)::int from asset_card_links l where l.card_id = p.id and l.evidence_id is not null) as evidence_count,
  ${reviewStatusOf} as review_status,
  ${approvalForcedOf} as approval_forced`;

const columns = sql`c.id, c.project_id, c.name, c.asset_card_type, c.asset_card_nature, c.status, c.status_changed_at, c.version, c.owner_id,
  c.facts ->> 'license' as license, c.needs_attention, c.updated_at`;

export type AssetCardDetailRow = AssetCardRow & {
  reviewers: unknown;
  description: string;
  facts: unknown;
  sections: unknown;
  extra_metadata: unknown;
  imported_from: string | null;
  created_by: unknown;
  created_at: Date | string;
};

/** What a change of a card reads (under its row lock, or with its version). */
export type AssetCardForChange = {
  id: string;
  project_id: string;
  name: string;
  asset_card_type: AssetCardType;
  asset_card_nature: AssetCardNature;
  description: string;
  version: string | null;
  owner_id: string | null;
  facts: unknown;
  sections: unknown;
  status: WorkItemStatus;
  /** The row's version (xmin) as read: a change written in one statement is guarded by it. */
  row_version: string;
};

export type AssetCardColumns = {
  name?: string;
  nature?: AssetCardNature;
  description?: string;
  version?: string | null;
  ownerId?: string | null;
  facts?: unknown;
  sections?: unknown;
  status?: WorkItemStatus;
  outOfScopeJustification?: string | null;
};

function changeSets(values: AssetCardColumns): SQL {
  const sets: SQL[] = [sql`updated_at = now()`];
  const set = (column: string, value: unknown) => sets.push(sql`${sql.identifier(column)} = ${value}`);
  if (values.name !== undefined) set('name', values.name);
  if (values.nature !== undefined) set('asset_card_nature', values.nature);
  if (values.description !== undefined) set('description', values.description);
  if (values.version !== undefined) set('version', values.version);
  if (values.ownerId !== undefined) set('owner_id', values.ownerId);
  if (values.facts !== undefined) sets.push(sql`facts = ${JSON.stringify(values.facts)}::jsonb`);
  if (values.sections !== undefined) sets.push(sql`sections = ${JSON.stringify(values.sections)}::jsonb`);
  if (values.status !== undefined) sets.push(sql`status = ${values.status}`, sql`status_changed_at = now()`);
  if (values.outOfScopeJustification !== undefined) set('out_of_scope_justification', values.outOfScopeJustification);
  return sql.join(sets, sql`, `);
}

/** SQL of the cards themselves: the list with its decorations, the detail, the row a change locks, writes. Organization id in every WHERE. */
export const assetCardRepository = {
  /** One page of the cards with owner, people, tags and counts: one query. */
  async list(db: Executor, organizationId: string, projectId: string, filters: AssetCardFilters, query: { sortBy?: AssetCardSort; descending: boolean; page: number; size: number }) {
    const order = orderOf(query.sortBy, query.descending);
    const rows = rowsOf<AssetCardRow & { total: number }>(
      await db.execute(sql`
        with page as (
          -- The page's ids alone: the wide columns and decorations are read for its rows only.
          select c.id, count(*) over () as total, row_number() over (order by ${order}) as n
            from asset_cards c
           where ${where(organizationId, projectId, filters)}
           order by ${order}
           limit ${query.size} offset ${offsetOf(query.page, query.size)}
        ), p as (
          select ${columns}, page.total, page.n from page join asset_cards c on c.id = page.id
        )
        select p.*, ${decorations} from p order by p.n`),
    );
    return { items: rows, total: Number(rows[0]?.total ?? 0) };
  },

  /** A card of the project with everything its detail shows but its lineage, links and status history. */
  async find(db: Executor, organizationId: string, projectId: string, id: string): Promise<AssetCardDetailRow | undefined> {
    return rowsOf<AssetCardDetailRow>(
      await db.execute(sql`
        with p as (
          select ${columns}, c.description, c.facts, c.sections, c.extra_metadata, c.imported_from, c.created_at, ${personJson('u')} as created_by
            from asset_cards c left join users u on u.id = c.created_by
           where c.organization_id = ${organizationId} and c.project_id = ${projectId} and c.id = ${id}
        )
        select p.*, ${decorations} from p`),
    )[0];
  },

  /**
   * A card of the project with its row version (`xmin`: any later write of the row changes it). Locked
   * until the transaction ends — changes of one card queue here, each seeing the one before it — unless
   * `lock: false` (a change written in one statement, guarded by the version).
   */
  async findForChange(db: Executor, organizationId: string, projectId: string, id: string, options: { lock: boolean } = { lock: true }): Promise<AssetCardForChange | undefined> {
    return rowsOf<AssetCardForChange>(
      await db.execute(sql`
        select c.id, c.project_id, c.name, c.asset_card_type, c.asset_card_nature, c.description, c.version, c.owner_id, c.facts, c.sections, c.status,
               c.xmin::text as row_version
          from asset_cards c
         where c.organization_id = ${organizationId} and c.project_id = ${projectId} and c.id = ${id}
         ${options.lock ? sql`for update of c` : sql``}`),
    )[0];
  },

  /** The project when it is the organization's, locked in share mode: a card is not created into a project being deleted. */
  async projectExists(db: Executor, organizationId: string, projectId: string): Promise<boolean> {
    return rowsOf(await db.execute(sql`select 1 from projects where id = ${projectId} and organization_id = ${organizationId} for share`)).length > 0;
  },

  /** Whether the user is an active member of the organization, and of the project. */
  async membership(db: Executor, organizationId: string, projectId: string, userId: string) {
    return rowsOf<{ in_project: boolean }>(
      await db.execute(sql`
        select exists (select 1 from project_memberships pm where pm.project_id = ${projectId} and pm.user_id = u.id) as in_project
          from users u join organization_memberships om on om.user_id = u.id and om.organization_id = ${organizationId} and om.status = 'active'
         where u.id = ${userId}`),
    )[0];
  },

  async insert(
    db: Executor,
    values: {
      organizationId: string;
      projectId: string;
      name: string;
      type: AssetCardType;
      nature: AssetCardNature;
      description: string;
      version: string | null;
      ownerId: string | null;
      facts: unknown;
      sections: unknown;
      extraMetadata: unknown;
      importedFrom: string | null;
      createdBy: string;
    },
  ): Promise<string> {
    return rowsOf<{ id: string }>(
      await db.execute(sql`
        insert into asset_cards (organization_id, project_id, name, asset_card_type, asset_card_nature, description, version, owner_id, facts, sections, extra_metadata, imported_from, created_by)
        values (${values.organizationId}, ${values.projectId}, ${values.name}, ${values.type}, ${values.nature}, ${values.description}, ${values.version}, ${values.ownerId},
                ${JSON.stringify(values.facts)}::jsonb, ${JSON.stringify(values.sections)}::jsonb, ${JSON.stringify(values.extraMetadata)}::jsonb, ${values.importedFrom}, ${values.createdBy})
        returning id`),
    )[0]!.id;
  },

  async update(db: Executor, id: string, values: AssetCardColumns) {
    await db.execute(sql`update asset_cards set ${changeSets(values)} where id = ${id}`);
  },

  /**
   * The same update as a statement for workItems.writeInOneStatement: it changes the row only while it is
   * the version the caller read (`version`, its xmin), and returns its id.
   */
  updateIfUnchanged(id: string, version: string, values: AssetCardColumns): SQL {
    return sql`update asset_cards c set ${changeSets(values)} where c.id = ${id} and c.xmin = ${version}::xid returning c.id`;
  },

  /** Marks the card changed (a link or lineage change): lists sorted by update show it. */
  async touch(db: Executor, ids: readonly string[]) {
    if (ids.length) await db.execute(sql`update asset_cards set updated_at = now() where id in (${list(ids)})`);
  },

  /**
   * Deletes the card and what hangs on it by id only (people, tags, comments, reviews); its lineage and
   * links go with it (foreign keys). The activity log stays.
   */
  async delete(db: Executor, organizationId: string, id: string) {
    await db.execute(sql`delete from work_item_people where item_type = 'asset_card' and item_id = ${id}`);
    await db.execute(sql`delete from work_item_tags where item_type = 'asset_card' and item_id = ${id}`);
    await db.execute(sql`delete from comments where organization_id = ${organizationId} and object_type = 'asset_card' and object_id = ${id}`);
    await db.execute(sql`delete from review_requests where organization_id = ${organizationId} and concept = 'asset_card' and object_id = ${id}`);
    await db.execute(sql`delete from asset_cards where organization_id = ${organizationId} and id = ${id}`);
  },

  /** Whether a review of the card is pending. */
  async reviewPending(db: Executor, organizationId: string, id: string): Promise<boolean> {
    return rowsOf(await db.execute(sql`select 1 from review_requests where organization_id = ${organizationId} and concept = 'asset_card' and object_id = ${id} and status = 'in_review'`)).length > 0;
  },

  /** The project's cards for the report's inventory, by type then name, up to `limit`, with how many there are in all. */
  async inventory(db: Executor, organizationId: string, projectId: string, limit: number) {
    const rows = rowsOf<{ id: string; name: string; asset_card_type: AssetCardType; asset_card_nature: AssetCardNature; version: string | null; license: string | null; status: WorkItemStatus; owner: string | null; total: number }>(
      await db.execute(sql`
        select c.id, c.name, c.asset_card_type, c.asset_card_nature, c.version, c.facts ->> 'license' as license, c.status,
               coalesce(nullif(trim(o.firstname || ' ' || o.lastname), ''), o.email) as owner, count(*) over () as total
          from asset_cards c left join users o on o.id = c.owner_id
         where c.organization_id = ${organizationId} and c.project_id = ${projectId}
         order by c.asset_card_type, lower(c.name), c.id
         limit ${limit}`),
    );
    return { rows, total: Number(rows[0]?.total ?? 0) };
  },

  /** Cards of the project by name, case-insensitive, of one type (an import's `datasets` to lineage). */
  /** Cards of these names (case-insensitive): one array parameter, so one statement text whatever their number (40,000 names are one value, not 40,000). */
  async byNames(db: Executor, organizationId: string, projectId: string, type: AssetCardType, names: readonly string[]) {
    if (names.length === 0) return [];
    return rowsOf<{ id: string; name: string }>(
      await db.execute(sql`
        select c.id, c.name from asset_cards c
         where c.organization_id = ${organizationId} and c.project_id = ${projectId} and c.asset_card_type = ${type}
           and lower(c.name) = any(${sql.param(names.map((n) => n.toLowerCase()))}::text[])
         order by c.created_at, c.id`),
    );
  },
};
