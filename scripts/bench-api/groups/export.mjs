// Group "export" (was `npm run bench:export`): how project exports affect everybody else. reviewer@demo.local posts
// BENCH_EXPORT_COMMENTS comments of 5,000 characters on the demo project (the security finding's reproduction);
// then GET /api/health is measured on its own, and again while BENCH_EXPORTS exports of the project run at once,
// each by a different user (each user may start 5 a minute), each export on its own connection. The PDF is drawn in a worker thread, so health should
// not notice; the exports' own row is their count over the wall time, with each export's time as p50 and p99.
import { inBatches } from '../client.mjs';
import { quantile } from '../measure.mjs';

const USERS = ['editor', 'reviewer', 'auditor', 'admin', 'owner'];
// Its own connections: at the run's 50 the health checks alone keep the embedded database busy enough to starve
// the exports' reads, and the point is what a few exports do to everybody else, not a saturated server.
const HEALTH_CONNECTIONS = 10;
const EXPORTS_PER_USER_PER_MINUTE = 5;
const TEXT = 'Lorem ipsum dolor sit amet, consectetur adipiscing elit, sed do eiusmod tempor incididunt ut labore. ';

const labels = (exports) => ({
  idle: `GET /api/health, no export running (${HEALTH_CONNECTIONS} connections)`,
  exports: `GET …/export, ${exports} users' exports at once`,
  during: `GET /api/health during those exports (${HEALTH_CONNECTIONS} connections)`,
});

export const exportGroup = {
  name: 'export',
  title: (ctx) => `the demo project with ${ctx.options.exportComments} comments of 5,000 characters, exported to PDF`,
  labels: (ctx) => Object.values(labels(ctx.options.exports)),
  async run(ctx) {
    const { client, tokens, recorder, options } = ctx;
    const label = labels(options.exports);
    if (options.exports > USERS.length * EXPORTS_PER_USER_PER_MINUTE) throw new Error(`BENCH_EXPORTS: at most ${USERS.length * EXPORTS_PER_USER_PER_MINUTE} (${USERS.length} users, 5 a minute each)`);
    const project = ctx.demoProject;
    const comments = Array.from({ length: options.exportComments }, (_, n) => `Comment ${n + 1}: ${TEXT.repeat(60)}`.slice(0, 5000));
    await inBatches(comments, 10, (body) => client.call(tokens.reviewer, 'POST', `/api/projects/${project}/comments/project/${project}`, { body }));

    const health = { url: `${client.base}/api/health`, connections: HEALTH_CONNECTIONS };
    await recorder.measure(label.idle, () => recorder.cannon(health));

    if (!recorder.measured(label.exports) && !recorder.measured(label.during)) return;
    const exportAs = async (bearer) => {
      const started = performance.now();
      const response = await fetch(`${client.base}/api/projects/${project}/export`, { headers: { authorization: `Bearer ${bearer}` } });
      const bytes = (await response.arrayBuffer()).byteLength;
      return { ms: performance.now() - started, ok: response.ok, status: response.status, bytes };
    };
    let exports = [];
    let wall = 0;
    await recorder.measureTogether([label.exports, label.during], async () => {
      const started = performance.now();
      const exporting = Promise.all(Array.from({ length: options.exports }, (_, i) => exportAs(tokens[USERS[i % USERS.length]])));
      const result = await recorder.cannonWhile(health, exporting);
      wall = performance.now() - started;
      exports = result.value;
      const times = exports.map((e) => e.ms);
      return [{ rps: (1000 * exports.length) / wall, p50: quantile(times, 0.5), p99: quantile(times, 0.99), non2xx: exports.filter((e) => !e.ok).length, timeouts: 0 }, result.load];
    });
    const times = exports.map((e) => e.ms);
    const refused = exports.filter((e) => !e.ok).map((e) => e.status);
    recorder.note(
      `export: ${exports.length} at once took ${(wall / 1000).toFixed(1)} s; fastest ${(Math.min(...times) / 1000).toFixed(1)} s, slowest ${(Math.max(...times) / 1000).toFixed(1)} s; ` +
        `${Math.round(Math.max(...exports.map((e) => e.bytes)) / 1024)} KiB each${refused.length ? `; refused: ${refused.join(', ')}` : ''}`,
    );
  },
};
