import { sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';

/*
 * The one definition of `evidences.search` (issue 21): the name (weight A) and the description (B) as
 * words ('simple': names are codes, product names, acronyms, not English to stem), the current version's
 * extracted text (C) stemmed as English. Every writer of the column goes through `refreshSearch` (or
 * `searchOf`, in an UPDATE that renames the evidence), every reader through `searchMatches` /
 * `contentMatches` / `contentSnippet`, so they all agree.
 */

/** The document of one evidence, from SQL expressions of its name, description and text (any may be null). */
export const searchVector = (name: SQL, description: SQL, text: SQL): SQL =>
  sql`(setweight(to_tsvector('simple', coalesce(${name}, '')), 'A') || setweight(to_tsvector('simple', coalesce(${description}, '')), 'B') || setweight(to_tsvector('english', coalesce(${text}, '')), 'C'))`;

/** The current version's text of the evidence aliased `alias` (null while it has none). */
const currentText = (alias: string) => sql.raw(`(select v.content from evidence_versions v where v.id = ${alias}.current_version_id)`);

/**
 * The document of the evidence aliased `alias` with a new name and description (SQL values): what an
 * UPDATE of its row that changes them sets `search` to — what refreshSearch computes after it.
 */
export const searchOf = (alias: string, name: SQL, description: SQL): SQL => searchVector(name, description, currentText(alias));

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

/*
 * A snippet costs what its match costs, not what its text weighs (issue 29: `ts_headline` over the first
 * 200,000 characters of 100 files of 1 MB took 3 s). The first occurrence of one of the words' terms is
 * found with `strpos` (a byte scan, a few milliseconds per MB, stopping at the match), and only a window of
 * a few KB around it is parsed and highlighted.
 */
/** Characters of the window before the first match, and the window's length. */
const SNIPPET_BEFORE = 1_000;
const SNIPPET_CHARS = 3_000;
/** Where no term occurs as written, lower-cased or capitalized, the text's start this long is searched lower-cased. */
const LOWERED_CHARS = 50_000;
/** Rows of one page that carry a snippet: a page of 250 searches no more text than one of 50. */
export const MAX_SNIPPETS_PER_PAGE = 50;

/**
 * The words' terms as a text may hold them: their English stems ("calibrated" → "calibr", a prefix of
 * "calibrations") and the words themselves ("happy" where the stem is "happi"), stop words left out.
 */
const termsOf = (words: string): SQL =>
  sql`array(select w from unnest(tsvector_to_array(to_tsvector('english', ${words}))) w
             union select w from unnest(tsvector_to_array(to_tsvector('simple', ${words}))) w where length(to_tsvector('english', w)) > 0)`;

/**
 * The passage of `content` that matches the words, the match between « and »: `content` must be a value
 * read once (a column of a lateral subquery fenced with `offset 0`), as it is scanned several times.
 * Null when `content` is; the caller decides whose text is read (contentMatches, the page's first rows).
 */
export const contentSnippet = (content: SQL, words: string): SQL => {
  const terms = termsOf(words);
  const first = sql`coalesce(
      (select min(pos) from unnest(${terms}) w, unnest(array[strpos(${content}, w), strpos(${content}, initcap(w)), strpos(${content}, upper(w))]) pos where pos > 0),
      (select min(pos) from unnest(${terms}) w, strpos(lower(left(${content}, ${LOWERED_CHARS})), w) pos where pos > 0),
      1)`;
  return sql`case when ${content} is not null then ts_headline('english', substr(${content}, greatest(1, ${first} - ${SNIPPET_BEFORE}), ${SNIPPET_CHARS}), ${english(words)}, 'StartSel=«, StopSel=», MaxWords=35, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "') end`;
};

/** Relevance of the evidence aliased `alias` to an arbitrary tsquery (suggestions rank with it). */
export const searchRank = (alias: string, query: SQL): SQL => sql`ts_rank_cd(${sql.raw(`${alias}.search`)}, ${query})`;
