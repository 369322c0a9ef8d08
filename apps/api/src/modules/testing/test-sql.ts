import { sql, type SQL } from 'drizzle-orm';
import type { PersonRef } from '@aegis/contracts';

/** Rows of a raw query, as both drivers answer them. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

/** A comma-separated SQL list of values. */
export const list = (values: readonly (string | number)[]) => sql.join(values.map((v) => sql`${v}`), sql`, `);

/** JSON read from the database: drivers answer json as text or as parsed values. */
export const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** `%text%` for ilike, its wildcards escaped. */
export const like = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A user (the alias's row) as a JSON person, or null. */
export const personJson = (alias: string): SQL =>
  sql.raw(`case when ${alias}.id is null then null else json_build_object('id', ${alias}.id, 'name', coalesce(nullif(trim(${alias}.firstname || ' ' || ${alias}.lastname), ''), ${alias}.email), 'email', ${alias}.email) end`);

export const personOf = (value: unknown): PersonRef | null => (value === null || value === undefined ? null : parsed<PersonRef>(value));

/** A timestamp as the API writes it. */
export const iso = (value: Date | string) => new Date(value).toISOString();
export const isoOrNull = (value: Date | string | null) => (value === null ? null : iso(value));

/** A double precision column as a number (drivers may answer text). */
export const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
