import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/*
 * The one definition of `evidences.search` (issue 21): the name (weight A) and the description (B) as
 * words ('simple': names are codes, product names, acronyms, not English to stem), the current version's
 * extracted text (C) stemmed as English. Every writer of the column goes through `refreshSearch`, every
 * reader through `searchMatches` / `contentMatches` / `contentSnippet`, so they all agree.
 */

/** The document of one evidence, from SQL expressions of its name, description and text (any may be null). */
export const searchVector = (name: SQL, description: SQL, text: SQL): SQL =>
  sql`(setweight(to_tsvector('simple', coalesce(${name}, '')), 'A') || setweight(to_tsvector('simple', coalesce(${description}, '')), 'B') || setweight(to_tsvector('english', coalesce(${text}, '')), 'C'))`;

/** The current version's text of the evidence aliased `alias` (null while it has none). */
const currentText = (alias: string) => sql.raw(`(select v.content from evidence_versions v where v.id = ${alias}.current_version_id)`);

/**
 * Recomputes `search` of one evidence from its row and its current version's text: after an upload, a
 * new version, a rename or a new description, and when the text of its current version is extracted.
 */
export async function refreshSearch(db: Executor, evidenceId: string) {
  await db.execute(sql`update evidences e set search = ${searchVector(sql`e.name`, sql`e.description`, currentText('e'))} where e.id = ${evidenceId}`);
}

/** The queries a person's words make: English (stemmed, for the text) and simple (for names and codes). */
const english = (words: string) => sql`websearch_to_tsquery('english', ${words})`;
const simple = (words: string) => sql`websearch_to_tsquery('simple', ${words})`;

/** Whether the evidence aliased `alias` matches the words anywhere in its document (name, description, text). */
export const searchMatches = (alias: string, words: string): SQL => {
  const search = sql.raw(`${alias}.search`);
  return sql`(${search} @@ ${english(words)} or ${search} @@ ${simple(words)})`;
};

/** Whether the words match the extracted text itself (the weight-C part of the document). */
export const contentMatches = (alias: string, words: string): SQL => sql`(ts_filter(${sql.raw(`${alias}.search`)}, '{c}') @@ ${english(words)})`;

/** How long a passage a snippet shows: the first this many characters of the text are searched for it. */
const HEADLINE_CHARS = 200_000;

/**
 * The passage of `content` (an SQL expression of the current version's text) that matches the words,
 * the match between « and », or null when the match is not in the text (`alias`: the evidence).
 */
export const contentSnippet = (alias: string, content: SQL, words: string): SQL =>
  sql`case when ${contentMatches(alias, words)} then ts_headline('english', left(${content}, ${HEADLINE_CHARS}), ${english(words)}, 'StartSel=«, StopSel=», MaxWords=35, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "') end`;

/** Relevance of the evidence aliased `alias` to an arbitrary tsquery (suggestions rank with it). */
export const searchRank = (alias: string, query: SQL): SQL => sql`ts_rank_cd(${sql.raw(`${alias}.search`)}, ${query})`;
