import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

export type SettingsRow = {
  settings: Record<string, unknown>;
  updated_at: Date;
  updated_by_id: string | null;
  updated_by_name: string | null;
  updated_by_email: string | null;
};

/** A project's saved EU AI Act settings (one row per project, none until first saved). */
export const settingsRepository = {
  async find(db: Executor, organizationId: string, projectId: string): Promise<SettingsRow | undefined> {
    const row = rowsOf<SettingsRow & { settings: unknown }>(
      await db.execute(sql`
        select s.settings, s.updated_at, u.id as updated_by_id,
               coalesce(nullif(trim(u.firstname || ' ' || u.lastname), ''), u.email) as updated_by_name, u.email as updated_by_email
          from project_eu_ai_act_settings s left join users u on u.id = s.updated_by
         where s.organization_id = ${organizationId} and s.project_id = ${projectId}`),
    )[0];
    return row && { ...row, settings: parsed<Record<string, unknown>>(row.settings) ?? {} };
  },

  /** Replaces the whole settings. */
  async save(db: Executor, organizationId: string, projectId: string, settings: Record<string, unknown>, userId: string) {
    await db.execute(sql`
      insert into project_eu_ai_act_settings (project_id, organization_id, settings, updated_by, updated_at)
      values (${projectId}, ${organizationId}, ${JSON.stringify(settings)}::jsonb, ${userId}, now())
      on conflict (project_id) do update set settings = excluded.settings, updated_by = excluded.updated_by, updated_at = excluded.updated_at`);
  },
};
