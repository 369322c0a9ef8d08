import { and, eq, inArray } from 'drizzle-orm';
import { assetCardFacts, projectRightsFor, type AssetCardFacts, type AssetCardNature, type AssetCardType, type LineageRelation, type ProjectRole } from '@aegis/contracts';
import type { RequestContext } from '../plugins/auth';
import { assetCardService, createAssetCardIn } from '../modules/asset-cards/asset-card-service';
import type { Tx } from '../db/client';
import { evidences, projectControls, projects, risks, users } from '../db/schema';

type DemoCard = {
  key: string;
  name: string;
  type: AssetCardType;
  nature: AssetCardNature;
  version?: string;
  description: string;
  facts: Partial<AssetCardFacts>;
  sections: Record<string, string>;
  upstream?: { key: string; relation: LineageRelation }[];
  controls?: string[];
  /** Risk library ids of the project's risks it bears on. */
  risks?: string[];
  /** Evidence names (the evidence seed runs only with a storage: missing files are skipped). */
  evidence?: string[];
  status?: 'in_progress';
};

/**
 * The credit model's inventory: the applications dataset, the gradient-boosted scorer trained on it, the
 * decision engine that uses the scorer and the identity-verification service it calls — lineage dataset →
 * model → system, each linked to the controls, risks and evidence that concern it.
 */
const CREDIT_SCORING_CARDS: DemoCard[] = [
  {
    key: 'applications',
    name: 'Loan applications 2019–2024',
    type: 'dataset',
    nature: 'in_house',
    version: '2024.2',
    description: 'Every consumer loan application since January 2019 with the declared data, the credit bureau score and the final decision: the training and validation data of the credit scoring model.',
    facts: {
      license: 'proprietary',
      personal_data: true,
      personal_data_categories: ['Identity', 'Income and employment', 'Family situation', 'Credit history'],
      size: '1.2 M applications, 42 columns, 410 MB',
      time_span_start: '2019-01-01',
      time_span_end: '2024-06-30',
    },
    sections: {
      source_and_provenance: 'Nightly exports of the core banking system (declared data, decision) joined with the credit bureau’s answer for each application. Owned by Credit Analytics; the bureau data is used under the bureau contract (clause 7: model development allowed).',
      collection_method: 'Collected at application time through the web and branch forms; outcomes added when the loan is granted or refused. Resubmitted applications are de-duplicated on the customer id and product.',
      preprocessing: 'Names, addresses and account numbers removed; customer ids pseudonymised with a keyed hash; incomes winsorised at the 99.5th percentile; postcodes cut to the first two digits.',
      personal_data_notes: 'Personal data of applicants (GDPR Art. 6(1)(b) and (f)); no special categories. Retained 5 years after the decision, then deleted from the training store. See the DPIA.',
      known_biases: 'Applicants refused before 2021 by the old rule engine have no repayment outcome, so thin-file applicants are under-represented; applicants under 25 are 4% of rows.',
    },
    controls: ['MFF-1.DAT.04', 'MFF-1.DAT.08', 'MFF-1.DAT.03'],
    risks: ['privacy-leakage', 'data-poisoning'],
    evidence: ['Data protection impact assessment'],
    status: 'in_progress',
  },
  {
    key: 'scorer',
    name: 'Credit scoring model v3.2 (gradient boosting)',
    type: 'model',
    nature: 'in_house',
    version: '3.2',
    description: 'Gradient-boosted trees scoring the probability of default of a consumer loan application within 12 months.',
    facts: {
      license: 'proprietary',
      task: 'tabular-classification',
      metrics: [
        { name: 'AUC', value: 0.81, dataset: 'Holdout 2026-09' },
        { name: 'Gini', value: 0.62, dataset: 'Holdout 2026-09' },
        { name: 'KS', value: 0.45, dataset: 'Holdout 2026-09' },
        { name: 'Approval-rate gap (max, protected groups)', value: 0.03, dataset: 'Holdout 2026-09' },
      ],
    },
    sections: {
      intended_use: 'Scores consumer loan applications up to €50,000 so that underwriters see a probability of default and the four strongest reasons. An underwriter takes every decision.',
      out_of_scope_uses: 'Business loans, mortgages, collections or marketing; deciding without an underwriter; applicants outside the EU.',
      architecture: 'LightGBM, 400 trees of depth 6, 38 features (declared data, bureau score, account history). Output: a calibrated probability; reason codes from SHAP values.',
      training_data: 'Loan applications 2019–2024 (see its card): 2019–2023 for training, the first half of 2024 for calibration.',
      evaluation_results: 'AUC 0.81, Gini 0.62 and KS 0.45 on the September 2026 holdout; approval-rate gaps within 3 points for every protected group (release gate: 5).',
      limitations: 'Less accurate for thin-file applicants and after sharp interest-rate changes (monitored monthly by the population stability report).',
      ethical_considerations: 'Refused applicants get the reasons in plain words and may ask for a review by a person; postcode and employer sector are checked as proxies of protected traits before each release.',
    },
    upstream: [{ key: 'applications', relation: 'trained_on' }],
    controls: ['MFF-1.DOC.02', 'MFF-1.VAL.02', 'MFF-1.VAL.05'],
    risks: ['harmful-bias', 'model-drift'],
    evidence: ['Model card — credit scoring v3.2', 'Validation metrics — holdout 2026-09', 'Bias test report Q3 2026'],
    status: 'in_progress',
  },
  {
    key: 'kyc',
    name: 'Identity verification API (VeriID)',
    type: 'third_party_service',
    nature: 'third_party',
    description: 'Checks the applicant’s identity document and selfie before an application is scored.',
    facts: { provider: 'VeriID Ltd', source_url: 'https://docs.veriid.example/api/v2' },
    sections: {
      provider: 'VeriID Ltd, under the master services agreement of March 2025; 99.9% availability, incidents notified within 24 hours.',
      purpose: 'Verifies that the applicant is who they claim to be (document authenticity, face match) before scoring.',
      data_processing: 'Document images and a selfie are sent over TLS; processed in the EU (Frankfurt) and deleted after 30 days; VeriID is a processor under a data processing agreement.',
      limitations: 'Manual verification in branch when the service is down or the face match is inconclusive; exit plan: the contract allows moving to another provider with 90 days’ notice.',
    },
    controls: ['MFF-1.TPR.01', 'MFF-1.TPR.02'],
  },
  {
    key: 'engine',
    name: 'Loan decision engine',
    type: 'ai_system',
    nature: 'in_house',
    version: '2026.10',
    description: 'The underwriting workflow that checks identity, scores the application and presents the score and its reasons to the underwriter who decides.',
    facts: {},
    sections: {
      purpose: 'Supports underwriters’ credit decisions on consumer loans: a high-risk AI system under the EU AI Act (Annex III, 5(b)).',
      components: 'Identity verification API (VeriID), the credit scoring model v3.2, the bank’s affordability rules and the underwriter workbench.',
      human_oversight: 'Every decision is an underwriter’s; they see the score, its reasons and may override with a written reason. Overrides are sampled weekly by the model risk team.',
      deployment: 'Runs in the bank’s data centre behind the underwriting API; every score is logged with its inputs and model version; monthly monitoring report to the model risk committee.',
      limitations: 'Not used for applicants the identity check could not verify; scores older than 30 days are recomputed before a decision.',
    },
    upstream: [
      { key: 'scorer', relation: 'uses' },
      { key: 'kyc', relation: 'depends_on' },
    ],
    controls: ['MFF-1.HUM.04', 'MFF-1.HUM.03', 'MFF-1.GOV.08'],
    risks: ['over-reliance'],
  },
];

/** Acting as the project's editor, with their rights on it, as their requests would. */
async function editorOf(tx: Tx, organizationId: string): Promise<RequestContext> {
  const [user] = await tx.select().from(users).where(eq(users.email, 'editor@demo.local'));
  const role: ProjectRole = 'editor';
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
 * The demo project's asset cards, through the asset cards service as the editor would: created with
 * their facts, sections and lineage, assigned to the editor (who is then notified of nothing), linked to
 * the controls, risks and evidence of the project that are not approved (an approved one would refuse
 * the link), two of them in progress.
 */
export async function seedDemoAssetCards(tx: Tx, demo: { organizationId: string }) {
  const [project] = await tx.select({ id: projects.id }).from(projects).where(and(eq(projects.organizationId, demo.organizationId), eq(projects.name, 'Credit Scoring Model')));
  if (!project) return;
  const ctx = await editorOf(tx, demo.organizationId);
  const service = assetCardService({ db: tx });
  const plan = CREDIT_SCORING_CARDS;
  const open = <T extends { status: string }>(rows: T[]) => rows.filter((r) => r.status !== 'approved');
  const codes = [...new Set(plan.flatMap((c) => c.controls ?? []))];
  const controls = new Map(open(await tx.select({ id: projectControls.id, code: projectControls.controlCode, status: projectControls.status }).from(projectControls).where(and(eq(projectControls.projectId, project.id), inArray(projectControls.controlCode, codes)))).map((c) => [c.code, c.id]));
  const riskIds = new Map(open(await tx.select({ id: risks.id, libraryId: risks.libraryId, status: risks.status }).from(risks).where(eq(risks.projectId, project.id))).map((r) => [r.libraryId, r.id]));
  const evidenceIds = new Map(open(await tx.select({ id: evidences.id, name: evidences.name, status: evidences.status }).from(evidences).where(eq(evidences.projectId, project.id))).map((e) => [e.name, e.id]));
  const ids = new Map<string, string>();
  const known = <K>(values: Map<K, string>, keys: readonly K[] | undefined) => (keys ?? []).flatMap((k) => (values.has(k) ? [values.get(k)!] : []));
  for (const card of plan) {
    const [created] = await createAssetCardIn(tx, ctx, project.id, {
      name: card.name,
      asset_card_type: card.type,
      asset_card_nature: card.nature,
      description: card.description,
      version: card.version ?? null,
      owner_id: ctx.user.id,
      facts: assetCardFacts.parse(card.facts),
      sections: card.sections,
      upstream: (card.upstream ?? []).map((u) => ({ card_id: ids.get(u.key)!, relation: u.relation })),
      tags: [],
    });
    const id = created!.itemId;
    ids.set(card.key, id);
    await service.setAssignees(ctx, project.id, id, { assignees: [ctx.user.id], reviewers: [] });
    await service.update(ctx, project.id, id, {
      control_ids: known(controls, card.controls),
      risk_ids: known(riskIds, card.risks),
      evidence_ids: known(evidenceIds, card.evidence),
      ...(card.status ? { status: card.status } : {}),
    });
  }
}
