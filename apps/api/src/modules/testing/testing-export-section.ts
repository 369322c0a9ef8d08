import { TEST_SCHEDULE_LABELS, WORK_ITEM_STATUS_LABELS, type TestingTestListItem } from '@aegis/contracts';
import { systemClock } from '../../lib/clock';
import { displayDate } from '../../lib/display-date';
import type { ExportSection } from '../projects/export/report-section';
import { count, leftOutNote } from '../projects/export/report-format';
import { summaryService } from './summary-service';
import { controlCodesByTest } from './summary-repository';
import { testService } from './test-service';

/** The tests in the report, by reference, up to this many (the Testing tab lists them all). */
const MAX_ROWS = 500;
const PAGE = 100;

const columns = [
  { title: 'Test', width: '22%' },
  { title: 'Metric', width: '16%' },
  { title: 'Condition', width: '20%' },
  { title: 'Latest result', width: '16%' },
  { title: 'Controls', width: '15%' },
  { title: 'Status', width: '11%' },
];

const RESULT_WORDS = { passed: 'Passed', failed: 'Failed', error: 'Could not be judged' } as const;

function latest(test: TestingTestListItem) {
  if (!test.last_result) return 'Never run';
  const value = test.last_result.observed_value === null ? '' : ` (${Number(test.last_result.observed_value.toPrecision(4))})`;
  return `${RESULT_WORDS[test.last_result.result_status]}${value}, ${displayDate(test.last_result.created_at)}`;
}

/** The project's automated tests: pass rate, each test's condition, latest result and the controls it proves. Left out when the project has none. */
export const testingSection: ExportSection = {
  key: 'testing',
  right: 'testing_test:read',
  async build({ deps, ctx, projectId }) {
    const organizationId = ctx.organizationId!;
    const withClock = { db: deps.db, clock: systemClock };
    const summary = await summaryService(withClock).summary(ctx, projectId);
    if (summary.total === 0) return null;
    const tests: TestingTestListItem[] = [];
    for (let page = 1; tests.length < Math.min(summary.total, MAX_ROWS); page++) {
      const { items } = await testService(withClock).list(ctx, projectId, { page, size: PAGE, sort_by: 'reference', descending: false, is_assigned_to_me: false });
      tests.push(...items);
      if (items.length < PAGE) break;
    }
    const codes = await controlCodesByTest(deps.db, organizationId, projectId);
    const judged = summary.by_result.passed + summary.by_result.failed + summary.by_result.error;
    const rate = summary.pass_rate === null ? 'No test has run yet.' : `${count(summary.by_result.passed)} of ${count(judged)} tests that ran passed their latest run (${Math.round(summary.pass_rate * 100)} %).`;
    const flagged = summary.controls_with_failing_tests > 0 ? ` ${count(summary.controls_with_failing_tests)} ${summary.controls_with_failing_tests === 1 ? 'control is' : 'controls are'} flagged “test failing”.` : '';
    return {
      title: 'Automated testing',
      intro:
        `${count(summary.total)} tests judge metrics that the project's pipelines push, files upload or people enter. ${rate}` +
        ` ${count(summary.by_result.failed)} failing, ${count(summary.by_result.error)} with nothing to judge, ${count(summary.by_result.never_run)} never run.${flagged}` +
        ' Each result of a test linked to controls is kept as generated, hashed evidence on them (see Evidence).',
      blocks: [
        {
          kind: 'table',
          columns,
          rows: tests.slice(0, MAX_ROWS).map((test) => [
            `${test.reference} ${test.name}`,
            test.metric_name ? `${test.metric_name}${test.source_name ? ` (${test.source_name})` : ''}${test.metric_stale ? ', no recent value' : ''}` : 'Metric deleted',
            `${test.condition} · ${TEST_SCHEDULE_LABELS[test.schedule].toLowerCase()}`,
            latest(test),
            (codes.get(test.id) ?? []).join(', ') || '—',
            WORK_ITEM_STATUS_LABELS[test.status],
          ]),
        },
        ...leftOutNote(Math.min(tests.length, MAX_ROWS), summary.total, { which: 'first', things: 'tests by reference', rest: 'later tests', where: 'the Testing tab' }),
      ],
    };
  },
};
