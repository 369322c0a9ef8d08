// Group "core": issue 18's main reads and writes on the demo project, as admin@demo.local unless noted — the
// current user, the token status, the projects list, frameworks, requirements, controls with each filter, the
// reviews awaiting me, notifications, the dashboard; creating a project, saving a control's status (at the run's
// connections, then at 10 writers with every activity entry counted) and requesting and deciding a review.
import { sequentialSummary, timedFetch } from '../measure.mjs';

const WRITERS = 10;

const reads = (ctx) => {
  const p = `/api/projects/${ctx.demoProject}`;
  const { admin, editor, reviewer } = ctx.tokens;
  return [
    ['GET /api/users/me', '/api/users/me', admin],
    ['GET /api/auth/token/status', '/api/auth/token/status', admin],
    ['GET projects list', `/api/organizations/${ctx.organizationId}/projects`, admin],
    ['GET …/frameworks', `${p}/frameworks`, admin],
    ['GET …/requirements', `${p}/requirements`, admin],
    ['GET …/controls, no filter', `${p}/controls`, admin],
    ['GET …/controls, framework + status', `${p}/controls?framework=EU_AI_ACT&status=ready,in_progress`, admin],
    ['GET …/controls, name filter', `${p}/controls?name=risk`, admin],
    ['GET …/controls, assigned to me (editor)', `${p}/controls?is_assigned_to_me=true`, editor],
    ['GET /api/users/me/reviews (reviewer)', '/api/users/me/reviews', reviewer],
    ['GET /api/notifications', '/api/notifications', admin],
    ['GET …/dashboard', `${p}/dashboard`, admin],
  ];
};

const statusLabel = 'PATCH …/controls/:code (status)';
const writersLabel = `${statusLabel}, ${WRITERS} writers`;
const reviewLabels = (n) => [`POST …/reviews/control/:id (request; sequential ×${n})`, `PATCH …/reviews/control/:id/decision (sequential ×${n})`];

export const core = {
  name: 'core',
  title: () => "issue 18's main reads and writes, on the demo project (EU AI Act, ISO/IEC 42001, NIST AI RMF)",
  labels: (ctx) => [...reads(ctx).map(([label]) => label), 'POST /api/projects', statusLabel, writersLabel, ...reviewLabels(ctx.options.reviewIterations)],
  async run(ctx) {
    const { client, tokens, options, recorder } = ctx;
    const base = client.base;
    const p = `/api/projects/${ctx.demoProject}`;

    for (const [label, url, bearer] of reads(ctx)) await recorder.measure(label, () => recorder.cannon({ url: `${base}${url}`, headers: { authorization: `Bearer ${bearer}` } }));

    const jsonHeaders = { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' };
    let created = 0;
    const newProject = (request) => ({ ...request, body: JSON.stringify({ name: `Bench API create ${options.runId} ${created++}`, project_type: 'ai_application' }) });
    await recorder.measure('POST /api/projects', () => recorder.cannon({ url: base, requests: [{ method: 'POST', path: '/api/projects', headers: jsonHeaders, setupRequest: newProject }] }));

    const [requestLabel, decideLabel] = reviewLabels(options.reviewIterations);
    if (![statusLabel, writersLabel, requestLabel, decideLabel].some((label) => recorder.measured(label))) return;
    // The demo project's controls that a person may move by hand between ready and in_progress: some for the
    // review loop, the rest take the status updates, round robin, each flipping between the two.
    const controls = (await client.all(tokens.admin, `${p}/controls`)).filter((c) => c.status === 'ready' || c.status === 'in_progress');
    if (controls.length < 2) throw new Error('too few controls in ready or in_progress in the demo project');
    const reviewControls = controls.splice(0, Math.min(5, Math.floor(controls.length / 4) || 1));
    console.log(`  ${controls.length} controls for status updates, ${reviewControls.length} for reviews`);
    const statusOf = new Map(controls.map((c) => [c.control_code, c.status]));
    let next = 0;
    const statusUpdate = (request) => {
      const control = controls[next++ % controls.length];
      const status = statusOf.get(control.control_code) === 'ready' ? 'in_progress' : 'ready';
      statusOf.set(control.control_code, status);
      return { ...request, path: `${p}/controls/${encodeURIComponent(control.control_code)}`, body: JSON.stringify({ status }) };
    };
    await recorder.measure(statusLabel, () => recorder.cannon({ url: base, requests: [{ method: 'PATCH', headers: jsonHeaders, setupRequest: statusUpdate }] }));

    // The same at 10 concurrent writers (issue 18, item 3: p99 under 50 ms on PostgreSQL, 0 errors), for a fixed
    // number of writes (BENCH_STATUS_WRITES) so that every answer is read; then the project's log, read through the
    // API, must hold exactly one new entry per status change the answers report (`status_change`): none lost, none
    // extra. A write that found its status already set (its answer says so) changes nothing and writes no entry.
    if (recorder.measured(writersLabel)) {
      // The log's size once it stops growing: the run above ends with writes in flight, which the server still
      // finishes after autocannon has stopped waiting for them.
      const logTotal = async () => {
        const read = async () => (await client.call(tokens.admin, 'GET', `${p}/logs/${ctx.demoProject}?size=1`)).total;
        for (let last = await read(); ; ) {
          await new Promise((resolve) => setTimeout(resolve, 500));
          const now = await read();
          if (now === last) return now;
          last = now;
        }
      };
      const before = await logTotal();
      // The statuses as they are now that every earlier write is done.
      for (const c of await client.all(tokens.admin, `${p}/controls`)) if (statusOf.has(c.control_code)) statusOf.set(c.control_code, c.status);
      let changed = 0;
      let answered = 0;
      const onResponse = (status, body) => {
        if (status !== 200) return;
        answered++;
        if (JSON.parse(body).status_change) changed++;
      };
      await recorder.measure(writersLabel, () =>
        recorder.cannon({ url: base, connections: WRITERS, amount: options.statusWrites, requests: [{ method: 'PATCH', headers: jsonHeaders, setupRequest: statusUpdate, onResponse }] }),
      );
      const found = (await logTotal()) - before;
      recorder.note(`activity entries after the ${WRITERS}-writer run: expected ${changed}, found ${found} (${options.statusWrites} writes, ${answered} answered 200, ${changed} changed a status)`);
      if (found !== changed) ctx.fail(`${writersLabel}: ${found < changed ? `${changed - found} activity entries missing` : `${found - changed} activity entries more than the changes`}`);
    }

    // Reviews: admin requests (reviewer named), the reviewer rejects (back to in_progress), again; one connection.
    if (recorder.measured(requestLabel) || recorder.measured(decideLabel)) {
      await recorder.measureTogether([requestLabel, decideLabel], async () => {
        const requestTimes = [];
        const decideTimes = [];
        let requestFailures = 0;
        let decideFailures = 0;
        const init = (method, body, bearer) => ({ method, headers: { authorization: `Bearer ${bearer}`, 'content-type': 'application/json' }, body: JSON.stringify(body) });
        for (let i = 0; i < options.reviewIterations; i++) {
          const url = `${base}${p}/reviews/control/${reviewControls[i % reviewControls.length].id}`;
          if (!(await timedFetch(requestTimes, url, init('POST', { reviewers: [ctx.reviewerId], message: 'bench' }, tokens.admin)))) requestFailures++;
          if (!(await timedFetch(decideTimes, `${url}/decision`, init('PATCH', { decision: 'rejected', comment: 'bench' }, tokens.reviewer)))) decideFailures++;
        }
        return [sequentialSummary(requestTimes, requestFailures), sequentialSummary(decideTimes, decideFailures)];
      });
    }
  },
};
