import type { LineageRelation } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { assertChangeAllowed } from '../work-items/lock-rule';
import { workItems, type WorkItem } from '../work-items/work-items';
import { assetCardLinkRepository, type CardRef, type LinkEnd, type LinkedControl, type LinkedEvidence, type LinkedRisk } from './asset-card-link-repository';
import { cycleThrough, fieldError } from './asset-card-rules';
import { assetCardItem, controlLink, evidenceLink, riskLink } from './asset-card-view';

type Card = { id: string; name: string };
type Target =
  | { kind: 'control'; row: LinkedControl }
  | { kind: 'risk'; row: LinkedRisk }
  | { kind: 'evidence'; row: LinkedEvidence };

const plural = (kind: Target['kind']) => (kind === 'evidence' ? 'evidence' : `${kind}s`);

/** The control, risk or evidence as a work item: a link changes it too, so its log, lock and screens are concerned. */
function targetItem(ctx: RequestContext, projectId: string, target: Target): WorkItem {
  const base = { organizationId: ctx.organizationId!, projectId, itemType: target.kind, itemId: target.row.id };
  if (target.kind === 'control') return { ...base, label: `${target.row.control_code} ${target.row.title}`, link: controlLink(projectId, target.row.control_code) };
  if (target.kind === 'risk') return { ...base, label: `R-${target.row.number} ${target.row.name}`, link: riskLink(projectId, target.row.id) };
  return { ...base, label: target.row.name, link: evidenceLink(projectId, target.row.id) };
}

const endOf = (target: Target): LinkEnd =>
  target.kind === 'control' ? { controlId: target.row.id } : target.kind === 'risk' ? { riskId: target.row.id } : { evidenceId: target.row.id };

/**
 * Links or unlinks a card and a control, risk or evidence of its project, in the caller's transaction
 * (the card locked by the caller, the other end by the lookup). A link changes both ends, so the other
 * end asks the lock rule too: an approved control, risk or evidence takes no new or removed link until
 * reopened (409 `locked`). Both logs record it. Answers the items to tell the open screens about.
 */
async function changeLinkIn(tx: Executor, ctx: RequestContext, projectId: string, card: Card, target: Target, linked: boolean): Promise<WorkItem[]> {
  const item = assetCardItem(ctx, projectId, card);
  const other = targetItem(ctx, projectId, target);
  assertChangeAllowed({ status: target.row.status, concept: target.kind }, { kind: 'link', target: `asset card “${card.name}”` });
  const end = endOf(target);
  const changed = linked
    ? await assetCardLinkRepository.link(tx, { organizationId: ctx.organizationId!, projectId, cardId: card.id, by: ctx.user.id, end })
    : await assetCardLinkRepository.unlink(tx, card.id, end);
  if (!changed) return [];
  const verb = linked ? 'linked' : 'unlinked';
  await recordActivity(tx, { ...workItems.activity(ctx, item, `${target.kind}_${verb}`), after: { label: item.label, [`${target.kind}_id`]: other.itemId, [target.kind]: other.label } });
  await recordActivity(tx, { ...workItems.activity(ctx, other, `asset_card_${verb}`), after: { label: other.label, asset_card_id: item.itemId, asset_card: item.label } });
  return [item, other];
}

/**
 * Replaces the card's links with the lists given (PATCH `control_ids` / `risk_ids` / `evidence_ids`):
 * every id must be a live control, a risk or an evidence of the card's project (422 naming the field and
 * the ids); each link added or removed goes through changeLinkIn. Answers the items changed.
 */
export async function replaceLinksIn(tx: Executor, ctx: RequestContext, projectId: string, card: Card, input: { control_ids?: string[]; risk_ids?: string[]; evidence_ids?: string[] }): Promise<WorkItem[]> {
  const organizationId = ctx.organizationId!;
  const current = await assetCardLinkRepository.targetsOf(tx, card.id);
  const lists = [
    { kind: 'control', ids: input.control_ids, had: current.controls, read: assetCardLinkRepository.controlsById },
    { kind: 'risk', ids: input.risk_ids, had: current.risks, read: assetCardLinkRepository.risksById },
    { kind: 'evidence', ids: input.evidence_ids, had: current.evidences, read: assetCardLinkRepository.evidencesById },
  ] as const;
  const changes: { target: Target; linked: boolean }[] = [];
  for (const { kind, ids, had, read } of lists) {
    if (ids === undefined) continue;
    const rows = await read(tx, organizationId, projectId, [...new Set([...ids, ...had])], true);
    const known = new Set(rows.map((r) => r.id));
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw fieldError(`body.${kind}_ids`, `${unknown.join(', ')} ${unknown.length === 1 ? `is not ${kind === 'evidence' ? 'an evidence' : `a ${kind}`}` : `are not ${plural(kind)}`} of this project`);
    const before = new Set(had);
    const next = new Set(ids);
    for (const row of rows) {
      if (next.has(row.id) !== before.has(row.id)) changes.push({ target: { kind, row } as Target, linked: next.has(row.id) });
    }
  }
  const items: WorkItem[] = [];
  for (const change of changes) items.push(...(await changeLinkIn(tx, ctx, projectId, card, change.target, change.linked)));
  return items;
}

const lineageEntry = (card: CardRef, relation: LineageRelation) => ({ card_id: card.id, name: card.name, relation });

/**
 * Replaces the cards this one is built from (PATCH / POST `upstream`): each must be a card of the same
 * project (422 naming `upstream` and the ids) and none may already be built from this one, directly or
 * further down (422: lineage never loops). Logged on the card ('lineage_changed') and on each upstream
 * card gained or lost ('downstream_linked' / 'downstream_unlinked'). Answers the items changed.
 */
export async function replaceUpstreamIn(tx: Executor, ctx: RequestContext, projectId: string, card: Card, upstream: readonly { card_id: string; relation: LineageRelation }[]): Promise<WorkItem[]> {
  const organizationId = ctx.organizationId!;
  const current = await assetCardLinkRepository.lineageOf(tx, card.id, 'upstream');
  const ids = upstream.map((u) => u.card_id);
  const rows = await assetCardLinkRepository.cardsById(tx, organizationId, projectId, ids, true);
  const known = new Map(rows.map((r) => [r.id, r]));
  const unknown = ids.filter((id) => !known.has(id));
  if (unknown.length) throw fieldError('body.upstream', `${unknown.join(', ')} ${unknown.length === 1 ? 'is not an asset card' : 'are not asset cards'} of this project`);
  const loop = cycleThrough(card.id, ids, ids.length ? await assetCardLinkRepository.descendantsOf(tx, card.id) : new Set());
  if (loop !== undefined) {
    const name = known.get(loop)!.name;
    throw fieldError('body.upstream', loop === card.id ? 'a card cannot be built from itself' : `“${name}” is built from this card (directly or further down): lineage must not loop`);
  }
  const had = new Map(current.map((c) => [c.id, c]));
  const wanted = new Map(upstream.map((u) => [u.card_id, u.relation]));
  const added = upstream.filter((u) => had.get(u.card_id)?.relation !== u.relation);
  const removed = current.filter((c) => !wanted.has(c.id));
  if (added.length === 0 && removed.length === 0) return [];
  for (const u of added) await assetCardLinkRepository.addLineage(tx, { organizationId, projectId, fromId: u.card_id, toId: card.id, relation: u.relation });
  for (const c of removed) await assetCardLinkRepository.removeLineage(tx, c.id, card.id);
  const item = assetCardItem(ctx, projectId, card);
  await recordActivity(tx, {
    ...workItems.activity(ctx, item, 'lineage_changed'),
    before: { upstream: current.map((c) => lineageEntry(c, c.relation)) },
    after: { label: item.label, upstream: upstream.map((u) => lineageEntry(known.get(u.card_id)!, u.relation)) },
  });
  const others: WorkItem[] = [];
  const tell = async (other: CardRef, action: 'downstream_linked' | 'downstream_unlinked', relation: LineageRelation) => {
    const otherItem = assetCardItem(ctx, projectId, other);
    await recordActivity(tx, { ...workItems.activity(ctx, otherItem, action), after: { label: otherItem.label, asset_card_id: card.id, asset_card: card.name, relation } });
    others.push(otherItem);
  };
  for (const u of added.filter((a) => !had.has(a.card_id))) await tell(known.get(u.card_id)!, 'downstream_linked', u.relation);
  for (const c of removed) await tell(c, 'downstream_unlinked', c.relation);
  return [item, ...others];
}

/**
 * Before a card is deleted: its links go with it, each end through the lock rule (an approved control,
 * risk or evidence refuses, 409 `locked`), and so does its place in other cards' lineage — refused
 * while a card built from it is approved (its approved lineage would change). Logged on every other end.
 */
export async function detachAllIn(tx: Executor, ctx: RequestContext, projectId: string, card: Card): Promise<WorkItem[]> {
  const organizationId = ctx.organizationId!;
  const downstream = await assetCardLinkRepository.lineageOf(tx, card.id, 'downstream');
  const lockedDownstream = await assetCardLinkRepository.cardsById(tx, organizationId, projectId, downstream.map((d) => d.id), true);
  for (const other of lockedDownstream) {
    if (other.status === 'approved') {
      throw new AppError(409, `“${other.name}” is built from this card and is approved: reopen it, or take this card out of its lineage, before deleting this card`, 'locked');
    }
  }
  const items = await replaceLinksIn(tx, ctx, projectId, card, { control_ids: [], risk_ids: [], evidence_ids: [] });
  for (const other of lockedDownstream) {
    const otherItem = assetCardItem(ctx, projectId, other);
    await recordActivity(tx, { ...workItems.activity(ctx, otherItem, 'upstream_unlinked'), after: { label: otherItem.label, asset_card_id: card.id, asset_card: card.name } });
    items.push(otherItem);
  }
  for (const other of await assetCardLinkRepository.lineageOf(tx, card.id, 'upstream')) {
    const otherItem = assetCardItem(ctx, projectId, other);
    await recordActivity(tx, { ...workItems.activity(ctx, otherItem, 'downstream_unlinked'), after: { label: otherItem.label, asset_card_id: card.id, asset_card: card.name, relation: other.relation } });
    items.push(otherItem);
  }
  return items;
}

/** Each item once: the screens of one object are told once. */
export const distinctItems = (items: readonly WorkItem[]) => [...new Map(items.map((i) => [`${i.itemType}:${i.itemId}`, i])).values()];
