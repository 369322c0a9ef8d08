import type { EvidenceListItem, WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { retryOnConflict } from '../../lib/conflict-retry';
import { AppError, notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { assertChangeAllowed } from '../work-items/lock-rule';
import { workItems, type WorkItem } from '../work-items/work-items';
import { releaseControls } from './evidence-expiry';
import { evidenceLinkRepository, type LinkedControl, type LinkedRisk } from './evidence-link-repository';
import { evidenceListRepository } from './evidence-list-repository';
import { evidenceRepository } from './evidence-repository';
import { fieldError } from './evidence-rules';
import { generatedRefusal } from './generated-evidence';
import { controlLink, evidenceItem, riskLink, toListItem } from './evidence-view';
import { todayOf } from './sql-helpers';
import { scoreEvidenceLinks } from './scoring';

export type LinkTarget = { kind: 'control'; control: LinkedControl } | { kind: 'risk'; risk: LinkedRisk };

/** The control or risk as a work item: a link changes it too, so its log, lock and screens are concerned. */
export function targetItem(ctx: RequestContext, projectId: string, target: LinkTarget): WorkItem {
  const base = { organizationId: ctx.organizationId!, projectId };
  if (target.kind === 'control') {
    const c = target.control;
    return { ...base, itemType: 'control', itemId: c.id, label: `${c.control_code} ${c.title}`, link: controlLink(projectId, c.control_code) };
  }
  const r = target.risk;
  return { ...base, itemType: 'risk', itemId: r.id, label: `R-${r.number} ${r.name}`, link: riskLink(projectId, r.id) };
}

const statusOf = (target: LinkTarget) => (target.kind === 'control' ? target.control.status : target.risk.status);

/**
 * Links or unlinks an evidence and a control or risk in the caller's transaction, both locked by the
 * caller. A link changes both ends, so both ask the lock rule: neither an approved evidence nor an
 * approved control or risk takes a new or removed link until reopened (409 `locked`). Both logs record
 * it. Answers the items to tell the open screens about (none when nothing changed); unlinking an expired
 * file from a control it had flagged looks at the control's flag again.
 */
export async function changeLinkIn(tx: Executor, ctx: RequestContext, projectId: string, evidence: { id: string; name: string; status: WorkItemStatus }, target: LinkTarget, linked: boolean): Promise<WorkItem[]> {
  const item = evidenceItem(ctx, projectId, evidence);
  const other = targetItem(ctx, projectId, target);
  assertChangeAllowed({ status: evidence.status, concept: 'evidence' }, { kind: 'link', target: `${target.kind} ${other.label}` });
  assertChangeAllowed({ status: statusOf(target), concept: target.kind }, { kind: 'link', target: `evidence “${evidence.name}”` });
  const ends = target.kind === 'control' ? { controlId: target.control.id } : { riskId: target.risk.id };
  const changed = linked
    ? await evidenceLinkRepository.link(tx, { organizationId: ctx.organizationId!, projectId, evidenceId: evidence.id, ...ends, by: ctx.user.id })
    : await evidenceLinkRepository.unlink(tx, evidence.id, ends);
  if (!changed) return [];
  // With organization scoring on, a new control link is scored at once (a no-op when it is off).
  if (linked && target.kind === 'control') await scoreEvidenceLinks(tx, { organizationId: ctx.organizationId!, evidenceId: evidence.id, controlIds: [target.control.id] });
  const verb = linked ? 'linked' : 'unlinked';
  await recordActivity(tx, { ...workItems.activity(ctx, item, `${target.kind}_${verb}`), after: { label: item.label, [`${target.kind}_id`]: other.itemId, [target.kind]: other.label } });
  await recordActivity(tx, { ...workItems.activity(ctx, other, `evidence_${verb}`), after: { label: other.label, evidence_id: item.itemId, evidence: item.label } });
  const released = !linked && target.kind === 'control' ? await releaseControls(tx, [target.control.id], ctx.user.id) : [];
  return [item, other, ...released];
}

/**
 * Replaces the evidence's links with the lists given (PATCH `control_ids` / `risk_ids`): every id must
 * be a live control or a risk of the project (422 naming the field); each link added or removed goes
 * through changeLinkIn. Answers the items changed.
 */
export async function replaceLinksIn(tx: Executor, ctx: RequestContext, projectId: string, evidence: { id: string; name: string; status: WorkItemStatus }, input: { control_ids?: string[]; risk_ids?: string[] }): Promise<WorkItem[]> {
  const organizationId = ctx.organizationId!;
  const current = await evidenceLinkRepository.targetsOf(tx, evidence.id);
  const changes: { target: LinkTarget; linked: boolean }[] = [];
  if (input.control_ids) {
    const wanted = await evidenceLinkRepository.controlsById(tx, organizationId, projectId, [...new Set([...input.control_ids, ...current.controls.map((c) => c.id)])], true);
    const known = new Set(wanted.map((c) => c.id));
    const unknown = input.control_ids.filter((id) => !known.has(id));
    if (unknown.length) throw fieldError('body.control_ids', `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a control' : 'are not controls'} of this project`);
    const had = new Set(current.controls.map((c) => c.id));
    const next = new Set(input.control_ids);
    for (const control of wanted) {
      if (next.has(control.id) !== had.has(control.id)) changes.push({ target: { kind: 'control', control }, linked: next.has(control.id) });
    }
  }
  if (input.risk_ids) {
    const wanted = await evidenceLinkRepository.risksById(tx, organizationId, projectId, [...new Set([...input.risk_ids, ...current.risks.map((r) => r.id)])], true);
    const known = new Set(wanted.map((r) => r.id));
    const unknown = input.risk_ids.filter((id) => !known.has(id));
    if (unknown.length) throw fieldError('body.risk_ids', `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a risk' : 'are not risks'} of this project`);
    const had = new Set(current.risks.map((r) => r.id));
    const next = new Set(input.risk_ids);
    for (const risk of wanted) {
      if (next.has(risk.id) !== had.has(risk.id)) changes.push({ target: { kind: 'risk', risk }, linked: next.has(risk.id) });
    }
  }
  const items: WorkItem[] = [];
  for (const change of changes) items.push(...(await changeLinkIn(tx, ctx, projectId, evidence, change.target, change.linked)));
  return items;
}

/** Each item once: the screens of one object are told once. */
export const distinctItems = (items: readonly WorkItem[]) => [...new Map(items.map((i) => [`${i.itemType}:${i.itemId}`, i])).values()];

/** The evidence linked to a control or a risk, from the control's or the risk's page (link, unlink, list). */
export function evidenceLinkService(deps: Pick<Deps, 'db' | 'clock'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;

  async function controlOf(db: Executor, ctx: RequestContext, projectId: string, code: string, lock: boolean): Promise<LinkTarget> {
    const [control] = await evidenceLinkRepository.controlsByCode(db, organizationOf(ctx), projectId, [code], lock);
    if (!control) throw notFound(`Control ${code}`);
    return { kind: 'control', control };
  }

  async function riskOf(db: Executor, ctx: RequestContext, projectId: string, riskId: string, lock: boolean): Promise<LinkTarget> {
    const risk = await evidenceLinkRepository.riskByReference(db, organizationOf(ctx), projectId, riskId, lock);
    if (!risk) throw notFound('Risk');
    return { kind: 'risk', risk };
  }

  /** One link change: the evidence locked first, then the other end; the screens told after the commit. */
  async function change(ctx: RequestContext, projectId: string, evidenceId: string, find: (tx: Executor) => Promise<LinkTarget>, linked: boolean) {
    const items = await retryOnConflict(() =>
      deps.db.transaction(async (tx) => {
        const evidence = await evidenceRepository.findForChange(tx, organizationOf(ctx), projectId, evidenceId);
        if (!evidence) throw notFound('Evidence');
        if (evidence.generated) throw generatedRefusal(evidence.name, linked ? 'linked to anything else' : 'unlinked');
        const target = await find(tx);
        const changed = await changeLinkIn(tx, ctx, projectId, evidence, target, linked);
        if (!linked && changed.length === 0) throw new AppError(404, `Evidence “${evidence.name}” is not linked to this ${target.kind}`);
        return changed;
      }),
    );
    for (const item of distinctItems(items)) await workItems.published(deps.db, item);
  }

  async function linkedList(ctx: RequestContext, projectId: string, filter: { controlId?: string; riskId?: string }): Promise<{ items: EvidenceListItem[] }> {
    const today = todayOf(deps.clock.now());
    const { items } = await evidenceListRepository.list(deps.db, organizationOf(ctx), projectId, { today, ...filter }, { sortBy: 'name', descending: false, page: 1, size: 500 });
    return { items: items.map((row) => toListItem(row, today)) };
  }

  return {
    async ofControl(ctx: RequestContext, projectId: string, code: string) {
      const target = await controlOf(deps.db, ctx, projectId, code, false);
      return linkedList(ctx, projectId, { controlId: target.kind === 'control' ? target.control.id : undefined });
    },
    async ofRisk(ctx: RequestContext, projectId: string, riskId: string) {
      const target = await riskOf(deps.db, ctx, projectId, riskId, false);
      return linkedList(ctx, projectId, { riskId: target.kind === 'risk' ? target.risk.id : undefined });
    },
    linkControl: (ctx: RequestContext, projectId: string, code: string, evidenceId: string) => change(ctx, projectId, evidenceId, (tx) => controlOf(tx, ctx, projectId, code, true), true),
    unlinkControl: (ctx: RequestContext, projectId: string, code: string, evidenceId: string) => change(ctx, projectId, evidenceId, (tx) => controlOf(tx, ctx, projectId, code, true), false),
    linkRisk: (ctx: RequestContext, projectId: string, riskId: string, evidenceId: string) => change(ctx, projectId, evidenceId, (tx) => riskOf(tx, ctx, projectId, riskId, true), true),
    unlinkRisk: (ctx: RequestContext, projectId: string, riskId: string, evidenceId: string) => change(ctx, projectId, evidenceId, (tx) => riskOf(tx, ctx, projectId, riskId, true), false),
  };
}
