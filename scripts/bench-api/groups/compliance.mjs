// Group "compliance" (was `npm run bench:compliance`): the three AI frameworks are applied, one project after
// another through POST /api/v1/projects/{id}/frameworks, to every project the seed created (the apply is the
// measured write), and the demo project's compliance lists are read again in an organization where every
// project carries them (about 11,000 project controls and 19,000 project requirements at 100 projects), with the
// project's own reviews list.
import { sequentialSummary, timedFetch } from '../measure.mjs';
import { analyze } from '../seed.mjs';

const FRAMEWORKS = ['EU_AI_ACT', 'ISO_IEC_42001', 'NIST_AI_RMF'];
const SEEDED = /^Bench API [0-9a-z]+ \d+$/;
const applyLabel = 'POST /api/v1/projects/:id/frameworks (apply the three; sequential, one per project)';

const reads = (ctx) => {
  const p = `/api/projects/${ctx.demoProject}`;
  const { admin, reviewer } = ctx.tokens;
  return [
    ['GET …/frameworks', `${p}/frameworks`, admin],
    ['GET …/requirements', `${p}/requirements`, admin],
    ['GET …/controls, no filter', `${p}/controls`, admin],
    ['GET …/controls, framework + status', `${p}/controls?framework=EU_AI_ACT&status=ready,in_progress`, admin],
    ["GET …/reviews/control, the project's reviews (reviewer)", `${p}/reviews/control`, reviewer],
  ];
};

export const compliance = {
  name: 'compliance',
  title: () => "the three AI frameworks applied to every project of the seed",
  labels: (ctx) => [applyLabel, ...reads(ctx).map(([label]) => label)],
  async run(ctx) {
    const { client, tokens, recorder, options } = ctx;
    const projects = await client.all(tokens.admin, `/api/organizations/${ctx.organizationId}/projects`);
    // The seed's projects ("Bench API <run> <n>"), not those the core group's create measurement added.
    const waiting = projects.filter((project) => SEEDED.test(project.name) && project.frameworks.length === 0);
    // The apply runs whenever the group does (the reads below are measured on its result); its row when selected.
    const applyAll = async () => {
      const times = [];
      let failures = 0;
      const init = { method: 'POST', headers: { authorization: `Bearer ${tokens.admin}`, 'content-type': 'application/json' }, body: JSON.stringify(FRAMEWORKS) };
      for (const project of waiting) if (!(await timedFetch(times, `${client.base}/api/v1/projects/${project.id}/frameworks`, init))) failures++;
      return sequentialSummary(times, failures);
    };
    if (waiting.length === 0) recorder.note("compliance: the seed's projects already had the frameworks (a database reused from an earlier run), no apply measured");
    else if (recorder.measured(applyLabel)) await recorder.measure(applyLabel, applyAll);
    else await applyAll();
    // As after the seed: PostgreSQL's autovacuum would analyze the grown tables within a minute or so; right after
    // the apply the requirements list ran on the planner's guesses (not one answer in 5 s at 50 connections).
    if (options.databaseUrl && waiting.length) await analyze(ctx.root, options.databaseUrl);
    const applied = (await client.all(tokens.admin, `/api/organizations/${ctx.organizationId}/projects`)).filter((project) => project.frameworks.length >= FRAMEWORKS.length).length;
    recorder.note(`compliance: ${applied} of ${projects.length} projects carry the three frameworks (applied above: ${waiting.length})`);

    for (const [label, url, bearer] of reads(ctx)) await recorder.measure(label, () => recorder.cannon({ url: `${client.base}${url}`, headers: { authorization: `Bearer ${bearer}` } }));
  },
};
