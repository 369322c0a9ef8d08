import { EVIDENCE_SUGGESTION_MIN_RELEVANCE, type EvidenceSuggestion, type EvidenceSuggestionList } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { retryOnConflict } from '../../lib/conflict-retry';
import { AppError, notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { workItems, type WorkItem } from '../work-items/work-items';
import { rerankWithModel, type RerankCandidate } from './ai-client';
import { evidenceLinkRepository } from './evidence-link-repository';
import { changeLinkIn, distinctItems, targetItem } from './evidence-link-service';
import { evidenceRepository } from './evidence-repository';
import { scoreEvidenceLinks } from './scoring';
import { scoringRepository, type RankedEvidence } from './scoring-repository';
import { iso, personOf } from './sql-helpers';
import { suggestionRepository, type NewProposal, type SuggestionControl, type SuggestionRow } from './suggestion-repository';

/** Proposals a run keeps for a control. */
export const SUGGESTIONS_PER_CONTROL = 5;
/** Full-text candidates a model reranks. */
const MODEL_CANDIDATES = 10;

const toSuggestion = (row: SuggestionRow): EvidenceSuggestion => ({
  id: row.id,
  control_id: row.control_id,
  control_code: row.control_code,
  evidence: { id: row.evidence_id, name: row.evidence_name, file_name: row.file_name, file_type: row.file_type, status: row.evidence_status, size: Number(row.size) },
  relevance: Number(row.relevance),
  reason: row.reason,
  source: row.source,
  status: row.status,
  decided_by: personOf(row.decided_by),
  decided_at: row.decided_at ? iso(row.decided_at) : null,
  created_at: iso(row.created_at),
});

/** What a full-text match says when it has no passage (a name's words only, say). */
const fallbackReason = (row: RankedEvidence) => row.reason ?? `“${row.name}” shares words with the control`;

/**
 * Evidence suggestions (GOVERNANCE-MODEL.md section 8): for a control, the project's evidence ranked by
 * full-text relevance to its title, objective and guidance (scoring-repository.ts) — and, when a model is
 * configured, reranked and explained by it — kept as proposals that a person accepts (an ordinary link,
 * through the lock rule, logged) or dismisses (never proposed again for that control).
 */
export function suggestionService(deps: Pick<Deps, 'db' | 'clock' | 'config'> & { log?: { warn(details: object, message: string): void } }) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;

  async function controlOf(ctx: RequestContext, projectId: string, code: string): Promise<SuggestionControl> {
    const control = await suggestionRepository.control(deps.db, organizationOf(ctx), projectId, code);
    if (!control) throw notFound(`Control ${code}`);
    return control;
  }

  async function listFor(organizationId: string, controlId: string): Promise<EvidenceSuggestionList> {
    const [rows, run] = await Promise.all([suggestionRepository.proposed(deps.db, organizationId, controlId), suggestionRepository.run(deps.db, organizationId, controlId)]);
    return { items: rows.map(toSuggestion), ran_at: run ? iso(run.ran_at) : null, model_used: Boolean(run?.model_used) };
  }

  /** The full-text ranking, reranked by the model when one is configured and answers well; else as it is. */
  async function proposalsFor(control: SuggestionControl, ranked: RankedEvidence[]): Promise<{ proposals: NewProposal[]; model: string | null }> {
    const fullText = ranked
      .filter((row) => row.relevance >= EVIDENCE_SUGGESTION_MIN_RELEVANCE)
      .slice(0, SUGGESTIONS_PER_CONTROL)
      .map((row): NewProposal => ({ evidenceId: row.evidence_id, relevance: row.relevance, reason: fallbackReason(row), source: 'full_text' }));
    const ai = deps.config.ai;
    if (!ai || ranked.length === 0) return { proposals: fullText, model: null };
    const candidates: RerankCandidate[] = ranked.map((row, index) => ({ id: `E${index + 1}`, name: row.name, fileName: row.file_name, passage: row.reason }));
    const outcome = await rerankWithModel(ai, { code: control.control_code, title: control.title, objective: control.objective, guidance: control.guidance }, candidates);
    if (!outcome.ok) {
      deps.log?.warn({ control: control.control_code, why: outcome.why }, 'evidence suggestions: the model was not used');
      return { proposals: fullText, model: null };
    }
    const byId = new Map(candidates.map((c, index) => [c.id, ranked[index]!]));
    const proposals = outcome.items
      .filter((item) => item.relevance >= EVIDENCE_SUGGESTION_MIN_RELEVANCE)
      .slice(0, SUGGESTIONS_PER_CONTROL)
      .map((item): NewProposal => ({ evidenceId: byId.get(item.id)!.evidence_id, relevance: item.relevance, reason: item.reason, source: 'model' }));
    return { proposals, model: ai.model };
  }

  /** The suggestion locked, in this project; a decided one may not be decided the other way (409). */
  async function decided(ctx: RequestContext, projectId: string, suggestionId: string, to: 'accepted' | 'dismissed', why?: string) {
    return retryOnConflict(() =>
      deps.db.transaction(async (tx) => {
        const organizationId = organizationOf(ctx);
        const suggestion = await suggestionRepository.find(tx, organizationId, projectId, suggestionId, true);
        if (!suggestion) throw notFound('Suggestion');
        if (suggestion.status === to) return { items: [] as WorkItem[] };
        if (suggestion.status !== 'proposed') {
          throw new AppError(409, `This suggestion was ${suggestion.status} already`, `suggestion_${suggestion.status}`);
        }
        // The link's ends, locked in the order every link change takes them: the evidence, then the control.
        const evidence = await evidenceRepository.findForChange(tx, organizationId, projectId, suggestion.evidence_id);
        if (!evidence) throw notFound('Evidence');
        const [control] = await evidenceLinkRepository.controlsById(tx, organizationId, projectId, [suggestion.control_id], true);
        if (!control) throw new AppError(409, `Control ${suggestion.control_code} is no longer part of this project`, 'control_detached');
        const controlItem = targetItem(ctx, projectId, { kind: 'control', control });
        const items: WorkItem[] = [controlItem];
        const at = deps.clock.now();
        if (to === 'accepted') {
          // An ordinary link (lock rule on both ends: 409 locked), logged on both; then scored when the organization scores.
          items.push(...(await changeLinkIn(tx, ctx, projectId, evidence, { kind: 'control', control }, true)));
          await scoreEvidenceLinks(tx, { organizationId, evidenceId: evidence.id, controlIds: [control.id] });
        }
        await suggestionRepository.decide(tx, suggestion.id, to, ctx.user.id, at);
        await recordActivity(tx, {
          ...workItems.activity(ctx, controlItem, `evidence_suggestion_${to}`),
          after: { label: controlItem.label, evidence_id: evidence.id, evidence: evidence.name, relevance: Number(suggestion.relevance), reason: suggestion.reason, source: suggestion.source, ...(why ? { why } : {}) },
        });
        return { items };
      }),
    );
  }

  return {
    async list(ctx: RequestContext, projectId: string, code: string): Promise<EvidenceSuggestionList> {
      const control = await controlOf(ctx, projectId, code);
      return listFor(organizationOf(ctx), control.id);
    },

    /** Ranks again and replaces the control's open proposals with the best (at most five); answers them. */
    async run(ctx: RequestContext, projectId: string, code: string): Promise<EvidenceSuggestionList> {
      const organizationId = organizationOf(ctx);
      const control = await controlOf(ctx, projectId, code);
      const ranked = (
        await scoringRepository.rank(deps.db, {
          organizationId,
          projectId,
          controlId: control.id,
          limit: deps.config.ai ? MODEL_CANDIDATES : SUGGESTIONS_PER_CONTROL,
          unlinkedOnly: true,
        })
        // Any match is a candidate for the model, which may see more in it; what is proposed clears the floor.
      ).filter((row) => row.relevance > 0);
      // The model is asked outside any transaction: it may take its 20 seconds.
      const { proposals, model } = await proposalsFor(control, ranked);
      const at = deps.clock.now();
      await deps.db.transaction(async (tx) => {
        await suggestionRepository.replaceProposals(tx, { organizationId, projectId, controlId: control.id, proposals, at });
        await suggestionRepository.saveRun(tx, { organizationId, controlId: control.id, modelUsed: model, by: ctx.user.id, at });
      });
      return listFor(organizationId, control.id);
    },

    /** Accepting links the evidence to the control (409 when either is approved); accepting again changes nothing. */
    async accept(ctx: RequestContext, projectId: string, suggestionId: string): Promise<EvidenceSuggestion> {
      const { items } = await decided(ctx, projectId, suggestionId, 'accepted');
      for (const item of distinctItems(items)) await workItems.published(deps.db, item);
      return toSuggestion((await suggestionRepository.find(deps.db, organizationOf(ctx), projectId, suggestionId))!);
    },

    /** Dismissing (with why, kept in the log) keeps the evidence from being proposed for this control again; dismissing again changes nothing. */
    async dismiss(ctx: RequestContext, projectId: string, suggestionId: string, reason?: string): Promise<EvidenceSuggestion> {
      const { items } = await decided(ctx, projectId, suggestionId, 'dismissed', reason);
      for (const item of distinctItems(items)) await workItems.published(deps.db, item);
      return toSuggestion((await suggestionRepository.find(deps.db, organizationOf(ctx), projectId, suggestionId))!);
    },
  };
}
