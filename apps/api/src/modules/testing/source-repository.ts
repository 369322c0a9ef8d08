import { sql, type SQL } from 'drizzle-orm';
import type { PersonRef, TestingSourceKind } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { offsetOf } from '../../lib/paging';

/** Rows of a raw query, as both drivers answer them. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
/** `%text%` for like, lower-cased, its wildcards escaped. */
export const like = (text: string) => `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
/** A timestamp as the API writes it. */
export const iso = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));
/** JSON read from the database: drivers answer json as text or as parsed values. */
export const personOf = (value: unknown): PersonRef | null => (value === null || value === undefined ? null : ((typeof value === 'string' ? JSON.parse(value) : value) as PersonRef));
/** A user (the alias's row) as a JSON person, or null. */
export const personJson = (alias: string): SQL =>
  sql.raw(`case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', coalesce(nullif(trim(${alias}.firstname || ' ' || ${alias}.lastname), ''), ${alias}.email), 'email', ${alias}.email) end`);

export type SourceRow = {
  id: string;
  name: string;
  kind: TestingSourceKind;
  description: string;
  asset_card_id: string | null;
  asset_card_name: string | null;
  metric_count: number;
  last_value_at: Date | string | null;
  created_by: unknown;
  created_at: Date | string;
};

export type SourceSort = 'name' | 'created_at';
const SORT: Record<SourceSort, (direction: SQL) => SQL> = {
  name: (d) => sql`lower(s.name) ${d}`,
  created_at: (d) => sql`s.created_at ${d}`,
};

const select = sql`select s.id, s.name, s.kind, s.description, s.asset_card_id, c.name as asset_card_name,
    (select count(*)::int from testing_metrics m where m.source_id = s.id) as metric_count,
    (select max(m.last_value_at) from testing_metrics m where m.source_id = s.id) as last_value_at,
    ${personJson('u')} as created_by, s.created_at
  from testing_sources s
  left join asset_cards c on c.id = s.asset_card_id
  left join users u on u.id = s.created_by`;

function where(organizationId: string, projectId: string, name: string | undefined): SQL {
  const parts = [sql`s.organization_id = ${organizationId}`, sql`s.project_id = ${projectId}`];
  if (name) parts.push(sql`lower(s.name) like ${like(name)}`);
  return sql.join(parts, sql` and `);
}

/** A project's testing sources: SQL only, the organization in every WHERE. */
export const sourceRepository = {
  async list(db: Executor, organizationId: string, projectId: string, q: { name?: string; sortBy?: SourceSort; descending: boolean; page: number; size: number }) {
    const direction = q.descending ? sql`desc` : sql`asc`;
    const filter = where(organizationId, projectId, q.name);
    const rows = rowsOf<SourceRow>(
      await db.execute(sql`${select} where ${filter} order by ${SORT[q.sortBy ?? 'name'](direction)}, s.id ${direction} limit ${q.size} offset ${offsetOf(q.page, q.size)}`),
    );
    const [count] = rowsOf<{ total: number }>(await db.execute(sql`select count(*)::int as total from testing_sources s where ${filter}`));
    return { rows, total: count?.total ?? 0 };
  },

  async find(db: Executor, organizationId: string, projectId: string, sourceId: string): Promise<SourceRow | undefined> {
    return rowsOf<SourceRow>(await db.execute(sql`${select} where s.organization_id = ${organizationId} and s.project_id = ${projectId} and s.id = ${sourceId}`))[0];
  },

  /** The source's kind and model card, for the writes that depend on them. */
  async kindOf(db: Executor, organizationId: string, projectId: string, sourceId: string) {
    return rowsOf<{ id: string; kind: TestingSourceKind; asset_card_id: string | null }>(
      await db.execute(sql`select id, kind, asset_card_id from testing_sources where organization_id = ${organizationId} and project_id = ${projectId} and id = ${sourceId}`),
    )[0];
  },

  /** An asset card of the project (another project's or organization's is not found). */
  async assetCard(db: Executor, organizationId: string, projectId: string, cardId: string) {
    return rowsOf<{ id: string; name: string }>(
      await db.execute(sql`select id, name from asset_cards where organization_id = ${organizationId} and project_id = ${projectId} and id = ${cardId}`),
    )[0];
  },

  /** Inserts the source; undefined when the project has a source of that name already (any case). */
  async insert(db: Executor, row: { organizationId: string; projectId: string; name: string; kind: TestingSourceKind; description: string; assetCardId: string | null; createdBy: string }) {
    return rowsOf<{ id: string; created_at: Date | string }>(
      await db.execute(sql`insert into testing_sources (organization_id, project_id, name, kind, description, asset_card_id, created_by)
        values (${row.organizationId}, ${row.projectId}, ${row.name}, ${row.kind}, ${row.description}, ${row.assetCardId}, ${row.createdBy})
        on conflict do nothing returning id, created_at`),
    )[0];
  },
};
