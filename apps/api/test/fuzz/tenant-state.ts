import { sql } from 'drizzle-orm';
import type { TestApp } from '../helper';

type Rows<T> = { rows: T[] };

/** Every table that holds tenant data: those with an `organization_id` column. */
async function tenantTables(t: TestApp): Promise<{ table: string; hasId: boolean }[]> {
  const result = (await t.db.execute(sql`
    select c.table_name as table,
           exists (select 1 from information_schema.columns i where i.table_schema = 'public' and i.table_name = c.table_name and i.column_name = 'id') as "hasId"
      from information_schema.columns c
      join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name and tb.table_type = 'BASE TABLE'
     where c.table_schema = 'public' and c.column_name = 'organization_id'
     order by c.table_name`)) as unknown as Rows<{ table: string; hasId: boolean }>;
  return result.rows;
}

/**
 * The ids an organization owns: its own, its rows' ids in every tenant table, and the people who belong
 * to it alone. Seeing one of them is reading that organization's data.
 */
export async function ownedIds(t: TestApp, organization: string): Promise<Set<string>> {
  const ids = new Set<string>([organization]);
  for (const { table, hasId } of await tenantTables(t)) {
    if (!hasId) continue;
    const result = (await t.db.execute(sql`select id::text as id from ${sql.identifier(table)} where organization_id = ${organization}`)) as unknown as Rows<{ id: string }>;
    for (const row of result.rows) ids.add(row.id);
  }
  const people = (await t.db.execute(sql`
    select m.user_id::text as id from organization_memberships m
     where m.organization_id = ${organization}
       and not exists (select 1 from organization_memberships o where o.user_id = m.user_id and o.organization_id <> ${organization})`)) as unknown as Rows<{ id: string }>;
  for (const row of people.rows) ids.add(row.id);
  return ids;
}

/**
 * A digest of everything an organization holds — each tenant table's rows and its people's accounts —
 * to tell whether a batch of requests changed it.
 */
export async function tenantDigest(t: TestApp, organization: string): Promise<Map<string, string>> {
  const parts = (await tenantTables(t)).map(
    ({ table }) => sql`select ${table} as part, md5(coalesce(string_agg(x::text, '|' order by x::text), '')) as digest from ${sql.identifier(table)} x where x.organization_id = ${organization}`,
  );
  parts.push(sql`select 'users' as part, md5(coalesce(string_agg(u::text, '|' order by u.id), '')) as digest
                   from users u where u.id in (select user_id from organization_memberships where organization_id = ${organization})`);
  const result = (await t.db.execute(sql.join(parts, sql` union all `))) as unknown as Rows<{ part: string; digest: string }>;
  return new Map(result.rows.map((r) => [r.part, r.digest]));
}

/** The parts whose digest differs. */
export function changedParts(before: Map<string, string>, after: Map<string, string>): string[] {
  return [...after.keys()].filter((part) => before.get(part) !== after.get(part));
}
