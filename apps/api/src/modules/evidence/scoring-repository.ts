import { sql, type SQL } from 'drizzle-orm';
import type { TextStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { list, rowsOf } from './sql-helpers';

/*
 * How relevant a file is to a control, in SQL — one definition for suggestions and for link scores.
 *
 * The control's words: the lexemes of its title, objective and guidance (English stemming, stop words
 * dropped), OR-ed into one tsquery that finds candidates through the GIN index on `evidences.search`.
 * The relevance (0–1) of a file to it:
 *   0.8 × coverage — the share of the control's distinct terms the file contains, counted full at 60 %
 *   0.2 × ts_rank_cd(search, query, 1|32) — cover density, divided by 1 + log(length), as rank/(rank+1)
 * ts_rank_cd alone grows with every repetition of any single term (a long manual repeating "policy" and
 * "management" outranked the policy a control asked for); coverage asks how much of the control the file
 * speaks to, and the cover density breaks ties between files that cover as much.
 */

/** Coverage at which a file counts as covering the control fully. */
const FULL_COVERAGE = 0.6;
/** Candidates ranked by cover density before coverage is counted for them (it reads their whole document). */
const CANDIDATES = 50;
/** The passage: the first this many characters of the text are searched for it. */
const PASSAGE_CHARS = 200_000;
const PASSAGE_OPTIONS = 'StartSel=«, StopSel=», MaxWords=35, MinWords=12, MaxFragments=1, FragmentDelimiter=" … "';

export type RankedEvidence = {
  evidence_id: string;
  name: string;
  file_name: string;
  file_type: string;
  status: string;
  size: number | string;
  text_status: TextStatus;
  text_error: string | null;
  relevance: number;
  /** The passage of the text (or else of the name and description) that matches, the matches between « and »; null when nothing matches. */
  reason: string | null;
};

/** The control's document (title, objective, guidance) as a tsvector, from its project control id. */
const controlDocument = (organizationId: string, controlId: string): SQL => sql`
  select to_tsvector('english', d.title || ' ' || coalesce(d.objective, '') || ' ' || coalesce(d.guidance, '')) as doc
    from project_controls pc join control_definitions d on d.id = pc.control_id
   where pc.organization_id = ${organizationId} and pc.id = ${controlId}`;

export type RankOptions = {
  organizationId: string;
  projectId: string;
  controlId: string;
  limit: number;
  /** Only these evidences (scores of links: every one is answered, matching or not). */
  evidenceIds?: readonly string[];
  /** Leave out the evidences linked to the control and the suggestions dismissed for it (suggestions). */
  unlinkedOnly?: boolean;
};

export const scoringRepository = {
  /**
   * The project's evidence most relevant to the control, best first, each with its relevance and passage.
   * With `evidenceIds`, those evidences whether they match or not (relevance 0 and no passage when not).
   */
  async rank(db: Executor, options: RankOptions): Promise<RankedEvidence[]> {
    const { organizationId, projectId, controlId, limit } = options;
    const only = options.evidenceIds ? sql`and e.id in (${list(options.evidenceIds)})` : sql`and e.search @@ terms.query`;
    const unlinked = options.unlinkedOnly
      ? sql`and not exists (select 1 from evidence_links l where l.evidence_id = e.id and l.control_id = ${controlId})
            and not exists (select 1 from evidence_suggestions s where s.evidence_id = e.id and s.control_id = ${controlId} and s.status = 'dismissed')`
      : sql``;
    if (options.evidenceIds?.length === 0) return [];
    const rows = rowsOf<RankedEvidence & { passage: string | null }>(
      await db.execute(sql`
        with control as (${controlDocument(organizationId, controlId)}),
        terms as (
          select array_agg(t.lexeme) as lexemes, count(*) as total,
                 coalesce(string_agg(quote_literal(t.lexeme), ' | ')::tsquery, ''::tsquery) as query
            from control, unnest(control.doc) t
        ),
        candidates as (
          select e.id, e.name, e.description, e.file_name, e.file_type, e.status, e.size, e.text_status, e.current_version_id, e.search,
                 coalesce(ts_rank_cd(e.search, terms.query, 1 | 32), 0) as density
            from evidences e, terms
           where e.organization_id = ${organizationId} and e.project_id = ${projectId} ${only} ${unlinked}
           order by density desc, e.id
           limit ${Math.max(CANDIDATES, limit)}
        ),
        scored as (
          select c.*, terms.query,
                 coalesce((select count(*) from unnest(c.search) u where u.lexeme = any(terms.lexemes)), 0)::float8 / greatest(terms.total, 1) as coverage
            from candidates c, terms
        ),
        best as (
          select s.*, round((0.8 * least(1, s.coverage / ${sql.raw(String(FULL_COVERAGE))}) + 0.2 * s.density)::numeric, 3)::float8 as relevance
            from scored s
           order by relevance desc, s.density desc, s.id
           limit ${limit}
        )
        select b.id as evidence_id, b.name, b.file_name, b.file_type, b.status, b.size, b.text_status, v.text_error, b.relevance,
               case when b.relevance > 0 then ts_headline('english', left(v.content, ${PASSAGE_CHARS}), b.query, ${PASSAGE_OPTIONS}) end as passage,
               case when b.relevance > 0 then ts_headline('english', b.name || coalesce('. ' || nullif(b.description, ''), ''), b.query, ${PASSAGE_OPTIONS}) end as reason
          from best b left join evidence_versions v on v.id = b.current_version_id
         order by b.relevance desc, b.density desc, b.id`),
    );
    // The text's passage when it holds a match, else the name's or description's.
    return rows.map(({ passage, ...row }) => ({
      ...row,
      relevance: Number(row.relevance),
      reason: passage?.includes('«') ? passage : row.reason?.includes('«') ? row.reason : null,
    }));
  },

  /** Whether the organization scores evidence links (organization_configs; off without a row). */
  async scoringEnabled(db: Executor, organizationId: string): Promise<boolean> {
    const row = rowsOf<{ on: boolean }>(
      await db.execute(sql`select evidence_scoring_enabled_for_entire_organization as on from organization_configs where organization_id = ${organizationId}`),
    )[0];
    return Boolean(row?.on);
  },

  /** The evidence's project, current text status and error, and its control links (all, or those given). */
  async linksToScore(db: Executor, organizationId: string, evidenceId: string, controlIds?: readonly string[]) {
    if (controlIds?.length === 0) return [];
    return rowsOf<{ control_id: string; project_id: string; text_status: TextStatus; text_error: string | null }>(
      await db.execute(sql`
        select l.control_id, e.project_id, e.text_status, v.text_error
          from evidence_links l join evidences e on e.id = l.evidence_id
          left join evidence_versions v on v.id = e.current_version_id
         where l.organization_id = ${organizationId} and l.evidence_id = ${evidenceId} and l.control_id is not null
           ${controlIds ? sql`and l.control_id in (${list(controlIds)})` : sql``}`),
    );
  },

  async saveScore(db: Executor, organizationId: string, evidenceId: string, controlId: string, score: { score: number | null; result: string | null; reason: string | null }) {
    await db.execute(sql`
      update evidence_links set score = ${score.score}, score_result = ${score.result}, score_reason = ${score.reason}
       where organization_id = ${organizationId} and evidence_id = ${evidenceId} and control_id = ${controlId}`);
  },
};
