import { sql, type SQL } from 'drizzle-orm';

/**
 * The one definition of a requirement row (issue 29, item 15): what the requirements list, its totals,
 * the frameworks' progress, the dashboard and the statement of applicability all list and count. A row is
 * a project requirement that has controls of its own in the project — every leaf requirement (a template
 * refuses a leaf without controls), and a section that maps controls itself besides its points, such as
 * EU AI Act Art. 5(1), whose controls are met and approved for it. A section without controls of its own
 * is a heading, neither listed nor counted, and decided through the requirements under it.
 *
 * `pr` is the alias of the `project_requirements` row in the caller's query.
 */
export function isRequirementRow(pr = 'pr'): SQL {
  const row = sql.raw(pr);
  // The outer row is named in the WHERE only, never in a join's ON: PostgreSQL then plans the EXISTS as a
  // semi-join over all rows at once instead of running it once per row.
  return sql`exists (select 1 from requirement_controls own_rc join project_controls own_pc on own_pc.control_id = own_rc.control_id
                      where own_rc.requirement_id = ${row}.requirement_id and own_pc.project_id = ${row}.project_id and own_pc.detached_at is null)`;
}
