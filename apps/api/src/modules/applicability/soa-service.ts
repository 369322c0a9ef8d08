import { type AppliesWhen, type RequirementStatus, type SoaHeader, type SoaItem, type StatementOfApplicability } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { appliesFromFor, type ScopingAnswers } from '../frameworks/applies-when';
import { requirementService } from '../requirements/requirement-service';
import { EU_AI_ACT } from './applicability-engine';
import { engineRepository } from './engine-repository';
import { classifyEuAiAct, DATES_SOURCE, EU_AI_ACT_SETTING_FIELD_INFO, type EuAiActClassificationResult } from './eu-ai-act';
import { appliesReason, articleOf, excludedReason, questionLabels, type QuestionLabels } from './reasons';
import { savedSettings } from './saved-settings';
import { settingsRepository, type SettingsRow } from './settings-repository';
import { soaRepository, type SoaFramework, type SoaRow } from './soa-repository';

/**
 * The statement of applicability (issue 19): a framework's requirement rows — the rows of the requirements
 * list (isRequirementRow: each requirement with controls of its own, a section that maps controls itself
 * included); for ISO/IEC 42001 its Annex A controls — each included or excluded, who decided it (the engine from the scoping answers,
 * a person with a justification, or nothing excluded it), the status the requirements list gives it, and
 * the controls it maps to. Reads: `requirements:read`; a person's decision (soa-decision-service.ts):
 * `questionnaire:update`, the right that completes the scoping it overrules.
 */

/**
 * Which requirement rows a framework's statement lists, by the code of their top-level section, and why
 * the others are not decided: ISO/IEC 42001's Annex A controls (clauses 4 to 10 are the management system
 * itself). Every row of the other frameworks, as many as their requirements lists show.
 */
const SCOPES: Record<string, { lists: (rootCode: string) => boolean; others: string }> = {
  ISO_IEC_42001: { lists: (root) => /^A\.\d+$/.test(root), others: 'clauses 4 to 10 are the management system itself and always apply; the statement decides the Annex A controls' },
};

/** Null when the statement of `frameworkCode` lists requirements under `rootCode`; otherwise why it does not. */
export const outsideStatement = (frameworkCode: string, rootCode: string) => {
  const scope = SCOPES[frameworkCode];
  return scope && !scope.lists(rootCode) ? scope.others : null;
};

export const ISO_42001 = 'ISO_IEC_42001';

const iso = (value: string | Date | null) => (value === null ? null : new Date(value).toISOString());

/** What a row's reason is worded from: the answers its framework is decided on, the questionnaires' labels, and the EU AI Act's classification. */
export type SoaScoping = { answers: ScopingAnswers; labels: QuestionLabels; outOfScopeReason: string | null; everyone: string };

/** Why a row is in or out, with its article (issue 30, item 16): every row has one. */
function reasonOf(row: SoaRow, scoping: SoaScoping): string {
  const article = articleOf(row.reference, row.code);
  const chain = (row.chain ?? []).map((c) => (c ?? undefined) as AppliesWhen | undefined);
  if (row.deleted_reason) return `${row.deleted_reason} — ${article}`;
  if (row.binds === 'authorities') return `Binds public authorities only; shown for reference, neither included nor excluded — ${article}`;
  if (row.applicability_decision === 'include') return `Included by a person: ${row.decision_justification?.trim() || 'no justification given'} — ${article}`;
  if (row.applicability_decision === 'exclude') return `Excluded by a person: ${row.decision_justification?.trim() || 'no justification given'} — ${article}`;
  if (!row.applicable) {
    if (scoping.outOfScopeReason) return `Does not apply: ${scoping.outOfScopeReason} — ${article}`;
    return excludedReason(chain, scoping.answers, scoping.labels, article) ?? `Does not apply: ${row.applicability_reason ?? 'excluded by the scoping answers'} — ${article}`;
  }
  return appliesReason(chain, scoping.answers, scoping.labels, article, scoping.everyone);
}

export function soaItemOf(row: SoaRow, status: RequirementStatus, scoping: SoaScoping): SoaItem {
  const decided_by = row.applicability_decision ? 'person' : row.applicable ? 'default' : 'engine';
  return {
    requirement_id: row.id,
    code: row.code,
    title: row.title,
    section: row.section ?? [],
    included: Boolean(row.applicable),
    decided_by,
    justification: decided_by === 'person' ? row.decision_justification : decided_by === 'engine' ? row.applicability_reason : null,
    reason: reasonOf(row, scoping),
    article: articleOf(row.reference, row.code),
    applies_from: appliesFromFor(
      (row.dates ?? []).map((d) => ({ applies_from: d.applies_from ?? undefined, applies_from_when: d.applies_from_when ?? undefined })),
      scoping.answers,
    ),
    decided_at: decided_by === 'person' ? iso(row.decided_at) : null,
    decided_by_user: decided_by === 'person' ? row.decided_by : null,
    status,
    control_codes: row.control_codes ?? [],
  };
}

/**
 * The project's scoping as the engine reads it (applicability-engine.ts): the EU AI Act settings and
 * their classification, the shared fields over the framework's own answers, and the labels.
 */
async function scopingOf(db: Executor, organizationId: string, projectId: string, framework: SoaFramework, now: Date) {
  const settingsRow = await settingsRepository.find(db, organizationId, projectId);
  const frameworks = await engineRepository.frameworks(db, organizationId, projectId);
  const own = framework.code === EU_AI_ACT ? {} : ((await engineRepository.answers(db, organizationId, projectId)).get(framework.id) ?? {});
  const derived = classifyEuAiAct(savedSettings(settingsRow?.settings), now);
  const scoping: SoaScoping = {
    answers: { ...own, ...derived.scoping, 'project.project_type': framework.project_type },
    labels: questionLabels(frameworks.map((f) => f.questionnaire)),
    outOfScopeReason: framework.code === EU_AI_ACT ? derived.outOfScopeReason : null,
    everyone: framework.code === EU_AI_ACT ? "it applies to every AI system or model in the Regulation's scope" : 'no scoping answer limits it',
  };
  return { scoping, settingsRow, derived };
}

/** The EU AI Act statement's header: the classification and its reasons, the settings answered, who answered them and when, the application dates. */
export function headerOf(derived: EuAiActClassificationResult, settingsRow: SettingsRow | undefined): SoaHeader {
  const settings = savedSettings(settingsRow?.settings);
  const { classification } = derived;
  return {
    classification: { status: classification.status, label: classification.label, reasons: classification.reasons, warnings: classification.warnings },
    settings: EU_AI_ACT_SETTING_FIELD_INFO.map((field) => {
      const value = settings[field.key];
      const values = value === null ? [] : Array.isArray(value) ? value : [value];
      return { field: field.key, label: field.label, answers: values.map((v) => field.options.find((o) => o.value === v)?.label ?? v) };
    }),
    answered_at: settingsRow ? new Date(settingsRow.updated_at).toISOString() : null,
    answered_by: settingsRow?.updated_by_id ? { id: settingsRow.updated_by_id, name: settingsRow.updated_by_name ?? '', email: settingsRow.updated_by_email ?? '' } : null,
    dates: classification.dates,
    dates_source: DATES_SOURCE,
  };
}

const notApplied = (code: string) =>
  new AppError(404, `framework: this project does not apply ${code}, so it has no statement of applicability for it`, 'not_found');

/**
 * The statuses the requirements list gives the framework's requirements (its one definition,
 * the repository's derivedRequirements, without the list's text and sections), by project
 * requirement id. The statement's rows are the list's (one definition of a row, isRequirementRow), so each
 * has one; out of scope is only a guard.
 */
async function statusesOf(deps: Pick<Deps, 'db'>, ctx: RequestContext, projectId: string, frameworkId: string) {
  const rows = await requirementService(deps).statuses(ctx, projectId, frameworkId);
  const byId = new Map(rows.map((row) => [row.id, row.status]));
  return (id: string): RequirementStatus => byId.get(id) ?? 'out_of_scope';
}

/**
 * The framework's rows and their statuses: one query for the rows, the requirements list's for the
 * statuses. With `requirementId`, that one requirement.
 */
export async function soaRows(deps: Pick<Deps, 'db'>, ctx: RequestContext, projectId: string, frameworkCode: string, requirementId?: string, now = new Date()) {
  const framework = await soaRepository.framework(deps.db, ctx.organizationId!, projectId, frameworkCode, requirementId);
  if (!framework) return null;
  const rows = requirementId ? framework.rows : framework.rows.filter((row) => outsideStatement(framework.code, row.root_code) === null);
  const status = await statusesOf(deps, ctx, projectId, framework.id);
  const { scoping, settingsRow, derived } = await scopingOf(deps.db, ctx.organizationId!, projectId, framework, now);
  const all = rows.map((row) => ({ row, item: soaItemOf(row, status(row.id), scoping) }));
  return {
    framework,
    /** The rows decided on (included or excluded). */
    items: all.filter(({ row }) => row.binds !== 'authorities' && !row.deleted_reason).map(({ item }) => item),
    /** The rows that bind public authorities only: apart, in no count. */
    authoritiesOnly: all.filter(({ row }) => row.binds === 'authorities' && !row.deleted_reason).map(({ item }) => item),
    /** The rows deleted by an amending act: apart, in no count (issue 30, item 13). */
    deleted: all.filter(({ row }) => row.deleted_reason).map(({ item }) => item),
    header: framework.code === EU_AI_ACT ? headerOf(derived, settingsRow) : null,
  };
}

export type Statement = StatementOfApplicability & { project_name: string };

export async function statementOfApplicability(deps: Pick<Deps, 'db'>, ctx: RequestContext, projectId: string, frameworkCode: string, now: Date): Promise<Statement> {
  const found = await soaRows(deps, ctx, projectId, frameworkCode, undefined, now);
  if (!found) throw notApplied(frameworkCode);
  return statementOf(found.framework, found, now);
}

/** The counts are over the decided rows only: the authority-only and deleted ones are listed apart and in no count (issue 30, items 13, 17). */
export function statementOf(framework: SoaFramework, found: { items: SoaItem[]; authoritiesOnly: SoaItem[]; deleted: SoaItem[]; header: SoaHeader | null }, now: Date): Statement {
  const included = found.items.filter((i) => i.included).length;
  return {
    framework_code: framework.code,
    framework_name: framework.name,
    project_name: framework.project_name,
    generated_at: now.toISOString(),
    header: found.header,
    counts: { included, excluded: found.items.length - included },
    items: found.items,
    authorities_only: found.authoritiesOnly,
    deleted: found.deleted,
  };
}
