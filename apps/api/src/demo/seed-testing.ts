import { and, eq, inArray } from 'drizzle-orm';
import { projectRightsFor, type CreateTestingTest, type ProjectRole } from '@aegis/contracts';
import type { Clock } from '../lib/clock';
import { systemClock } from '../lib/clock';
import type { FileStorage } from '../lib/storage/file-storage';
import type { RequestContext } from '../plugins/auth';
import type { Deps } from '../deps';
import { controlLinkService } from '../modules/testing/control-link-service';
import { sourceService } from '../modules/testing/source-service';
import { runTest } from '../modules/testing/test-runs';
import { testService } from '../modules/testing/test-service';
import type { Tx } from '../db/client';
import { projectControls, projects, users } from '../db/schema';

const DAY = 86_400_000;

/** The credit model's monitoring: daily values for the last 30 days, one of them drifting below its threshold lately. */
const DAILY_METRICS = [
  { name: 'Accuracy', unit: '', direction: 'higher_is_better' as const, expected_every_hours: 36, value: (day: number) => 0.91 - 0.002 * Math.sin(day / 3) },
  { name: 'AUC', unit: '', direction: 'higher_is_better' as const, expected_every_hours: 36, value: (day: number) => 0.87 + 0.003 * Math.cos(day / 4) },
  // Approval-rate gap between age groups: widened over the last week, past the 0.05 the bank set.
  { name: 'Approval-rate gap (age groups)', unit: 'ratio', direction: 'lower_is_better' as const, expected_every_hours: 36, value: (day: number) => (day < 6 ? 0.064 - day * 0.001 : 0.036 + (day % 5) * 0.002) },
  { name: 'Population stability index', unit: '', direction: 'lower_is_better' as const, expected_every_hours: 36, value: (day: number) => 0.06 + (day % 7) * 0.004 },
];

type DemoTest = { input: Omit<CreateTestingTest, 'metric_id' | 'description' | 'tags'> & { description: string }; metric: string; controls: string[]; assignee: 'editor' | 'owner' };

const DEMO_TESTS: DemoTest[] = [
  {
    input: { name: 'Accuracy stays above 0.88', description: 'The weekly mean of the production accuracy, against the 0.88 the validation report committed to.', operator: '>=', threshold: 0.88, threshold_upper: null, aggregation: 'mean', window_kind: 'days', window_size: 7, lookback_days: 7, schedule: 'daily' },
    metric: 'Accuracy',
    controls: ['MFF-1.VAL.02', 'MFF-1.MON.02'],
    assignee: 'editor',
  },
  {
    input: { name: 'AUC at least 0.85', description: 'The latest AUC on the monitoring sample.', operator: '>=', threshold: 0.85, threshold_upper: null, aggregation: 'latest', window_kind: null, window_size: null, lookback_days: 3, schedule: 'on_new_value' },
    metric: 'AUC',
    controls: ['MFF-1.VAL.02'],
    assignee: 'editor',
  },
  {
    input: { name: 'Approval-rate gap below 0.05', description: 'The largest gap in approval rates between age groups must stay under 5 points (the fairness policy).', operator: '<', threshold: 0.05, threshold_upper: null, aggregation: 'max', window_kind: 'values', window_size: 3, lookback_days: 7, schedule: 'daily' },
    metric: 'Approval-rate gap (age groups)',
    controls: ['MFF-1.VAL.05', 'MFF-1.DAT.06'],
    assignee: 'owner',
  },
  {
    input: { name: 'Population stability between 0 and 0.1', description: 'Drift of the score distribution against the training population.', operator: 'between', threshold: 0, threshold_upper: 0.1, aggregation: 'latest', window_kind: null, window_size: null, lookback_days: 3, schedule: 'weekly' },
    metric: 'Population stability index',
    controls: ['MFF-1.MON.02'],
    assignee: 'editor',
  },
];

async function callerOf(tx: Tx, organizationId: string, who: 'owner' | 'editor', role: ProjectRole): Promise<RequestContext> {
  const [user] = await tx.select().from(users).where(eq(users.email, `${who}@demo.local`));
  const rights = new Set<string>(projectRightsFor([role]));
  return {
    user: user!,
    organizationId,
    organizationName: null,
    organizationRoles: ['member'],
    organizationRights: new Set(),
    narrowedRights: null,
    token: { type: 'access', expiresAt: null, id: null },
    hasOrganizationRight: () => false,
    projectRights: async () => rights,
    projectRoles: async () => [role],
    remembered: (_key, lookup) => lookup(),
  };
}

/**
 * The credit model's automated testing (issue 32), through the testing services as its people would: the
 * monitoring pipeline's source with four metrics and a month of daily values, a quarterly fairness review
 * typed in by hand, four tests linked to controls and run on several days — so the Testing tab, the charts,
 * the results history, the failing fairness test (its controls flagged, its owner notified) and the
 * generated evidence on the controls are there on the first start. Needs the evidence storage (the results
 * become files); the tests' prepared database, seeded without one, has no testing data.
 */
export async function seedDemoTesting(tx: Tx, demo: { organizationId: string; storage: FileStorage }) {
  const [project] = await tx.select({ id: projects.id }).from(projects).where(and(eq(projects.organizationId, demo.organizationId), eq(projects.name, 'Credit Scoring Model')));
  if (!project) return;
  const now = Date.now();
  // No job engine while seeding: the generated records' text waits for the extraction sweep at start-up.
  const depsAt = (clock: Clock) => ({ db: tx, clock, storage: demo.storage, jobs: { definitions: [], send: async () => undefined } }) as unknown as Deps;
  const deps = depsAt(systemClock);
  const editor = await callerOf(tx, demo.organizationId, 'editor', 'editor');
  const owner = await callerOf(tx, demo.organizationId, 'owner', 'owner');
  const sources = sourceService(deps);

  const nightOf = (day: number) => now - day * DAY - 3 * 3_600_000;
  const pipeline = await sources.createSource(editor, project.id, { name: 'Monitoring pipeline', kind: 'api', description: 'The nightly scoring job pushes its monitoring metrics with a token scoped to this project.', asset_card_id: null });
  const metricIds = new Map<string, string>();
  for (const metric of DAILY_METRICS) {
    const { value: _value, ...input } = metric;
    metricIds.set(metric.name, (await sources.createMetric(editor, project.id, pipeline.id, { ...input, description: '' })).id);
  }
  const review = await sources.createSource(owner, project.id, { name: 'Quarterly fairness review', kind: 'manual', description: 'Figures from the model risk team’s quarterly review, entered by hand.', asset_card_id: null });
  const reviewed = await sources.createMetric(owner, project.id, review.id, { name: 'Disparate impact ratio (reviewed)', unit: 'ratio', description: 'Lowest group approval rate ÷ highest, from the quarterly review.', direction: 'higher_is_better', expected_every_hours: null });
  await sources.push(owner, project.id, {
    values: [
      { metric_id: reviewed.id, value: 0.86, timestamp: new Date(now - 75 * DAY).toISOString() },
      { metric_id: reviewed.id, value: 0.83, timestamp: new Date(now - 5 * DAY).toISOString() },
    ],
  });

  // A month of nightly values, each night's pushed under the pipeline's key, before the tests exist (so that no
  // test judges them as they come); then the tests run as they would have on three of the nights and this morning.
  for (let day = 30; day >= 0; day--) {
    await sources.push(editor, project.id, {
      idempotency_key: `demo-nightly-${day}`,
      values: DAILY_METRICS.map((metric) => ({ metric_id: metricIds.get(metric.name)!, value: Math.round(metric.value(day) * 10_000) / 10_000, timestamp: new Date(nightOf(day)).toISOString() })),
    });
  }

  const tests = testService(deps);
  const links = controlLinkService(deps);
  const codes = [...new Set(DEMO_TESTS.flatMap((t) => t.controls))];
  const controls = new Map(
    (await tx.select({ id: projectControls.id, code: projectControls.controlCode }).from(projectControls).where(and(eq(projectControls.projectId, project.id), inArray(projectControls.controlCode, codes)))).map((c) => [c.code, c.id]),
  );
  const created: { id: string }[] = [];
  for (const plan of DEMO_TESTS) {
    const ctx = plan.assignee === 'owner' ? owner : editor;
    const test = await tests.create(ctx, project.id, { ...plan.input, metric_id: metricIds.get(plan.metric)!, tags: [] });
    await tests.setAssignees(ctx, project.id, test.id, { assignees: [ctx.user.id], reviewers: [] });
    for (const code of plan.controls) {
      const controlId = controls.get(code);
      if (controlId) await links.link(ctx, project.id, test.id, controlId);
    }
    created.push({ id: test.id });
  }

  for (const day of [21, 14, 7, 0]) {
    const clock: Clock = { now: () => new Date(nightOf(day) + 3_600_000) };
    for (const test of created) await runTest(depsAt(clock), { organizationId: demo.organizationId, projectId: project.id, actorId: null }, test.id, 'schedule');
  }
}
