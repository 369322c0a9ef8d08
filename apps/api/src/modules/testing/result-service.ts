import type { Page, TestingResult, TestResultStatus, WorkItemStatus } from '@aegis/contracts';
import type { Deps } from '../../deps';
import { notFound } from '../../lib/errors';
import { pageOf } from '../../lib/paging';
import type { RequestContext } from '../../plugins/auth';
import { resultRepository, type ResultRow, type ResultSort } from './result-repository';
import { runTest } from './test-runs';
import { iso, isoOrNull, numberOrNull, personOf } from './test-sql';
import { testReference } from './test-view';

const toResult = (row: ResultRow): TestingResult => ({
  id: row.id,
  test_id: row.test_id,
  test_reference: testReference(row.test_number),
  test_name: row.test_name,
  result_status: row.result_status,
  observed_value: numberOrNull(row.observed_value),
  condition: row.condition,
  operator: row.operator,
  threshold: Number(row.threshold),
  threshold_upper: numberOrNull(row.threshold_upper),
  value_count: Number(row.value_count),
  data_from: isoOrNull(row.data_from),
  data_to: isoOrNull(row.data_to),
  error: row.error,
  trigger: row.trigger,
  run_by: personOf(row.run_by),
  evidence_ids: row.evidence_ids ?? [],
  created_at: iso(row.created_at),
});

type PageQuery = { sort_by?: ResultSort; descending: boolean; page: number; size: number };

/** A test's runs: run now, its results, one result, and the results of every test of the project. */
export function resultService(deps: Pick<Deps, 'db' | 'clock' | 'storage' | 'jobs'>) {
  const organizationOf = (ctx: RequestContext) => ctx.organizationId!;

  async function find(ctx: RequestContext, projectId: string, testId: string, id: string) {
    const row = await resultRepository.find(deps.db, organizationOf(ctx), projectId, testId, id);
    if (!row) throw notFound('Result');
    return toResult(row);
  }

  return {
    find,

    async run(ctx: RequestContext, projectId: string, testId: string): Promise<TestingResult> {
      const actorName = `${ctx.user.firstname} ${ctx.user.lastname}`.trim() || ctx.user.email;
      const id = await runTest(deps, { organizationId: organizationOf(ctx), projectId, actorId: ctx.user.id, actorName }, testId, 'manual');
      if (!id) throw notFound('Test');
      return find(ctx, projectId, testId, id);
    },

    async ofTest(ctx: RequestContext, projectId: string, testId: string, query: PageQuery & { result_status?: TestResultStatus[] }): Promise<Page<TestingResult>> {
      const organizationId = organizationOf(ctx);
      if (!(await resultRepository.testExists(deps.db, organizationId, projectId, testId))) throw notFound('Test');
      const { items, total } = await resultRepository.list(deps.db, organizationId, projectId, { testId, resultStatuses: query.result_status }, { sortBy: query.sort_by, descending: query.descending, page: query.page, size: query.size });
      return pageOf(items.map(toResult), total, query.page, query.size);
    },

    async all(ctx: RequestContext, projectId: string, query: PageQuery & { name?: string; result_status?: TestResultStatus[]; status?: WorkItemStatus[] }): Promise<Page<TestingResult>> {
      const filters = { name: query.name || undefined, resultStatuses: query.result_status, testStatuses: query.status };
      const { items, total } = await resultRepository.list(deps.db, organizationOf(ctx), projectId, filters, { sortBy: query.sort_by, descending: query.descending, page: query.page, size: query.size });
      return pageOf(items.map(toResult), total, query.page, query.size);
    },
  };
}
