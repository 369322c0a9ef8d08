// Group "mixed" (issue 31): reads and writes at once, as on a busy day in one project. Five people of the demo
// project (admin, owner, editor, reviewer, auditor) read round robin on BENCH_MIXED_CONNECTIONS connections (18):
// each connection opens, as one person, the current user, the projects list, the project's controls,
// requirements, risks, evidence, dashboard and notifications, one control and one risk, then again as the next
// person. Meanwhile the project's editors save control statuses (ready ↔ in_progress, round robin over the
// controls in either, so that every save changes something; never approved, which locks a control): (a) no
// writes, (b) 10 saves/s by the editor, sent on time whatever the answers' latency, (c) as fast as they go, two
// writers (editor and owner). Each phase lasts BENCH_MIXED_SECONDS (10); BENCH_MIXED_CACHE=on|off|both (both)
// runs them with the server's read cache and again with READ_CACHE_MB=0 (the server restarts). Rows: the reads
// and the saves of each phase; notes: the read cache's hit rate (counted from the answers' `x-read-cache:
// hit|miss` header when the server sends one, else n/a) and how many saves changed a status.
import { quantile } from '../measure.mjs';

const RATE = 10;
const PEOPLE = ['admin', 'owner', 'editor', 'reviewer', 'auditor'];
const number = (name, fallback) => Number(process.env[name] ?? fallback);
const mixedOptions = () => {
  const cache = process.env.BENCH_MIXED_CACHE ?? 'both';
  if (!['on', 'off', 'both'].includes(cache)) throw new Error(`BENCH_MIXED_CACHE=${cache}: on, off or both`);
  return { seconds: number('BENCH_MIXED_SECONDS', 10), connections: number('BENCH_MIXED_CONNECTIONS', 18), caches: cache === 'both' ? ['on', 'off'] : [cache] };
};
const PHASES = [
  { name: 'no writes', writers: [] },
  { name: `${RATE} saves/s (editor)`, writers: ['editor'], rate: RATE },
  { name: 'full speed, 2 writers (editor, owner)', writers: ['editor', 'owner'] },
];

const labels = (cache, phase, connections) => ({
  reads: `GET 10 reads round robin (${PEOPLE.length} people, ${connections} connections), cache ${cache}, ${phase.name}`,
  writes: `PATCH …/controls/:code (status), cache ${cache}, ${phase.name}`,
});

export const mixed = {
  name: 'mixed',
  title: () => 'five people of the demo project read its lists and details while its editors save control statuses',
  labels: () => {
    const { caches, connections } = mixedOptions();
    return caches.flatMap((cache) => PHASES.flatMap((phase) => Object.values(labels(cache, phase, connections)).slice(0, phase.writers.length ? 2 : 1)));
  },
  async run(ctx) {
    const { client, recorder } = ctx;
    const { seconds, connections, caches } = mixedOptions();
    const p = `/api/projects/${ctx.demoProject}`;
    const bearer = (person) => `Bearer ${ctx.tokens[person]}`;

    const controls = (await client.all(ctx.tokens.admin, `${p}/controls`)).filter((c) => c.status === 'ready' || c.status === 'in_progress');
    if (controls.length < 2) throw new Error('mixed: too few controls in ready or in_progress in the demo project');
    const [risk] = (await client.call(ctx.tokens.admin, 'GET', `${p}/risks?size=1`)).items;
    if (!risk) throw new Error('mixed: the demo project has no risk');
    const paths = [
      '/api/users/me',
      `/api/organizations/${ctx.organizationId}/projects`,
      `${p}/controls`,
      `${p}/requirements`,
      `${p}/risks`,
      `${p}/evidence`,
      `${p}/dashboard`,
      '/api/notifications',
      `${p}/controls/${encodeURIComponent(controls[0].control_code)}`,
      `${p}/risks/${risk.id}`,
    ];
    // Every person may read every one of them (a refusal would be measured as a fast answer).
    for (const person of PEOPLE) for (const path of paths) await client.call(ctx.tokens[person], 'GET', path);

    // The reads: each connection takes the next person at the start of each round of the list.
    let reader = 0;
    const cacheAnswers = { hit: 0, miss: 0 };
    const onRead = (status, body, context, headers) => {
      const seen = headers['x-read-cache'];
      if (seen in cacheAnswers) cacheAnswers[seen]++;
    };
    const readRequests = paths.map((path, i) => ({
      method: 'GET',
      path,
      onResponse: onRead,
      setupRequest: (request, context) => {
        if (i === 0) context.person = PEOPLE[reader++ % PEOPLE.length];
        return { ...request, headers: { authorization: bearer(context.person ?? PEOPLE[0]) } };
      },
    }));
    const reads = () => recorder.cannon({ url: client.base, connections, duration: seconds, requests: readRequests });

    // The saves: round robin over the controls, each flipping between ready and in_progress. At a fixed rate one
    // is sent every 1/rate s whether the last has answered or not; at full speed each writer sends the next when
    // the last has answered. Resolves to the row's numbers, req/s being the saves answered per second.
    const statusOf = new Map(controls.map((c) => [c.control_code, c.status]));
    let next = 0;
    const saves = { answered: 0, changed: 0 };
    const writes = async (phase) => {
      const times = [];
      let failures = 0;
      const save = async (person) => {
        const control = controls[next++ % controls.length];
        const status = statusOf.get(control.control_code) === 'ready' ? 'in_progress' : 'ready';
        statusOf.set(control.control_code, status);
        const started = performance.now();
        const response = await fetch(`${client.base}${p}/controls/${encodeURIComponent(control.control_code)}`, {
          method: 'PATCH',
          headers: { authorization: bearer(person), 'content-type': 'application/json' },
          body: JSON.stringify({ status }),
        });
        const text = await response.text();
        times.push(performance.now() - started);
        if (!response.ok) failures++;
        else {
          saves.answered++;
          if (JSON.parse(text).status_change) saves.changed++;
        }
      };
      const started = performance.now();
      const end = started + seconds * 1000;
      if (phase.rate) {
        const sent = [];
        for (let i = 0; started + (i * 1000) / phase.rate < end; i++) {
          await new Promise((resolve) => setTimeout(resolve, started + (i * 1000) / phase.rate - performance.now()));
          sent.push(save(phase.writers[i % phase.writers.length]));
        }
        await Promise.all(sent);
      } else {
        await Promise.all(phase.writers.map(async (person) => {
          while (performance.now() < end) await save(person);
        }));
      }
      if (!times.length) return { rps: 0, p50: '—', p99: '—', non2xx: failures, timeouts: 0 };
      return { rps: (1000 * times.length) / (performance.now() - started), p50: quantile(times, 0.5), p99: quantile(times, 0.99), non2xx: failures, timeouts: 0 };
    };

    // The server as the run started it, or with the cache turned off (or on, when the run turned it off).
    const startedWith = process.env.READ_CACHE_MB === '0' ? 'off' : 'on';
    const restart = (cache) => ctx.restartServer(async () => {}, cache === startedWith ? {} : { READ_CACHE_MB: cache === 'off' ? '0' : '32' });
    let serving = startedWith;
    for (const cache of caches) {
      if (serving !== cache) {
        await restart(cache);
        serving = cache;
      }
      // The statuses as they are now (a save still in flight when a run stopped may have landed since).
      for (const c of await client.all(ctx.tokens.admin, `${p}/controls`)) if (statusOf.has(c.control_code)) statusOf.set(c.control_code, c.status);
      // Warm up (a restarted server's first answers are compiled as they come), measured nowhere.
      await recorder.cannon({ url: client.base, connections, duration: Math.min(2, seconds), requests: readRequests });
      for (const phase of PHASES) {
        const label = labels(cache, phase, connections);
        if (![label.reads, label.writes].some((l) => recorder.measured(l))) continue;
        cacheAnswers.hit = cacheAnswers.miss = 0;
        saves.answered = saves.changed = 0;
        if (phase.writers.length) await recorder.measureTogether([label.reads, label.writes], () => Promise.all([reads(), writes(phase)]));
        else await recorder.measureTogether([label.reads], async () => [await reads()]);
        const counted = cacheAnswers.hit + cacheAnswers.miss;
        const hitRate = counted ? `${((100 * cacheAnswers.hit) / counted).toFixed(1)} % (${cacheAnswers.hit} hits, ${cacheAnswers.miss} misses)` : 'n/a';
        const saved = phase.writers.length ? `; saves: ${saves.answered} answered 200, ${saves.changed} changed a status` : '';
        recorder.note(`mixed, cache ${cache}, ${phase.name}: read cache hit rate ${hitRate}${saved}`);
      }
    }
    if (serving !== startedWith) await restart(startedWith);
  },
};
