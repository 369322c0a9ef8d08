import type { TestingSummary } from '@aegis/contracts';
import type { Deps } from '../../deps';
import type { RequestContext } from '../../plugins/auth';
import { summaryRepository } from './summary-repository';

const FAILING_SHOWN = 5;

/** The project's tests at a glance, for its dashboard and report: counts that agree with the tests list. */
export function summaryService(deps: Pick<Deps, 'db' | 'clock'>) {
  return {
    async summary(ctx: RequestContext, projectId: string): Promise<TestingSummary> {
      const organizationId = ctx.organizationId!;
      const counts = await summaryRepository.counts(deps.db, organizationId, projectId, deps.clock.now());
      const failing = counts.failed > 0 ? await summaryRepository.failing(deps.db, organizationId, projectId, FAILING_SHOWN) : [];
      const judged = counts.passed + counts.failed + counts.error;
      return {
        total: counts.total,
        by_result: { passed: counts.passed, failed: counts.failed, error: counts.error, never_run: counts.never_run },
        pass_rate: judged === 0 ? null : counts.passed / judged,
        controls_with_failing_tests: counts.controls_with_failing_tests,
        failing: failing.map((t) => ({ id: t.id, reference: `T-${t.number}`, name: t.name, last_run_at: t.last_run_at === null ? null : new Date(t.last_run_at).toISOString() })),
        stale_metrics: counts.stale_metrics,
      };
    },
  };
}
