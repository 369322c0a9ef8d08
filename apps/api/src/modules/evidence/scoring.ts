import { EVIDENCE_SCORE_PASS, TEXT_STATUS_LABELS, type EvidenceScoreResult } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { scoringRepository } from './scoring-repository';

export type LinkScore = { score: number | null; result: EvidenceScoreResult | null; reason: string | null };

/**
 * A link's score from the file's relevance to the control (scoring-repository.ts): passed from
 * EVIDENCE_SCORE_PASS, failed below; error when the file has no text to judge; nothing yet while its
 * text is still being read.
 */
export function scoreOf(input: { textStatus: string; textError: string | null; relevance: number | undefined; passage: string | null }): LinkScore {
  if (input.textStatus === 'pending') return { score: null, result: null, reason: null };
  if (input.textStatus !== 'extracted') {
    const why = input.textError ?? TEXT_STATUS_LABELS[input.textStatus as keyof typeof TEXT_STATUS_LABELS] ?? input.textStatus;
    return { score: null, result: 'error', reason: `The file has no text to score: ${why}` };
  }
  const score = Math.min(1, Math.max(0, input.relevance ?? 0));
  return {
    score,
    result: score >= EVIDENCE_SCORE_PASS ? 'passed' : 'failed',
    reason: input.passage ?? 'None of the control’s terms appear in the file',
  };
}

/**
 * With the organization's evidence_scoring_enabled_for_entire_organization on: (re)computes score,
 * score_result and score_reason of the evidence's control links (all of them, or those of `controlIds`
 * — project control ids), in the caller's transaction. SQL only. With the flag off it does nothing.
 * The link service calls it when links are made; text extraction when the current version's text is read.
 */
export async function scoreEvidenceLinks(db: Executor, args: { organizationId: string; evidenceId: string; controlIds?: readonly string[] }): Promise<void> {
  const { organizationId, evidenceId } = args;
  if (!(await scoringRepository.scoringEnabled(db, organizationId))) return;
  const links = await scoringRepository.linksToScore(db, organizationId, evidenceId, args.controlIds);
  for (const link of links) {
    const ranked = link.text_status === 'extracted'
      ? (await scoringRepository.rank(db, { organizationId, projectId: link.project_id, controlId: link.control_id, limit: 1, evidenceIds: [evidenceId] }))[0]
      : undefined;
    const score = scoreOf({ textStatus: link.text_status, textError: link.text_error, relevance: ranked?.relevance, passage: ranked?.reason ?? null });
    await scoringRepository.saveScore(db, organizationId, evidenceId, link.control_id, score);
  }
}
