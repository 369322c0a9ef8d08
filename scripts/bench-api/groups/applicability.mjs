// Group "applicability" (issue 19): the demo project "Credit Scoring Model", which applies the three AI
// frameworks, as admin@demo.local. Its EU AI Act settings are read, then saved BENCH_REVIEW_ITERATIONS times one
// after another, alternating between two realistic answers so that every save moves requirements and controls
// (a CV-screening tool deployed by an employer, high-risk under Annex III point 4(a); a customer chatbot built and
// run in-house, with transparency obligations only) — each save re-evaluates the whole project; the same save
// with dry_run=true (always the other answers, so that each one would move something); the questionnaires, an
// ISO/IEC 42001 answer (third parties: yes, no, …), the statements of applicability of ISO/IEC 42001 and the EU AI
// Act (JSON and CSV) and the
// requirements list once the settings have moved requirements out of scope. The project's settings and the
// answer are put back as they were at the end.
import { sequentialSummary } from '../measure.mjs';

const CV_SCREENING = {
  product_category: 'ai_system',
  role: ['deployer'],
  use_case: ['annex_iii_4a'],
  establishment: ['eu', 'employer'],
  project_requirements: ['none'],
  critical_issues: ['none'],
  supply_terms: ['none'],
};
const CHATBOT = {
  product_category: 'ai_system',
  role: ['provider', 'deployer'],
  use_case: ['none'],
  establishment: ['eu'],
  project_requirements: ['interacts_with_people'],
  critical_issues: ['none'],
  supply_terms: ['own_use_only'],
};
const QUESTION = 'frameworks-questionnaires/ISO_IEC_42001/answers/iso_42001.third_parties';

const labels = (n) => ({
  settings: 'GET …/eu_ai_act_settings',
  save: `POST …/eu_ai_act_settings (CV screening ↔ chatbot; sequential ×${n})`,
  dryRun: `POST …/eu_ai_act_settings?dry_run=true (sequential ×${n})`,
  questionnaires: 'GET …/frameworks-questionnaires',
  answer: `PUT …/frameworks-questionnaires/ISO_IEC_42001/answers/iso_42001.third_parties (yes ↔ no; sequential ×${n})`,
  soa: 'GET …/statement-of-applicability (ISO/IEC 42001)',
  soaCsv: 'GET …/statement-of-applicability.csv',
  soaEu: 'GET …/statement-of-applicability?framework=EU_AI_ACT (header, reasons and dates per row)',
  soaEuCsv: 'GET …/statement-of-applicability.csv?framework=EU_AI_ACT',
  requirements: 'GET …/requirements, after the settings moved requirements out of scope',
});

/** Times one call to the end of its body; resolves to its status and its JSON (parsed after the clock stops). */
async function timedJson(times, url, init) {
  const started = performance.now();
  const response = await fetch(url, init);
  const text = await response.text();
  times.push(performance.now() - started);
  return { ok: response.ok, status: response.status, body: response.ok ? JSON.parse(text) : text.slice(0, 300) };
}

const moved = (change) => change.requirements_out.length + change.requirements_in.length + change.controls_out.length + change.controls_restored.length;
const described = (change) =>
  `${change.requirements_out.length} requirements out, ${change.requirements_in.length} in, ${change.controls_out.length} controls out, ` +
  `${change.controls_restored.length} restored, ${change.controls_kept.length} kept`;

export const applicability = {
  name: 'applicability',
  title: () => 'the EU AI Act settings, questionnaires and statement of applicability of the demo project (three frameworks)',
  labels: (ctx) => Object.values(labels(ctx.options.reviewIterations)),
  async run(ctx) {
    const { client, tokens, recorder, options } = ctx;
    const n = options.reviewIterations;
    const label = labels(n);
    const p = `/api/projects/${ctx.demoProject}`;
    const headers = { authorization: `Bearer ${tokens.admin}` };
    const read = (url) => recorder.cannon({ url: `${client.base}${url}`, headers });
    const send = (method, body) => ({ method, headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    const original = (await client.call(tokens.admin, 'GET', `${p}/eu_ai_act_settings`)).settings;
    const originalAnswer = (await client.call(tokens.admin, 'GET', `${p}/frameworks-questionnaires`)).items
      .find((q) => q.framework_code === 'ISO_IEC_42001')
      ?.questions.find((q) => q.id === 'iso_42001.third_parties')?.answer;

    /** Measures the row as `n` calls one after another, when selected; then notes what their answers moved and the first refusal. */
    const sequence = async (name, row, call) => {
      const changes = [];
      let refusal;
      await recorder.measure(row, async () => {
        const times = [];
        let failures = 0;
        for (let i = 0; i < n; i++) {
          const result = await call(times, i);
          if (result.ok) changes.push(result.body.change);
          else {
            failures++;
            refusal ??= `${result.status} ${result.body}`;
          }
        }
        return sequentialSummary(times, failures);
      });
      if (!recorder.measured(row)) return;
      const still = changes.filter((change) => moved(change) === 0).length;
      const sample = changes.slice(0, 2).map(described).join('; then ');
      recorder.note(`applicability, ${name}: ${sample || 'no answer'}${still ? `; ${still} of ${changes.length} moved nothing` : ''}${refusal ? `; first refusal: ${refusal}` : ''}`);
    };

    await recorder.measure(label.settings, () => read(`${p}/eu_ai_act_settings`));

    // The saves: CV screening, chatbot, CV screening…; the dry runs then send the answers not saved last.
    let saved;
    await sequence('each save', label.save, async (times, i) => {
      const body = i % 2 === 0 ? CV_SCREENING : CHATBOT;
      const result = await timedJson(times, `${client.base}${p}/eu_ai_act_settings`, send('POST', body));
      if (result.ok) saved = body;
      return result;
    });
    if (!saved) {
      await client.call(tokens.admin, 'POST', `${p}/eu_ai_act_settings`, CHATBOT);
      saved = CHATBOT;
    }
    const other = saved === CV_SCREENING ? CHATBOT : CV_SCREENING;
    await sequence('each dry run', label.dryRun, (times) => timedJson(times, `${client.base}${p}/eu_ai_act_settings?dry_run=true`, send('POST', other)));

    await recorder.measure(label.questionnaires, () => read(`${p}/frameworks-questionnaires`));
    // No, yes, no… (yes, no… when it was no): each answer moves the requirement that relies on third parties.
    const first = originalAnswer?.[0] === 'no' ? 'yes' : 'no';
    const flip = { yes: 'no', no: 'yes' };
    await sequence('each ISO/IEC 42001 answer', label.answer, (times, i) =>
      timedJson(times, `${client.base}${p}/${QUESTION}`, send('PUT', { answer: [i % 2 === 0 ? first : flip[first]] })),
    );

    await recorder.measure(label.soa, () => read(`${p}/statement-of-applicability`));
    await recorder.measure(label.soaCsv, () => read(`${p}/statement-of-applicability.csv`));
    await recorder.measure(label.soaEu, () => read(`${p}/statement-of-applicability?framework=EU_AI_ACT`));
    await recorder.measure(label.soaEuCsv, () => read(`${p}/statement-of-applicability.csv?framework=EU_AI_ACT`));
    if (recorder.measured(label.requirements)) {
      const requirements = await client.all(tokens.admin, `${p}/requirements`);
      recorder.note(`applicability: ${requirements.filter((r) => !r.applicable).length} of ${requirements.length} requirements not applicable while the requirements list was measured`);
      await recorder.measure(label.requirements, () => read(`${p}/requirements`));
    }

    // The demo project as the seed left it, for whatever runs next.
    await client.call(tokens.admin, 'POST', `${p}/eu_ai_act_settings`, original);
    await client.call(tokens.admin, 'PUT', `${p}/${QUESTION}`, { answer: originalAnswer ?? null });
  },
};
