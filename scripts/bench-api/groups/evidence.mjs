// Group "evidence" (issue 21): uploads of the largest file accepted and the evidence list at 10,000 files.
//
// Uploads: a file of 104,857,600 bytes (the 100 MB limit itself; random bytes, so a type without text) is sent to
// POST …/evidence as multipart/form-data, streamed from a 1 MiB buffer, BENCH_EVIDENCE_UPLOADS times one after
// another, first with the files on local disk (DATA_DIR/files), then — the server restarted with S3_* — into the
// in-test S3 server (apps/api/test/s3-server.ts, SigV4 checked, multipart uploads) run in a process of its own.
// Each upload is timed to its 201 and deleted after (its file purged); the server's resident memory (VmRSS of its
// process) is sampled every 20 ms during each upload: the row's notes give the throughput (MB = 10^6 bytes) and
// the growth of the peak over the RSS just before the upload.
//
// List: the server stops, 10,000 evidences go straight into the database (as the risks group adds risks) in the
// demo project — names from 24 kinds of governance evidence with a quarter and a year, every third described, six
// file types, sizes 20 KB–5 MB, effective dates over two years, every fifth expiring; each with one version whose
// extracted text is 8–19 sentences of a 40-sentence pool (2–4 KB), every 25th also carrying a sentence with the
// word searched below (in no name or description); `search` computed by modules/evidence/search-vector.ts's own
// SQL; each linked to one control of the project, every third to two —, VACUUM ANALYZE, the server starts again
// (with S3_* then). Then the first page, the content search (`name=pseudonymisation`: matches only in the text,
// with the snippet), the light list with a name filter, and the file types.
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { openDatabase } from '../database.mjs';
import { sequentialSummary } from '../measure.mjs';
import { freePort, startDetached, stop } from '../processes.mjs';

const FILES = 10_000;
const UPLOAD_BYTES = 104_857_600;
const UPLOADS = Number(process.env.BENCH_EVIDENCE_UPLOADS ?? 3);
const WORD = 'pseudonymisation';
/** The light list's filter: in the name of 1 file in 24 and in the text of about a third. */
const LIGHT_NAME = 'restore';
const BENCH_NAME = '% (bench _____)';

const labels = () => {
  const at = FILES.toLocaleString('en');
  return {
    local: `POST …/evidence, 100 MB file to local disk (sequential ×${UPLOADS})`,
    s3: `POST …/evidence, 100 MB file to S3 (the test bucket; sequential ×${UPLOADS})`,
    list: `GET …/evidence at ${at}: first page`,
    search: `GET …/evidence at ${at}: content search (name=${WORD}, snippets)`,
    light: `GET …/evidence_list at ${at}: name filter (name=${LIGHT_NAME}, up to 250)`,
    types: `GET …/evidence/files/types at ${at}`,
  };
};

const TITLES = [
  'Access review',
  'Backup restore test',
  'Model card',
  'Penetration test report',
  'Data protection impact assessment',
  'Incident response runbook',
  'Security awareness training records',
  'Vendor risk assessment',
  'Bias and fairness evaluation',
  'Change approval log',
  'Business continuity test',
  'Vulnerability scan',
  'Encryption key rotation log',
  'Human oversight procedure',
  'Training data lineage',
  'Model performance monitoring',
  'Logging and monitoring policy',
  'Supplier contract review',
  'Post-market monitoring plan',
  'Risk management plan',
  'Acceptable use policy',
  'Conformity assessment',
  'Data retention schedule',
  'Red team exercise',
];
const TYPES = [
  // file_type, extension, content type, share in tenths
  ['pdf', 'pdf', 'application/pdf', 4],
  ['docx', 'docx', 'application/vnd.openxmlformats-officedocument.wordprocessingml.document', 2],
  ['csv', 'csv', 'text/csv; charset=utf-8', 1],
  ['markdown', 'md', 'text/markdown; charset=utf-8', 1],
  ['text', 'txt', 'text/plain; charset=utf-8', 1],
  ['json', 'json', 'application/json', 1],
].flatMap(([fileType, extension, contentType, tenths]) => Array.from({ length: tenths }, () => ({ fileType, extension, contentType })));
const SENTENCES = [
  'Access to production systems is granted on request and approved by the system owner.',
  'Quarterly access reviews confirm that every account still needs the rights it holds.',
  'Leavers are removed from all systems within one business day of their last day.',
  'Backups are taken nightly and kept encrypted for thirty-five days in a second region.',
  'A restore of the customer database was tested and completed within the four-hour objective.',
  'The model was evaluated on a held-out dataset drawn from the same period as production traffic.',
  'Performance is reported per demographic group, and differences above five points are investigated.',
  'The incident response team is paged automatically when a critical alert fires.',
  'Every incident gets a post-incident review with actions tracked to closure.',
  'Vendors that process personal data sign a data processing agreement before onboarding.',
  'Critical suppliers are reassessed every year against the security questionnaire.',
  'Changes to production go through peer review and an approval recorded in the change log.',
  'Emergency changes are reviewed within two business days after deployment.',
  'Vulnerability scans run weekly; critical findings are fixed within fourteen days.',
  'Penetration testing covered the public API, the web application and the admin console.',
  'Encryption keys are rotated every ninety days by the key management service.',
  'Data at rest is encrypted with AES-256 and in transit with TLS 1.2 or later.',
  'Human reviewers can override any automated decision before it reaches the applicant.',
  'Operators receive training on the limitations of the system before they are given access.',
  'The training data lineage records the source, licence and collection date of each dataset.',
  'Data minimisation: only the attributes needed for the stated purpose are collected.',
  'Retention periods are defined per record type and enforced by scheduled deletion jobs.',
  'Logs are kept for one year and protected against modification.',
  'Monitoring dashboards track drift in input distributions and prediction quality.',
  'An alert is raised when the approval rate moves more than three points in a week.',
  'The business continuity plan was exercised with a simulated regional outage.',
  'Recovery point and recovery time objectives were met for all tier-one services.',
  'Security awareness training was completed by 97 percent of staff this quarter.',
  'Phishing simulations are run monthly and repeat clickers receive additional coaching.',
  'The risk register is reviewed by the governance committee every quarter.',
  'Residual risks above the appetite are escalated to the executive sponsor.',
  'The conformity assessment followed the internal control procedure of the regulation.',
  'Technical documentation is kept up to date and versioned with each model release.',
  'Post-market monitoring collects complaints, incidents and performance data from deployers.',
  'Red team exercises probed the model for prompt injection and data leakage.',
  'Findings were rated by severity and assigned owners with due dates.',
  'The acceptable use policy was acknowledged by all users of the platform.',
  'Exceptions to the policy require a documented justification and an expiry date.',
  'Evidence of each control is collected automatically from the CI pipeline where possible.',
  'The auditor sampled twenty-five changes and found all of them approved before release.',
];
const WORD_SENTENCE = `Customer identifiers are replaced before analysis; ${WORD} keys are held by the data protection officer only.`;

/** The multipart/form-data envelope around one file part named `file`. */
function multipart(fileName, size) {
  const boundary = `----aegis-bench-${crypto.randomUUID()}`;
  const head = Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="file"; filename="${fileName}"\r\ncontent-type: application/octet-stream\r\n\r\n`);
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return { contentType: `multipart/form-data; boundary=${boundary}`, head, tail, length: head.length + size + tail.length };
}

/** The server's resident memory in MB (Linux /proc), or null elsewhere. */
function rssMb(pid) {
  try {
    return Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))[1]) / 1024;
  } catch {
    return null;
  }
}

/**
 * Streams `UPLOAD_BYTES` of random bytes to POST `url` as the multipart part `file`, with backpressure, while
 * sampling the server's RSS; resolves to the time to the answer's end, its status and body, and the RSS before and at peak.
 */
async function timedUpload(url, token, pid, chunk) {
  const { contentType, head, tail, length } = multipart('bench-logs.bin', UPLOAD_BYTES);
  const before = rssMb(pid);
  let peak = before;
  const sampler = setInterval(() => {
    const now = rssMb(pid);
    if (now !== null && now > peak) peak = now;
  }, 20);
  const started = performance.now();
  try {
    const { status, body } = await new Promise((resolve, reject) => {
      const request = http.request(url, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': contentType, 'content-length': length } }, (response) => {
        const chunks = [];
        response.on('data', (c) => chunks.push(c));
        response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString('utf8') }));
        response.on('error', reject);
      });
      request.on('error', reject);
      (async () => {
        const write = (bytes) => (request.write(bytes) ? undefined : new Promise((r) => request.once('drain', r)));
        await write(head);
        for (let sent = 0; sent < UPLOAD_BYTES; sent += chunk.length) await write(chunk.subarray(0, Math.min(chunk.length, UPLOAD_BYTES - sent)));
        request.end(tail);
      })().catch(reject);
    });
    const ms = performance.now() - started;
    const now = rssMb(pid);
    if (now !== null && now > peak) peak = now;
    return { ms, status, body, before, peak };
  } finally {
    clearInterval(sampler);
  }
}

/** Uploads the 100 MB file `UPLOADS` times (each deleted after); resolves to the row's numbers and a note. */
async function uploads(ctx, where) {
  const { client, tokens } = ctx;
  const url = `${client.base}/api/projects/${ctx.demoProject}/evidence?name=${encodeURIComponent(`Bench upload ${ctx.options.runId} (${where})`)}`;
  const chunk = crypto.randomBytes(1024 * 1024);
  const times = [];
  const growth = [];
  let failures = 0;
  let baseline;
  for (let i = 0; i < UPLOADS; i++) {
    const result = await timedUpload(url, tokens.admin, ctx.serverPid(), chunk);
    baseline ??= result.before;
    times.push(result.ms);
    if (result.before !== null) growth.push(result.peak - result.before);
    if (result.status !== 201) {
      failures++;
      ctx.fail(`evidence: upload to ${where}: ${result.status} ${result.body.slice(0, 300)}`);
      continue;
    }
    const evidence = JSON.parse(result.body);
    if (evidence.size !== UPLOAD_BYTES) ctx.fail(`evidence: upload to ${where} stored ${evidence.size} bytes`);
    await client.call(tokens.admin, 'DELETE', `/api/projects/${ctx.demoProject}/evidence/${evidence.id}`);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const median = sorted[Math.floor((sorted.length - 1) / 2)];
  const mbPerSecond = (ms) => (UPLOAD_BYTES / 1e6 / (ms / 1000)).toFixed(0);
  const rss = growth.length
    ? `server RSS ${baseline.toFixed(0)} MB before the first, peak growth ${growth.map((g) => `+${g.toFixed(0)}`).join(', ')} MB`
    : 'server RSS not measured (no /proc)';
  return {
    row: sequentialSummary(times, failures),
    note: `evidence: 100 MB upload to ${where}: ${mbPerSecond(median)} MB/s median (${sorted.map((ms) => `${(ms / 1000).toFixed(2)} s`).join(', ')}); ${rss}`,
  };
}

/** The test S3 server in a process of its own (tsx runs the TypeScript); resolves to its S3_* variables and the child. */
async function startS3(root) {
  const port = await freePort();
  const source = `import { startS3Server } from ${JSON.stringify(pathToFileURL(path.join(root, 'apps/api/test/s3-server.ts')).href)};
await startS3Server({ port: ${port} });`;
  const child = startDetached(root, process.execPath, ['--import', 'tsx', '--input-type=module', '-e', source], process.env);
  const endpoint = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the test S3 server exited with ${child.exitCode}`);
    // Any answer (403: unsigned) means it listens.
    if (await fetch(endpoint).then(() => true, () => false)) break;
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    child,
    env: { S3_ENDPOINT: endpoint, S3_BUCKET: 'evidence', S3_REGION: 'eu-west-1', S3_ACCESS_KEY_ID: 'AKIDTEST', S3_SECRET_ACCESS_KEY: 'test-secret' },
  };
}

/** evidences.search as modules/evidence/search-vector.ts writes it, over the columns of the `p` rows below. */
async function searchVectorSql(root) {
  const { tsImport } = await import('tsx/esm/api');
  const file = path.join(root, 'apps/api/src/modules/evidence/search-vector.ts');
  const { searchVector } = await tsImport(pathToFileURL(file).href, import.meta.url);
  const { sql } = await tsImport('drizzle-orm', pathToFileURL(file).href);
  const { PgDialect } = await tsImport('drizzle-orm/pg-core', pathToFileURL(file).href);
  const query = new PgDialect().sqlToQuery(searchVector(sql.raw('p.name'), sql.raw('p.description'), sql.raw('p.content')));
  if (query.params.length) throw new Error('search-vector.ts: expected SQL without parameters');
  return query.sql;
}

/** Adds bench evidences (with a version, text, search and control links) until `FILES` exist; returns how many it added. */
async function growTo(db, { organizationId, projectId, adminId, searchSql }) {
  const [{ have }] = (await db.query(`select count(*)::int as have from evidences where project_id = $1 and name like $2`, [projectId, BENCH_NAME])).rows;
  if (have >= FILES) return 0;
  const controls = (await db.query(`select id from project_controls where project_id = $1 order by id`, [projectId])).rows.map((r) => r.id);
  if (controls.length < 2) throw new Error('evidence: the demo project has no controls to link');
  await db.query(
    `with pool as (
       select array(select jsonb_array_elements_text($5::jsonb)) as s, array(select jsonb_array_elements_text($6::jsonb)) as t, array(select value from jsonb_array_elements($7::jsonb)) as ty
     ), p as materialized (
       select g, gen_random_uuid() as eid, gen_random_uuid() as vid,
              pool.t[1 + g % cardinality(pool.t)] || ' Q' || (1 + g / 24 % 4) || ' ' || (2024 + g % 3) || ' (bench ' || lpad(g::text, 5, '0') || ')' as name,
              case when g % 3 = 0 then 'Collected for the ' || lower(pool.t[1 + g % cardinality(pool.t)]) || ' control; owner: governance team.' else '' end as description,
              pool.ty[1 + g % cardinality(pool.ty)] as ty,
              (select string_agg(pool.s[1 + (g * 7 + k * 13) % cardinality(pool.s)], ' ') from generate_series(1, 8 + g % 12) k)
                || case when g % 25 = 0 then ' ' || $8 else '' end as content,
              20000 + (g * 7919) % 5000000 as size,
              current_date - (g % 730) as effective_date,
              case when g % 5 = 0 then current_date - (g % 730) + 365 end as expires_on,
              now() - make_interval(secs => $4::int - g) as at
         from generate_series($3::int, $4::int) g, pool
     ), ev as (
       insert into evidences (id, organization_id, project_id, name, description, current_version_id, version, file_name, size, content_type, file_type, sha256,
                              text_status, effective_date, expires_on, search, created_by, uploaded_by, uploaded_at, created_at, updated_at)
       select p.eid, $1, $2, p.name, p.description, p.vid, 1, regexp_replace(lower(p.name), '[^a-z0-9]+', '-', 'g') || '.' || (p.ty->>'extension'),
              p.size, p.ty->>'contentType', (p.ty->>'fileType')::evidence_file_type, encode(sha256(convert_to(p.content || p.g, 'UTF8')), 'hex'),
              'extracted', p.effective_date, p.expires_on, ${searchSql}, $9, $9, p.at, p.at, p.at
         from p
       returning id
     ), ver as (
       insert into evidence_versions (id, organization_id, project_id, evidence_id, version, storage_key, file_name, size, content_type, file_type, sha256, text_status, content, uploaded_by, uploaded_at)
       select p.vid, $1, $2, p.eid, 1, 'organizations/' || $1 || '/projects/' || $2 || '/evidence/' || p.eid || '/' || p.vid,
              regexp_replace(lower(p.name), '[^a-z0-9]+', '-', 'g') || '.' || (p.ty->>'extension'), p.size, p.ty->>'contentType', (p.ty->>'fileType')::evidence_file_type,
              encode(sha256(convert_to(p.content || p.g, 'UTF8')), 'hex'), 'extracted', p.content, $9, p.at
         from p
     )
     insert into evidence_links (organization_id, project_id, evidence_id, control_id, linked_by, linked_at)
     select $1, $2, p.eid, ($10::uuid[])[1 + (p.g + k) % cardinality($10::uuid[])], $9, p.at
       from p, generate_series(0, 1) k where k = 0 or p.g % 3 = 0`,
    [
      organizationId,
      projectId,
      have + 1,
      FILES,
      JSON.stringify(SENTENCES),
      JSON.stringify(TITLES),
      JSON.stringify(TYPES),
      WORD_SENTENCE,
      adminId,
      controls,
    ],
  );
  await db.query('vacuum analyze evidences, evidence_versions, evidence_links');
  return FILES - have;
}

export const evidence = {
  name: 'evidence',
  title: () => `100 MB uploads (local disk, S3) and the demo project's evidence list with ${FILES.toLocaleString('en')} files (added straight into the database)`,
  labels: () => Object.values(labels()),
  async run(ctx) {
    const { client, tokens, recorder, options } = ctx;
    const label = labels();
    const p = `/api/projects/${ctx.demoProject}`;
    const uploadRow = async (rowLabel, where) => {
      let note;
      await recorder.measure(rowLabel, async () => {
        const result = await uploads(ctx, where);
        note = result.note;
        return result.row;
      });
      if (note) recorder.note(note);
    };

    await uploadRow(label.local, 'local disk');

    const listing = [label.list, label.search, label.light, label.types].some((l) => recorder.measured(l));
    const s3 = recorder.measured(label.s3) ? await startS3(ctx.root) : undefined;
    try {
      if (listing || s3) {
        const adminId = (await client.call(tokens.admin, 'GET', '/api/users/me')).id;
        const searchSql = listing ? await searchVectorSql(ctx.root) : undefined;
        const started = performance.now();
        let added = 0;
        const readyMs = await ctx.restartServer(async () => {
          if (!listing) return;
          const db = await openDatabase(ctx.root, { databaseUrl: options.databaseUrl, dataDir: ctx.dataDir });
          try {
            added = await growTo(db, { organizationId: ctx.organizationId, projectId: ctx.demoProject, adminId, searchSql });
          } finally {
            await db.close();
          }
        }, s3?.env);
        if (listing) {
          recorder.note(
            `evidence: ${added.toLocaleString('en')} evidences added in ${((performance.now() - started - readyMs) / 1000).toFixed(1)} s, the server started again in ${(readyMs / 1000).toFixed(1)} s`,
          );
        }
      }
      if (s3) await uploadRow(label.s3, 'S3');

      if (listing) {
        const found = await client.call(tokens.admin, 'GET', `${p}/evidence?name=${WORD}&size=5`);
        const snippets = found.items.filter((item) => item.snippet?.includes(`«`)).length;
        const all = await client.call(tokens.admin, 'GET', `${p}/evidence?size=1`);
        const light = await client.call(tokens.admin, 'GET', `${p}/evidence_list?name=${LIGHT_NAME}`);
        recorder.note(
          `evidence: the project holds ${all.total.toLocaleString('en')} evidences; name=${WORD} finds ${found.total} (in their text only), ${snippets} of the first ${found.items.length} with a snippet; ` +
            `the light list's name=${LIGHT_NAME} finds ${light.total.toLocaleString('en')} (names and text), answers ${light.items.length}`,
        );
        if (found.total < FILES / 25 || snippets !== found.items.length) ctx.fail(`evidence: the content search found ${found.total}, ${snippets} snippets`);

        // A slow row leaves up to its connections' requests queued in the server when autocannon stops, and the next
        // row would wait behind them (on PGlite, one query at a time; a request of several queries can slip in between
        // theirs): the row starts once a light request answers within a second again (30 ms when the server is idle).
        const settle = async () => {
          for (const started = performance.now(); performance.now() - started < 120_000; ) {
            const asked = performance.now();
            await client.call(tokens.admin, 'GET', `${p}/evidence/files/types`);
            if (performance.now() - asked < 1000) return;
          }
        };
        const read = async (url, more = {}) => {
          await settle();
          return recorder.cannon({ url: `${client.base}${url}`, headers: { authorization: `Bearer ${tokens.admin}` }, ...more });
        };
        await recorder.measure(label.list, () => read(`${p}/evidence`));
        await recorder.measure(label.search, () => read(`${p}/evidence?name=${WORD}`));
        await recorder.measure(label.light, () => read(`${p}/evidence_list?name=${LIGHT_NAME}`));
        await recorder.measure(label.types, () => read(`${p}/evidence/files/types`));
      }
    } finally {
      if (s3) {
        // Back to local disk for the groups after this one, then the bucket goes.
        await ctx.restartServer(async () => undefined);
        await stop(s3.child);
      }
    }
  },
};
