import type { ControlTest, TestControlLink, TestOperator, TestAggregation, TestWindowKind } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { retryOnConflict } from '../../lib/conflict-retry';
import { AppError, notFound } from '../../lib/errors';
import type { RequestContext } from '../../plugins/auth';
import { recordActivity } from '../logs/record-activity';
import { assertChangeAllowed } from '../work-items/lock-rule';
import { workItems, type WorkItem } from '../work-items/work-items';
import { conditionInWords } from './condition';
import { controlLinkRepository, type LinkedControlRow } from './control-link-repository';
import { testRepository } from './test-repository';
import { iso, numberOrNull } from './test-sql';
import { testItem, testReference } from './test-view';

const toLink = (row: LinkedControlRow): TestControlLink => ({ id: row.id, control_code: row.control_code, title: row.title, status: row.status, linked_at: iso(row.linked_at) });

const controlLink = (projectId: string, code: string) => `/projects/project-detail/${projectId}/control-detail/${encodeURIComponent(code)}`;

/**
 * Links between a test and the controls it proves (a result becomes evidence on each). A link is a change
 * of the test: an approved test takes none until reopened (409 `locked`); the control may be approved —
 * what it holds changes only with the evidence the runs store, which is the point of the link.
 */
export function controlLinkService(deps: Pick<Deps, 'db'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;

  async function change(ctx: RequestContext, projectId: string, testId: string, controlId: string, linked: boolean) {
    const organizationId = organizationOf(ctx);
    return retryOnConflict(() =>
      deps.db.transaction(async (tx) => {
        const test = await testRepository.findForChange(tx, organizationId, projectId, testId);
        if (!test) throw notFound('Test');
        const control = await controlLinkRepository.control(tx, organizationId, projectId, controlId);
        if (!control) throw notFound(`Control ${controlId}`);
        const item = testItem(organizationId, projectId, test);
        const other: WorkItem = { organizationId, projectId, itemType: 'control', itemId: control.id, label: `${control.control_code} ${control.title}`, link: controlLink(projectId, control.control_code) };
        assertChangeAllowed({ status: test.status, concept: 'test' }, { kind: 'link', target: `control ${other.label}` });
        const changed = linked
          ? await controlLinkRepository.link(tx, { organizationId, projectId, testId: test.id, controlId: control.id, by: ctx.user.id })
          : await controlLinkRepository.unlink(tx, organizationId, test.id, control.id);
        if (!linked && !changed) throw new AppError(404, `${item.label} is not linked to control ${control.control_code}`);
        if (changed) {
          const verb = linked ? 'linked' : 'unlinked';
          await recordActivity(tx, { ...workItems.activity(ctx, item, `control_${verb}`), after: { label: item.label, control_id: control.id, control: other.label } });
          await recordActivity(tx, { ...workItems.activity(ctx, other, `test_${verb}`), after: { label: other.label, test_id: test.id, test: item.label } });
          await workItems.published(tx, item);
          await workItems.published(tx, other);
        }
        return test.id;
      }),
    );
  }

  return {
    async controls(ctx: RequestContext, projectId: string, testId: string): Promise<{ items: TestControlLink[] }> {
      const organizationId = organizationOf(ctx);
      const test = await testRepository.findForChange(deps.db, organizationId, projectId, testId, { lock: false });
      if (!test) throw notFound('Test');
      return { items: (await controlLinkRepository.controlsOf(deps.db, organizationId, test.id)).map(toLink) };
    },

    async link(ctx: RequestContext, projectId: string, testId: string, controlId: string): Promise<TestControlLink> {
      await change(ctx, projectId, testId, controlId, true);
      return toLink((await controlLinkRepository.controlsOf(deps.db, organizationOf(ctx), testId, controlId))[0]!);
    },

    unlink: async (ctx: RequestContext, projectId: string, testId: string, controlId: string) => void (await change(ctx, projectId, testId, controlId, false)),

    /** A control's tests with their latest result, for its detail page (a control that is not the project's: 404). */
    async testsOfControl(ctx: RequestContext, projectId: string, controlId: string): Promise<{ items: ControlTest[] }> {
      const organizationId = organizationOf(ctx);
      if (!(await controlLinkRepository.control(deps.db, organizationId, projectId, controlId))) throw notFound(`Control ${controlId}`);
      const rows = await controlLinkRepository.testsOf(deps.db, organizationId, projectId, controlId);
      return {
        items: rows.map((row) => ({
          id: row.id,
          reference: testReference(row.number),
          name: row.name,
          condition: conditionInWords({
            operator: row.operator as TestOperator,
            threshold: Number(row.threshold),
            threshold_upper: numberOrNull(row.threshold_upper),
            aggregation: row.aggregation as TestAggregation,
            window_kind: row.window_kind as TestWindowKind | null,
            window_size: row.window_size,
          }),
          status: row.status,
          last_result:
            row.last_result_id === null || row.last_result_status === null || row.last_result_at === null
              ? null
              : { id: row.last_result_id, result_status: row.last_result_status, observed_value: numberOrNull(row.last_result_value), created_at: iso(row.last_result_at) },
        })),
      };
    },
  };
}
