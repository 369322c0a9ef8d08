import type {
  AssetCardDetail,
  AssetCardListItem,
  AssetLineage,
  CreateAssetCard,
  ListAssetCardsQuery,
  Page,
  UpdateAssetCard,
  WorkItemStatus,
} from '@aegis/contracts';
import { assetCardFacts } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { retryOnConflict } from '../../lib/conflict-retry';
import { AppError, notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity, type Activity } from '../logs/record-activity';
import { separationOfDuties } from '../organizations/config-service';
import { assertManualTransition, isLocked, manualTransitionsFrom } from '../work-items/lifecycle';
import { assertChangeAllowed, assertReopen, reopenRight } from '../work-items/lock-rule';
import { workItems, type WorkItem } from '../work-items/work-items';
import { assetCardLinkRepository } from './asset-card-link-repository';
import { detachAllIn, distinctItems, replaceLinksIn, replaceUpstreamIn } from './asset-card-links';
import { assetCardRepository, type AssetCardColumns, type AssetCardForChange } from './asset-card-repository';
import { checkFacts, fieldError, normalizeSections } from './asset-card-rules';
import { assetCardItem, toListItem } from './asset-card-view';
import { iso, parsed, personOf } from './sql-helpers';

const CONCEPT = 'asset card';
/** The content fields of PATCH (what the lock rule guards as content); lineage and links are link changes. */
const CONTENT = ['name', 'asset_card_nature', 'description', 'version', 'owner_id', 'facts', 'sections', 'tags'] as const;
const LINKS = ['upstream', 'control_ids', 'risk_ids', 'evidence_ids'] as const;

/** What an import adds to a new card beyond the API's fields. */
export type CardOrigin = { extraMetadata?: Record<string, unknown>; importedFrom?: string | null };

/** The owner must be a member of the project (422 naming owner_id); someone outside the organization is not found (404). */
async function assertOwner(tx: Executor, organizationId: string, projectId: string, ownerId: string | null) {
  if (ownerId === null) return;
  const member = await assetCardRepository.membership(tx, organizationId, projectId, ownerId);
  if (!member) throw notFound('User');
  if (!member.in_project) throw fieldError('body.owner_id', 'must be a member of the project');
}

/**
 * Adds a card to the project in the caller's transaction: sections checked against its type, the owner
 * against the project's members, lineage against the project's cards (no loop), tags against the
 * organization's; logged. Answers the items changed (the card first). The import and the demo seed call it too.
 */
export async function createAssetCardIn(tx: Executor, ctx: RequestContext, projectId: string, input: CreateAssetCard, origin: CardOrigin = {}): Promise<WorkItem[]> {
  const organizationId = ctx.organizationId!;
  if (!(await assetCardRepository.projectExists(tx, organizationId, projectId))) throw notFound('Project');
  const sections = normalizeSections(input.asset_card_type, input.sections);
  const facts = checkFacts(input.facts);
  await assertOwner(tx, organizationId, projectId, input.owner_id);
  const id = await assetCardRepository.insert(tx, {
    organizationId,
    projectId,
    name: input.name,
    type: input.asset_card_type,
    nature: input.asset_card_nature,
    description: input.description.trim(),
    version: input.version || null,
    ownerId: input.owner_id,
    facts,
    sections,
    extraMetadata: origin.extraMetadata ?? {},
    importedFrom: origin.importedFrom ?? null,
    createdBy: ctx.user.id,
  });
  const item = assetCardItem(ctx, projectId, { id, name: input.name });
  await recordActivity(tx, {
    ...workItems.activity(ctx, item, 'created'),
    after: { label: item.label, name: input.name, asset_card_type: input.asset_card_type, asset_card_nature: input.asset_card_nature, version: input.version, imported_from: origin.importedFrom ?? null },
  });
  if (input.tags.length > 0) await workItems.setTags(tx, ctx, item, input.tags);
  const lineage = input.upstream.length > 0 ? await replaceUpstreamIn(tx, ctx, projectId, { id, name: input.name }, input.upstream) : [];
  return [item, ...lineage];
}

/** The content of a card a change may move, as its activity entry records it. */
const contentOf = (row: AssetCardForChange) => ({
  name: row.name,
  asset_card_nature: row.asset_card_nature,
  description: row.description,
  version: row.version,
  owner_id: row.owner_id,
  facts: parsed<Record<string, unknown>>(row.facts),
});

/** A project's asset cards: list, lineage, detail, changes within the life cycle and the lock rule, people, deletion. */
export function assetCardService(deps: Pick<Deps, 'db'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;

  /** What the caller may move the card to by hand: reopening an approved one needs the reopen right of the setting. */
  async function allowedTransitions(db: Executor, organizationId: string, status: WorkItemStatus, rights: ReadonlySet<string> | undefined) {
    if (!rights?.has('asset_cards:update')) return [];
    const transitions = manualTransitionsFrom(status);
    if (!isLocked(status)) return transitions;
    return rights.has(reopenRight('asset_cards:update', await separationOfDuties(db, organizationId))) ? transitions : [];
  }

  async function detail(db: Executor, ctx: RequestContext, projectId: string, id: string): Promise<AssetCardDetail> {
    const organizationId = organizationOf(ctx);
    const row = await assetCardRepository.find(db, organizationId, projectId, id);
    if (!row) throw notFound('Asset card');
    const [upstream, downstream, linked, history, rights] = await Promise.all([
      assetCardLinkRepository.lineageOf(db, row.id, 'upstream'),
      assetCardLinkRepository.lineageOf(db, row.id, 'downstream'),
      assetCardLinkRepository.linkedOf(db, row.id),
      workItems.statusHistory(db, organizationId, row.id),
      ctx.projectRights(projectId),
    ]);
    const lineage = (rows: typeof upstream) => rows.map((r) => ({ card: { id: r.id, name: r.name, asset_card_type: r.asset_card_type, status: r.status }, relation: r.relation }));
    return {
      ...toListItem(row),
      description: row.description,
      facts: assetCardFacts.parse(parsed(row.facts)),
      sections: parsed(row.sections),
      extra_metadata: parsed(row.extra_metadata),
      upstream: lineage(upstream),
      downstream: lineage(downstream),
      controls: linked.controls,
      risks: linked.risks.map((r) => ({ id: r.id, reference: `R-${r.number}`, name: r.name, status: r.status })),
      evidences: linked.evidences,
      reviewers: parsed(row.reviewers),
      locked: isLocked(row.status),
      allowed_transitions: await allowedTransitions(db, organizationId, row.status, rights),
      status_history: history,
      imported_from: row.imported_from,
      created_by: personOf(row.created_by),
      created_at: iso(row.created_at),
    };
  }

  /**
   * Writes a card change in one transaction (row lock, writes, activity, and the open screens told: their
   * NOTIFY leaves with the commit, see work-items.ts) and answers the detail read after the commit.
   */
  async function write(ctx: RequestContext, projectId: string, change: (tx: Executor) => Promise<WorkItem[]>) {
    const items = await retryOnConflict(() =>
      deps.db.transaction(async (tx) => {
        const changed = await change(tx);
        for (const item of distinctItems(changed)) await workItems.published(tx, item);
        return changed;
      }),
    );
    return detail(deps.db, ctx, projectId, items[0]!.itemId);
  }

  async function lockedCard(tx: Executor, ctx: RequestContext, projectId: string, id: string) {
    const row = await assetCardRepository.findForChange(tx, organizationOf(ctx), projectId, id);
    if (!row) throw notFound('Asset card');
    return row;
  }

  /**
   * What a change asks of the card as read, through the lock rule, the life cycle and the card's rules
   * (refusals are thrown, in the order the API documents them; the owner is looked up through `db`): the
   * row's new values (none when nothing would change), the activity entries (the status change's first)
   * and whether its own fields change (`contentChanged`). A reopening (`reopening`) is the caller's to
   * allow (assertReopen) and to log (recordReopening).
   */
  async function planChange(db: Executor, ctx: RequestContext, projectId: string, row: AssetCardForChange, input: UpdateAssetCard, options: { reopening?: boolean } = {}) {
    const item = assetCardItem(ctx, projectId, row);
    const lockable = { status: row.status, concept: CONCEPT };
    const fields = CONTENT.filter((k) => input[k] !== undefined);
    if (fields.length > 0) assertChangeAllowed(lockable, { kind: 'content', fields });
    const links = LINKS.filter((k) => input[k] !== undefined);
    if (links.length > 0) assertChangeAllowed(lockable, { kind: 'link', target: links.includes('upstream') ? 'other asset cards (lineage)' : 'controls, risks or evidence' });
    const values: AssetCardColumns = {};
    const entries: Activity[] = [];
    if (options.reopening) {
      // Its reason and right are asked by assertReopen, after the lock rule's refusals.
      Object.assign(values, { status: 'in_progress', outOfScopeJustification: null });
    } else if (input.status !== undefined && input.status !== row.status) {
      assertChangeAllowed(lockable, { kind: 'status', to: input.status });
      assertManualTransition(row.status, input.status, input.justification);
      Object.assign(values, { status: input.status, outOfScopeJustification: input.status === 'out_of_scope' ? input.justification!.trim() : null });
      entries.push(workItems.statusChangeEntry(ctx.user.id, item, row.status, input.status, input.justification, 'manual'));
    }
    if (input.owner_id !== undefined && input.owner_id !== row.owner_id) await assertOwner(db, organizationOf(ctx), projectId, input.owner_id);
    const before = contentOf(row);
    const after = {
      name: input.name ?? before.name,
      asset_card_nature: input.asset_card_nature ?? before.asset_card_nature,
      description: input.description === undefined ? before.description : input.description.trim(),
      version: input.version === undefined ? before.version : input.version || null,
      owner_id: input.owner_id === undefined ? before.owner_id : input.owner_id,
      facts: input.facts === undefined ? before.facts : checkFacts(input.facts),
    };
    const changed = (Object.keys(after) as (keyof typeof after)[]).filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]));
    const sectionsBefore = parsed<Record<string, string>>(row.sections);
    const sections = input.sections === undefined ? sectionsBefore : normalizeSections(row.asset_card_type, input.sections);
    const sectionKeys = [...new Set([...Object.keys(sectionsBefore), ...Object.keys(sections)])].filter((k) => sectionsBefore[k] !== sections[k]);
    const contentChanged = changed.length > 0 || sectionKeys.length > 0;
    if (contentChanged) {
      Object.assign(values, {
        name: after.name,
        nature: after.asset_card_nature,
        description: after.description,
        version: after.version,
        ownerId: after.owner_id,
        facts: after.facts,
        sections: sectionKeys.length > 0 ? sections : undefined,
      });
      const pick = (values: typeof before) => Object.fromEntries(changed.map((k) => [k, values[k]]));
      entries.push({
        ...workItems.activity(ctx, item, 'updated'),
        before: pick(before),
        after: { ...pick(after), ...(sectionKeys.length > 0 ? { sections_changed: sectionKeys } : {}), label: after.name },
      });
    }
    return { item, renamed: assetCardItem(ctx, projectId, { id: row.id, name: after.name }), values: Object.keys(values).length > 0 ? values : undefined, entries, contentChanged };
  }

  return {
    detail: (ctx: RequestContext, projectId: string, id: string) => detail(deps.db, ctx, projectId, id),
    /** One change in one transaction, its screens told, answered with the detail: the import's way in. */
    write,

    async list(ctx: RequestContext, projectId: string, query: ListAssetCardsQuery): Promise<Page<AssetCardListItem>> {
      const filters = {
        name: query.name || undefined,
        statuses: query.status?.length ? query.status : undefined,
        types: query.asset_card_type?.length ? query.asset_card_type : undefined,
        natures: query.asset_card_nature?.length ? query.asset_card_nature : undefined,
        assignedTo: query.is_assigned_to_me ? ctx.user.id : undefined,
      };
      const { items, total } = await assetCardRepository.list(deps.db, organizationOf(ctx), projectId, filters, { sortBy: query.sort_by, descending: query.descending, page: query.page, size: query.size });
      return pageOf(items.map(toListItem), total, query.page, query.size);
    },

    /** Every card of the project and every lineage link: two queries, whatever the number of cards. */
    async lineage(ctx: RequestContext, projectId: string): Promise<AssetLineage> {
      return assetCardLinkRepository.graph(deps.db, organizationOf(ctx), projectId);
    },

    create: (ctx: RequestContext, projectId: string, input: CreateAssetCard) => write(ctx, projectId, (tx) => createAssetCardIn(tx, ctx, projectId, input)),

    /**
     * Content (name, nature, description, version, owner, facts, sections, tags), lineage, links and/or
     * status within the life cycle, through the lock rule: an approved card takes only reopening (status
     * in_progress, with a reason and the reopen right) and people changes until reopened.
     *
     * A change of status and the card's own fields is one statement (workItems.writeInOneStatement), as a
     * control's: the card as read with its version, checked against the lock rule and the life cycle, is
     * written only while it is unchanged, with its activity entries and the NOTIFY of the open screens;
     * when another change came first it is read and checked again. A reopening, tags, lineage, links, or
     * a card that keeps changing takes a transaction holding its lock. Either way the answer is the detail
     * read after the commit.
     */
    async update(ctx: RequestContext, projectId: string, id: string, input: UpdateAssetCard): Promise<AssetCardDetail> {
      const organizationId = organizationOf(ctx);
      if (input.tags === undefined && LINKS.every((k) => input[k] === undefined)) {
        for (let attempt = 0; attempt < 3; attempt++) {
          const row = await assetCardRepository.findForChange(deps.db, organizationId, projectId, id, { lock: false });
          if (!row) throw notFound('Asset card');
          if (row.status === 'approved' && input.status === 'in_progress') break;
          const plan = await planChange(deps.db, ctx, projectId, row, input);
          if (!plan.values) return detail(deps.db, ctx, projectId, row.id);
          const written = await workItems.writeInOneStatement<{ id: string }>(deps.db, {
            item: plan.renamed,
            write: assetCardRepository.updateIfUnchanged(row.id, row.row_version, plan.values),
            entries: plan.entries,
            publish: true,
          });
          if (written) return detail(deps.db, ctx, projectId, row.id);
        }
      }
      return write(ctx, projectId, async (tx) => {
        const row = await lockedCard(tx, ctx, projectId, id);
        const reopening = row.status === 'approved' && input.status === 'in_progress';
        const plan = await planChange(tx, ctx, projectId, row, input, { reopening });
        if (reopening) {
          assertReopen({ status: row.status, concept: CONCEPT }, { reason: input.justification, rights: await ctx.projectRights(projectId), updateRight: 'asset_cards:update', separationOfDuties: await separationOfDuties(tx, organizationId) });
        }
        if (plan.values) await assetCardRepository.update(tx, row.id, plan.values);
        if (reopening) await workItems.recordReopening(tx, ctx, plan.item, input.justification!);
        for (const entry of plan.entries) await recordActivity(tx, entry);
        const card = { id: row.id, name: plan.renamed.label };
        const items: WorkItem[] = [plan.renamed];
        if (input.tags !== undefined) await workItems.setTags(tx, ctx, plan.renamed, input.tags);
        if (input.upstream !== undefined) items.push(...(await replaceUpstreamIn(tx, ctx, projectId, card, input.upstream)));
        if (input.control_ids !== undefined || input.risk_ids !== undefined || input.evidence_ids !== undefined) items.push(...(await replaceLinksIn(tx, ctx, projectId, card, input)));
        if (items.length > 1 && !plan.contentChanged) await assetCardRepository.touch(tx, [row.id]);
        return items;
      });
    },

    /**
     * Deletes a card with its lineage, links, people, tags, thread and reviews; the log keeps that it
     * existed. An approved card is locked (409 `locked`: reopen it first), one under review waits for its
     * review (409 `review_pending`), and the links and lineage it takes along ask the lock rule of their
     * other ends (asset-card-links.ts detachAllIn).
     */
    async remove(ctx: RequestContext, projectId: string, id: string) {
      const organizationId = organizationOf(ctx);
      await retryOnConflict(() =>
        deps.db.transaction(async (tx) => {
          const row = await lockedCard(tx, ctx, projectId, id);
          const item = assetCardItem(ctx, projectId, row);
          if (isLocked(row.status)) throw new AppError(409, `Asset card “${row.name}” is approved and locked: it cannot be deleted — reopen it first`, 'locked');
          if (row.status === 'in_review' || (await assetCardRepository.reviewPending(tx, organizationId, row.id))) {
            throw new AppError(409, 'A review of this asset card is pending: cancel it before deleting the card', 'review_pending');
          }
          const others = await detachAllIn(tx, ctx, projectId, row);
          await assetCardRepository.delete(tx, organizationId, row.id);
          await recordActivity(tx, {
            ...workItems.activity(ctx, item, 'deleted'),
            before: { ...contentOf(row), asset_card_type: row.asset_card_type, status: row.status },
            after: { label: item.label },
          });
          for (const touched of distinctItems([item, ...others])) await workItems.published(tx, touched);
          return [item, ...others];
        }),
      );
    },

    /** Replaces the assignees and reviewers (project members only); who works on it may change even when it is approved. */
    setAssignees: (ctx: RequestContext, projectId: string, id: string, input: { assignees: string[]; reviewers: string[] }) =>
      write(ctx, projectId, async (tx) => {
        const row = await lockedCard(tx, ctx, projectId, id);
        assertChangeAllowed({ status: row.status, concept: CONCEPT }, { kind: 'people' });
        const item = assetCardItem(ctx, projectId, row);
        await workItems.setPeople(tx, ctx, item, input);
        return [item];
      }),
  };
}
