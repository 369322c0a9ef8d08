import { sql } from 'drizzle-orm';
import { MFF1_FRAMEWORK_CODE, type Page, type Tag } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { offsetOf, pageOf } from '../../lib/paging';

/** Colours of the platform tags, in domain order; distinct at a glance and readable on white. */
const PALETTE = ['#3949ab', '#00897b', '#8e24aa', '#f4511e', '#546e7a', '#6d4c41', '#c0392b', '#1e88e5', '#43a047', '#d81b60', '#5e35b1', '#00838f', '#ef6c00', '#7cb342', '#455a64'];

/**
 * The platform's tags: the domains of the MFF-1 control library (governance, risk management, data
 * governance…), the one taxonomy every organization shares when content management is enabled.
 */
export async function listPlatformTags(db: Executor, page: number, size: number): Promise<Page<Tag>> {
  const result = await db.execute(sql`
    select r.id as tag_id, r.title as name, r.position, f.created_at, count(*) over () as total
      from framework_requirements r join frameworks f on f.id = r.framework_id
     where f.organization_id is null and f.code = ${MFF1_FRAMEWORK_CODE} and r.parent_id is null
     order by r.position
     limit ${size} offset ${offsetOf(page, size)}`);
  const rows = (result as unknown as { rows: { tag_id: string; name: string; created_at: Date; total: number }[] }).rows;
  const first = offsetOf(page, size);
  const items = rows.map((row, index) => ({
    tag_id: row.tag_id,
    name: row.name,
    color: PALETTE[(first + index) % PALETTE.length]!,
    created_at: new Date(row.created_at).toISOString(),
  }));
  return pageOf(items, Number(rows[0]?.total ?? 0), page, size);
}
