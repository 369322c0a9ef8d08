import { MAX_REQUIREMENTS, type RequirementStatus, type SoaItem, type StatementOfApplicability } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { requirementService } from '../requirements/requirement-service';
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

export function soaItemOf(row: SoaRow, status: RequirementStatus): SoaItem {
  const decided_by = row.applicability_decision ? 'person' : row.applicable ? 'default' : 'engine';
  return {
    requirement_id: row.id,
    code: row.code,
    title: row.title,
    section: row.section ?? [],
    included: Boolean(row.applicable),
    decided_by,
    justification: decided_by === 'person' ? row.decision_justification : decided_by === 'engine' ? row.applicability_reason : null,
    decided_at: decided_by === 'person' ? iso(row.decided_at) : null,
    decided_by_user: decided_by === 'person' ? row.decided_by : null,
    status,
    control_codes: row.control_codes ?? [],
  };
}

const notApplied = (code: string) =>
  new AppError(404, `framework: this project does not apply ${code}, so it has no statement of applicability for it`, 'not_found');

/**
 * The statuses the requirements list gives the framework's requirements (its one definition, through
 * its service), by project requirement id. The statement's rows are the list's (one definition of a row,
 * isRequirementRow), so each has one; out of scope is only a guard.
 */
async function statusesOf(deps: Pick<Deps, 'db'>, ctx: RequestContext, projectId: string, frameworkCode: string) {
  const { items } = await requirementService(deps).list(ctx, projectId, { framework: frameworkCode, descending: false, page: 1, size: MAX_REQUIREMENTS });
  const byId = new Map(items.map((item) => [item.id, item.status]));
  return (id: string): RequirementStatus => byId.get(id) ?? 'out_of_scope';
}

/**
 * The framework's rows and their statuses: one query for the rows, the requirements list's for the
 * statuses. With `requirementId`, that one requirement.
 */
export async function soaRows(deps: Pick<Deps, 'db'>, ctx: RequestContext, projectId: string, frameworkCode: string, requirementId?: string) {
  const framework = await soaRepository.framework(deps.db, ctx.organizationId!, projectId, frameworkCode, requirementId);
  if (!framework) return null;
  const rows = requirementId ? framework.rows : framework.rows.filter((row) => outsideStatement(framework.code, row.root_code) === null);
  const status = await statusesOf(deps, ctx, projectId, framework.code);
  return { framework, items: rows.map((row) => soaItemOf(row, status(row.id))) };
}

export type Statement = StatementOfApplicability & { project_name: string };

export async function statementOfApplicability(deps: Pick<Deps, 'db'>, ctx: RequestContext, projectId: string, frameworkCode: string, now: Date): Promise<Statement> {
  const found = await soaRows(deps, ctx, projectId, frameworkCode);
  if (!found) throw notApplied(frameworkCode);
  return statementOf(found.framework, found.items, now);
}

export function statementOf(framework: SoaFramework, items: SoaItem[], now: Date): Statement {
  const included = items.filter((i) => i.included).length;
  return {
    framework_code: framework.code,
    framework_name: framework.name,
    project_name: framework.project_name,
    generated_at: now.toISOString(),
    counts: { included, excluded: items.length - included },
    items,
  };
}
