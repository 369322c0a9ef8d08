import { type CreateTreatmentStrategy, type TreatmentStrategy, type UpdateTreatmentStrategy } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { retryOnConflict } from '../../lib/conflict-retry';
import { notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { notifyUsers } from '../notifications/notify';
import { assertChangeAllowed } from '../work-items/lock-rule';
import { workItems, type WorkItem } from '../work-items/work-items';
import { fieldError } from './field-error';
import { riskRepository } from './risk-repository';
import { riskItem } from './risk-view';
import { iso, personOf } from './sql-helpers';
import { strategyRepository, type StrategyRow } from './strategy-repository';

const OPEN = new Set(['planned', 'in_progress']);

/**
 * A risk's treatment strategies: the concrete actions of its treatment, each with an owner (a project
 * member, told when named), a due date and a status. They are part of what an approval covers: an
 * approved risk takes no change to them until reopened (409 `locked`).
 */
export function strategyService(deps: Pick<Deps, 'db' | 'clock'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;
  const today = () => deps.clock.now().toISOString().slice(0, 10);

  const toStrategy = (row: StrategyRow): TreatmentStrategy => ({
    id: row.id,
    risk_id: row.risk_id,
    action: row.action,
    owner: personOf(row.owner),
    due_date: row.due_date,
    status: row.status,
    overdue: row.due_date !== null && OPEN.has(row.status) && row.due_date < today(),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
  });

  /** The risk, locked, through the lock rule for a change of its strategies. */
  async function riskForChange(tx: Executor, ctx: RequestContext, projectId: string, riskId: string) {
    const row = await riskRepository.findForChange(tx, organizationOf(ctx), projectId, riskId);
    if (!row) throw notFound('Risk');
    assertChangeAllowed({ status: row.status, concept: 'risk' }, { kind: 'content', fields: ['treatment_strategies'] });
    return { row, item: riskItem(ctx, projectId, row) };
  }

  /** An owner must be a member of the project (422 naming the field); someone outside the organization is not found. */
  async function assertOwner(tx: Executor, ctx: RequestContext, projectId: string, ownerId: string | null) {
    if (ownerId === null) return;
    const member = await strategyRepository.membership(tx, organizationOf(ctx), projectId, ownerId);
    if (!member) throw notFound('User');
    if (!member.in_project) throw fieldError('body.owner_id', `${member.name} is not a member of the project`);
  }

  async function tellOwner(tx: Executor, ctx: RequestContext, item: WorkItem, ownerId: string | null, action: string) {
    if (ownerId === null || ownerId === ctx.user.id) return;
    const actor = `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email;
    await notifyUsers(tx, { organizationId: item.organizationId, userIds: [ownerId], name: `Action for you: ${item.label}`, message: `${actor} made you the owner of “${action}” on ${item.label}.`, link: item.link, objectType: 'risk', objectId: item.itemId });
  }

  /** Writes in one transaction, tells the open screens after the commit, answers what `answer` reads then. */
  async function write<T>(change: (tx: Executor) => Promise<{ item: WorkItem; id: string }>, answer: (id: string) => Promise<T>) {
    const { item, id } = await retryOnConflict(() => deps.db.transaction(change));
    await workItems.published(deps.db, item);
    return answer(id);
  }

  async function one(ctx: RequestContext, riskId: string, id: string) {
    const row = await strategyRepository.find(deps.db, organizationOf(ctx), riskId, id);
    if (!row) throw notFound('Treatment strategy');
    return toStrategy(row);
  }

  return {
    async list(ctx: RequestContext, projectId: string, riskId: string) {
      if (!(await riskRepository.find(deps.db, organizationOf(ctx), projectId, riskId))) throw notFound('Risk');
      return { items: (await strategyRepository.ofRisk(deps.db, organizationOf(ctx), riskId)).map(toStrategy) };
    },

    create: (ctx: RequestContext, projectId: string, riskId: string, input: CreateTreatmentStrategy) =>
      write(
        async (tx) => {
          const { item } = await riskForChange(tx, ctx, projectId, riskId);
          await assertOwner(tx, ctx, projectId, input.owner_id);
          const id = await strategyRepository.insert(tx, { organizationId: organizationOf(ctx), projectId, riskId, action: input.action, ownerId: input.owner_id, dueDate: input.due_date, status: input.status, createdBy: ctx.user.id });
          await recordActivity(tx, { ...workItems.activity(ctx, item, 'strategy_added'), after: { label: item.label, strategy_id: id, action: input.action, owner_id: input.owner_id, due_date: input.due_date, status: input.status } });
          await tellOwner(tx, ctx, item, input.owner_id, input.action);
          return { item, id };
        },
        (id) => one(ctx, riskId, id),
      ),

    update: (ctx: RequestContext, projectId: string, riskId: string, id: string, input: UpdateTreatmentStrategy) =>
      write(
        async (tx) => {
          const { item } = await riskForChange(tx, ctx, projectId, riskId);
          const current = await strategyRepository.find(tx, organizationOf(ctx), riskId, id);
          if (!current) throw notFound('Treatment strategy');
          if (input.owner_id !== undefined) await assertOwner(tx, ctx, projectId, input.owner_id);
          await strategyRepository.update(tx, id, { action: input.action, ownerId: input.owner_id, dueDate: input.due_date, status: input.status });
          const before = { action: current.action, owner_id: current.owner_id, due_date: current.due_date, status: current.status };
          const after = { ...before, ...Object.fromEntries(Object.entries(input).filter(([, v]) => v !== undefined)) };
          await recordActivity(tx, { ...workItems.activity(ctx, item, 'strategy_updated'), before: { strategy_id: id, ...before }, after: { label: item.label, strategy_id: id, ...after } });
          if (input.owner_id !== undefined && input.owner_id !== current.owner_id) await tellOwner(tx, ctx, item, input.owner_id, after.action);
          return { item, id };
        },
        (strategyId) => one(ctx, riskId, strategyId),
      ),

    remove: (ctx: RequestContext, projectId: string, riskId: string, id: string) =>
      write(
        async (tx) => {
          const { item } = await riskForChange(tx, ctx, projectId, riskId);
          const current = await strategyRepository.find(tx, organizationOf(ctx), riskId, id);
          if (!current) throw notFound('Treatment strategy');
          await strategyRepository.delete(tx, id);
          await recordActivity(tx, { ...workItems.activity(ctx, item, 'strategy_removed'), before: { strategy_id: id, action: current.action, status: current.status }, after: { label: item.label } });
          return { item, id };
        },
        async () => undefined,
      ),
  };
}
