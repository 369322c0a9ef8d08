import { and, eq, inArray } from 'drizzle-orm';
import { projectRightsFor, type UploadEvidenceQuery } from '@aegis/contracts';
import { systemClock } from '../lib/clock';
import type { FileStorage } from '../lib/storage/file-storage';
import type { RequestContext } from '../plugins/auth';
import { evidenceService } from '../modules/evidence/evidence-service';
import { addEvidenceIn } from '../modules/evidence/evidence-upload-service';
import type { Tx } from '../db/client';
import { projectControls, projects, risks, users } from '../db/schema';

/**
 * A PDF of one page with the given lines, written by hand (uncompressed, Helvetica, Latin-1 text): valid
 * for every reader and for the text extractor, and small enough to keep in the seed.
 */
export function minimalPdf(lines: readonly string[]): Buffer {
  const escape = (line: string) => line.replace(/[()\\]/g, (c) => `\\${c}`);
  const stream = `BT /F1 11 Tf 15 TL 72 740 Td ${lines.map((line) => `(${escape(line)}) Tj T*`).join(' ')} ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

type DemoFile = {
  name: string;
  fileName: string;
  content: string | Buffer;
  description: string;
  effective: number;
  /** Days from today; negative: expired already. */
  expires?: number;
  controls: string[];
  /** Risks of the register by the library entry they were made from. */
  risks?: string[];
};

const MODEL_CARD = `# Model card — Credit scoring model v3.2

## Intended use
Scores consumer credit applications (personal loans up to EUR 50,000) for the underwriting team. The score
ranks applicants by probability of default over 12 months; it never refuses an application on its own.

## Model
Gradient-boosted trees (LightGBM), 214 features from the application form and the credit bureau feed.
Trained on applications from 2021-01 to 2025-12 (1.8 million, 4.1 % defaults).

## Performance (holdout 2026-09)
AUC 0.812 · Gini 0.624 · KS 0.47 · Brier 0.061.

## Fairness
Approval-rate gaps per protected group are tested before each release; see the bias test report.

## Limitations
Thin-file applicants (fewer than two bureau records) are scored with lower confidence and routed to manual review.
`;

const POLICY = `AI acceptable use policy — version 1.2
Approved by the executive committee on 12 March 2026.

1. Every AI system has a named owner who answers for its outcomes.
2. No AI system makes a final decision on credit, employment or insurance without human review.
3. Personal data is used for AI only for the purposes stated to the people it concerns.
4. Models are tested for bias before release and monitored in production.
5. Incidents involving AI are reported to the model risk committee within 24 hours.
`;

const METRICS = `segment,applications,auc,gini,ks,approval_rate,default_rate
all,52114,0.812,0.624,0.47,0.583,0.039
age_18_25,6210,0.781,0.562,0.42,0.511,0.052
age_26_40,21877,0.815,0.630,0.48,0.596,0.037
age_41_65,19835,0.818,0.636,0.48,0.601,0.036
age_65_plus,4192,0.797,0.594,0.44,0.552,0.041
thin_file,3318,0.702,0.404,0.31,0.402,0.067
`;

const PIPELINE = JSON.stringify(
  {
    model: 'credit-scoring',
    version: '3.2.0',
    features: { source: 'bureau_feed_v7', count: 214, excluded: ['postcode', 'employer_sector'] },
    training: { window: ['2021-01-01', '2025-12-31'], algorithm: 'lightgbm', seed: 20260301 },
    monitoring: { population_stability_index: { warn: 0.1, retrain: 0.25 }, schedule: 'monthly', owner: 'model-risk@demo.local' },
    release_gates: ['approval_rate_gap_per_group <= 0.05', 'auc >= 0.78', 'manual_review_thin_file = true'],
  },
  null,
  2,
);

const PSI = `# Population stability report — October 2026

| Feature group | PSI | Status |
|---|---|---|
| Income and employment | 0.06 | stable |
| Bureau history | 0.11 | watch |
| Existing debt | 0.08 | stable |
| **Score** | **0.09** | stable |

The bureau history group moved after the interest-rate change of 1 October; no retraining is needed
below 0.25. Next report due in November.
`;

const PENTEST = `Scoring API — penetration test summary
Tester: external firm, engagement 2025-09.

Scope: the internal scoring API, its service credentials and the model artefact store.
Findings: 0 critical, 1 high (fixed: artefact store readable by the batch account), 3 medium, 5 low.
Model extraction: rate limits and service credentials stop bulk querying from outside the model team.
Retest: all high and medium findings closed on 2025-10-20.
`;

const DPIA = `# Data protection impact assessment — credit scoring

Processing: automated scoring of credit applications (GDPR Art. 22 safeguards: human review of every refusal).
Personal data: application form, credit bureau records; no special categories.
Risks: exposure of applicant data through scoring logs; inference of protected attributes through proxies.
Measures: pseudonymised identifiers in logs, log store restricted to the model team, proxy features removed.
Residual risk: low. DPO opinion: favourable, 2026-04-02.
`;

const BIAS_REPORT = minimalPdf([
  'Bias test report - Q3 2026',
  'Credit scoring model v3.2, holdout applications 2026-07 to 2026-09 (52,114).',
  '',
  'Approval-rate gap per protected group (threshold 5 points):',
  '  Sex: 1.2 points    Age 65+: 3.1 points    Nationality: 2.4 points',
  'Equal opportunity difference (true positive rate): at most 2.0 points.',
  '',
  'Postcode and employer sector were removed as proxies in v3.1;',
  'the gaps stay within the release gate. Result: passed.',
]);

/** The credit model's evidence: documentation, test reports, metrics, configuration, policy; one expiring soon, one expired. */
const CREDIT_SCORING_EVIDENCE: DemoFile[] = [
  { name: 'Model card — credit scoring v3.2', fileName: 'model-card-v3.2.md', content: MODEL_CARD, description: 'Intended use, performance, fairness and limitations of the release in production.', effective: -40, controls: ['MFF-1.DOC.02', 'MFF-1.LCM.03'] },
  { name: 'Bias test report Q3 2026', fileName: 'bias-test-report-2026-q3.pdf', content: BIAS_REPORT, description: 'Approval-rate gaps per protected group on the Q3 holdout.', effective: -20, expires: 70, controls: ['MFF-1.VAL.05', 'MFF-1.DAT.06'], risks: ['harmful-bias'] },
  { name: 'Validation metrics — holdout 2026-09', fileName: 'validation-metrics-2026-09.csv', content: METRICS, description: 'AUC, Gini and KS by segment.', effective: -20, controls: ['MFF-1.VAL.02'] },
  { name: 'Scoring pipeline configuration', fileName: 'scoring-pipeline.json', content: PIPELINE, description: 'Features, training window, monitoring thresholds and release gates of v3.2.', effective: -40, controls: ['MFF-1.MON.02', 'MFF-1.LCM.02'] },
  { name: 'AI acceptable use policy v1.2', fileName: 'ai-acceptable-use-policy-v1.2.txt', content: POLICY, description: 'The organization-wide policy the credit model is run under.', effective: -250, expires: 480, controls: ['MFF-1.GOV.03'] },
  { name: 'Population stability report — October 2026', fileName: 'population-stability-2026-10.md', content: PSI, description: 'Monthly drift report for the model risk committee.', effective: -25, expires: 5, controls: ['MFF-1.MON.02'], risks: ['model-drift'] },
  { name: 'Scoring API penetration test summary', fileName: 'pentest-summary-2025.txt', content: PENTEST, description: 'Yearly penetration test of the scoring API; the next one is overdue.', effective: -377, expires: -12, controls: ['MFF-1.SEC.03'] },
  { name: 'Data protection impact assessment', fileName: 'dpia-credit-scoring.md', content: DPIA, description: 'GDPR Art. 35 assessment with the DPO’s opinion.', effective: -230, controls: ['MFF-1.DAT.08'], risks: ['privacy-leakage'] },
];

/** Acting as the project's editor, with that role's rights, as their uploads would. */
async function editorOf(tx: Tx, organizationId: string): Promise<RequestContext> {
  const [user] = await tx.select().from(users).where(eq(users.email, 'editor@demo.local'));
  const rights = new Set<string>(projectRightsFor(['editor']));
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
    projectRoles: async () => ['editor'],
    remembered: (_key, lookup) => lookup(),
  };
}

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo project's evidence, uploaded by its editor through the evidence services as the Evidence tab
 * would: files stored (with their hashes) in the given storage, linked to the controls and risks they
 * prove, the editor their owner. One expires within the week, one has expired (the daily job flags its
 * control when the server starts). Their text is read when the text job runs.
 */
export async function seedDemoEvidence(tx: Tx, demo: { organizationId: string; storage: FileStorage }) {
  const [project] = await tx.select({ id: projects.id }).from(projects).where(and(eq(projects.organizationId, demo.organizationId), eq(projects.name, 'Credit Scoring Model')));
  if (!project) return;
  const ctx = await editorOf(tx, demo.organizationId);
  const deps = { db: tx, clock: systemClock, storage: demo.storage };
  const codes = [...new Set(CREDIT_SCORING_EVIDENCE.flatMap((file) => file.controls))];
  const controls = new Map(
    (await tx.select({ id: projectControls.id, code: projectControls.controlCode }).from(projectControls).where(and(eq(projectControls.projectId, project.id), inArray(projectControls.controlCode, codes)))).map((c) => [c.code, c.id]),
  );
  const register = new Map((await tx.select({ id: risks.id, libraryId: risks.libraryId }).from(risks).where(eq(risks.projectId, project.id))).map((r) => [r.libraryId, r.id]));
  for (const file of CREDIT_SCORING_EVIDENCE) {
    const input: UploadEvidenceQuery = { name: file.name, description: file.description, effective_date: inDays(file.effective), ...(file.expires !== undefined ? { expires_on: inDays(file.expires) } : {}) };
    const bytes = Buffer.isBuffer(file.content) ? file.content : Buffer.from(file.content, 'utf8');
    const id = await addEvidenceIn(tx, deps, ctx, project.id, input, { fileName: file.fileName, source: (async function* () { yield bytes; })(), truncated: () => false });
    const controlIds = file.controls.map((code) => controls.get(code)).filter((c): c is string => c !== undefined);
    const riskIds = (file.risks ?? []).map((from) => register.get(from)).filter((r): r is string => r !== undefined);
    await evidenceService(deps).update(ctx, project.id, id, { control_ids: controlIds, risk_ids: riskIds });
    await evidenceService(deps).setAssignees(ctx, project.id, id, { assignees: [ctx.user.id], reviewers: [] });
  }
}
