import type { ControlRisk, RiskControl } from '@aegis/contracts';
import type { Executor } from '../../db/client';
import type { Deps } from '../../deps';
import { retryOnConflict } from '../../lib/conflict-retry';
import { AppError, notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { assertChangeAllowed } from '../work-items/lock-rule';
import { workItems, type WorkItem } from '../work-items/work-items';
import { riskControlRepository, type LinkedControlRow } from './risk-control-repository';
import { riskRepository } from './risk-repository';
import { riskItem, toLight } from './risk-view';
import { iso, personOf } from './sql-helpers';

const toRiskControl = (row: LinkedControlRow): RiskControl => ({
  id: row.id,
  control_code: row.control_code,
  title: row.title,
  status: row.status,
  linked_by: personOf(row.linked_by),
  linked_at: iso(row.created_at),
});

const controlLink = (projectId: string, code: string) => `/projects/project-detail/${projectId}/control-detail/${encodeURIComponent(code)}`;

/**
 * The controls that reduce a risk. A link changes both ends, so both go through the lock rule: neither
 * an approved risk nor an approved control takes a new or removed link until reopened (409 `locked`).
 * Both logs record it and the screens of both refresh.
 */
export function riskControlService(deps: Pick<Deps, 'db'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;

  /** The risk and the control, both locked, through the lock rule; a control not live in this project is 404 naming it. */
  async function ends(tx: Executor, ctx: RequestContext, projectId: string, riskId: string, controlId: string) {
    const organizationId = organizationOf(ctx);
    const risk = await riskRepository.findForChange(tx, organizationId, projectId, riskId);
    if (!risk) throw notFound('Risk');
    const control = await riskControlRepository.controlForChange(tx, organizationId, projectId, controlId);
    if (!control) throw new AppError(404, `Control ${controlId} is not a control of this project`);
    assertChangeAllowed({ status: risk.status, concept: 'risk' }, { kind: 'link', target: `control ${control.control_code}` });
    assertChangeAllowed({ status: control.status, concept: 'control' }, { kind: 'link', target: `risk ${riskItem(ctx, projectId, risk).label}` });
    const riskTarget = riskItem(ctx, projectId, risk);
    const controlTarget: WorkItem = { organizationId, projectId, itemType: 'control', itemId: control.id, label: `${control.control_code} ${control.title}`, link: controlLink(projectId, control.control_code) };
    return { riskTarget, controlTarget };
  }

  async function logged(tx: Executor, ctx: RequestContext, targets: { riskTarget: WorkItem; controlTarget: WorkItem }, linked: boolean) {
    const { riskTarget, controlTarget } = targets;
    await recordActivity(tx, { ...workItems.activity(ctx, riskTarget, linked ? 'control_linked' : 'control_unlinked'), after: { label: riskTarget.label, control_id: controlTarget.itemId, control: controlTarget.label } });
    await recordActivity(tx, { ...workItems.activity(ctx, controlTarget, linked ? 'risk_linked' : 'risk_unlinked'), after: { label: controlTarget.label, risk_id: riskTarget.itemId, risk: riskTarget.label } });
  }

  async function published(targets: { riskTarget: WorkItem; controlTarget: WorkItem }) {
    await workItems.published(deps.db, targets.riskTarget);
    await workItems.published(deps.db, targets.controlTarget);
  }

  return {
    async controls(ctx: RequestContext, projectId: string, riskId: string) {
      if (!(await riskRepository.find(deps.db, organizationOf(ctx), projectId, riskId))) throw notFound('Risk');
      return { items: (await riskControlRepository.controlsOf(deps.db, organizationOf(ctx), riskId)).map(toRiskControl) };
    },

    /** Links the control (nothing changes, nor is logged, when it is linked already); answers the link. */
    async link(ctx: RequestContext, projectId: string, riskId: string, controlId: string): Promise<RiskControl> {
      const { targets, changed } = await retryOnConflict(() =>
        deps.db.transaction(async (tx) => {
          const targets = await ends(tx, ctx, projectId, riskId, controlId);
          const changed = await riskControlRepository.link(tx, { organizationId: organizationOf(ctx), projectId, riskId, controlId, by: ctx.user.id });
          if (changed) await logged(tx, ctx, targets, true);
          return { targets, changed };
        }),
      );
      if (changed) await published(targets);
      return toRiskControl((await riskControlRepository.controlsOf(deps.db, organizationOf(ctx), riskId, controlId))[0]!);
    },

    /** Unlinks the control; 404 when it was not linked. */
    async unlink(ctx: RequestContext, projectId: string, riskId: string, controlId: string) {
      const targets = await retryOnConflict(() =>
        deps.db.transaction(async (tx) => {
          const targets = await ends(tx, ctx, projectId, riskId, controlId);
          if (!(await riskControlRepository.unlink(tx, riskId, controlId))) throw new AppError(404, `Control ${targets.controlTarget.label} is not linked to this risk`);
          await logged(tx, ctx, targets, false);
          return targets;
        }),
      );
      await published(targets);
    },

    /** The risks a control of the project reduces, for its detail page; 404 for a control not in the project. */
    async risksOfControl(ctx: RequestContext, projectId: string, controlCode: string): Promise<{ items: ControlRisk[] }> {
      const control = await riskControlRepository.controlByCode(deps.db, organizationOf(ctx), projectId, controlCode);
      if (!control) throw notFound(`Control ${controlCode}`);
      const rows = await riskControlRepository.risksOf(deps.db, organizationOf(ctx), control.id);
      return { items: rows.map((row) => ({ ...toLight(row), above_appetite: Boolean(row.above_appetite), linked_at: iso(row.linked_at) })) };
    },
  };
}
