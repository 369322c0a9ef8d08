import { and, eq, inArray } from 'drizzle-orm';
import { projectRightsFor, type CreateRisk, type ProjectRole, type RiskScore, type StrategyStatus, type TreatmentOption } from '@aegis/contracts';
import type { Config } from '../config';
import { systemClock } from '../lib/clock';
import type { RequestContext } from '../plugins/auth';
import { reviewService } from '../modules/reviews/review-service';
import { riskControlService } from '../modules/risks/risk-control-service';
import { RISK_LIBRARY } from '../modules/risks/risk-library';
import { createRiskIn, riskService } from '../modules/risks/risk-service';
import { strategyService } from '../modules/risks/strategy-service';
import { treatmentService } from '../modules/risks/treatment-service';
import type { Tx } from '../db/client';
import { projectControls, projects, users } from '../db/schema';
import { CHATBOT_PROJECT } from './seed-chatbot-project';

/** People are named by the part of their e-mail before @demo.local, with their role on the project. */
type Person = 'owner' | 'editor' | 'reviewer';

type DemoRisk = {
  /** The library entry it starts from: category, description and affected groups come from it. */
  from: string;
  name: string;
  likelihood: RiskScore;
  impact: RiskScore;
  monetary?: { amount: number; currency?: 'EUR' | 'USD' };
  /** Who works on it; they assign themselves (nobody is notified by the seed). */
  assignee: Person;
  treatment?: { option: TreatmentOption; plan: string; residual?: [RiskScore, RiskScore]; rationale?: string };
  /** Actions of the treatment, each owned and entered by its owner; `due` in days from today. */
  strategies?: { action: string; owner: Person; due?: number; status?: StrategyStatus }[];
  controls?: string[];
  status?: 'in_progress' | 'approved';
};

/**
 * A bank's model risk team a few weeks in: the credit model's register covers bias, drift, explanations,
 * privacy, the bureau feed, underwriters' trust and extraction — different levels, a mitigation under way
 * for most, one low risk accepted, one risk approved through a review.
 */
const CREDIT_SCORING_RISKS: DemoRisk[] = [
  {
    from: 'harmful-bias',
    name: 'Credit refusals fall harder on some groups of applicants',
    likelihood: 4,
    impact: 4,
    monetary: { amount: 750_000 },
    assignee: 'editor',
    treatment: { option: 'mitigate', plan: 'Test approval-rate gaps per protected group before each release; remove postcode and employer sector as features.', residual: [2, 3] },
    strategies: [
      { action: 'Add an approval-rate gap test per protected group to the release pipeline', owner: 'editor', due: 45, status: 'in_progress' },
      { action: 'Examine postcode and employer sector as proxies and drop them if they are', owner: 'editor', due: 75 },
    ],
    controls: ['MFF-1.DAT.06', 'MFF-1.VAL.05', 'MFF-1.DAT.03'],
    status: 'in_progress',
  },
  {
    from: 'model-drift',
    name: 'Scores drift after interest-rate changes',
    likelihood: 4,
    impact: 3,
    monetary: { amount: 300_000 },
    assignee: 'editor',
    treatment: { option: 'mitigate', plan: 'Monthly population stability report; retrain when the index passes 0.25.', residual: [2, 3] },
    strategies: [{ action: 'Publish the monthly population stability report to the model risk committee', owner: 'editor', due: -10, status: 'done' }],
    controls: ['MFF-1.MON.02', 'MFF-1.MON.01'],
    status: 'in_progress',
  },
  {
    from: 'unexplainable-decisions',
    name: 'Refused applicants get no meaningful reason',
    likelihood: 3,
    impact: 4,
    assignee: 'editor',
    treatment: { option: 'mitigate', plan: 'Reason codes from the four strongest features in every refusal letter; underwriters check them on appeal.', residual: [2, 3] },
    strategies: [{ action: 'Add reason codes to the refusal letter template', owner: 'editor', due: -5, status: 'done' }],
    controls: ['MFF-1.TRA.03', 'MFF-1.HUM.04'],
    status: 'approved',
  },
  {
    from: 'privacy-leakage',
    name: 'Applicant data exposed through the scoring logs',
    likelihood: 2,
    impact: 5,
    monetary: { amount: 2_000_000 },
    assignee: 'owner',
    treatment: { option: 'mitigate', plan: 'Pseudonymise applicant identifiers before logging; restrict the log store to the model team.', residual: [1, 5] },
    controls: ['MFF-1.DAT.08', 'MFF-1.LOG.03', 'MFF-1.SEC.03'],
  },
  {
    from: 'data-poisoning',
    name: 'Corrupted records in the credit bureau feed',
    likelihood: 2,
    impact: 4,
    assignee: 'owner',
    treatment: { option: 'transfer', plan: 'The bureau contract makes the supplier liable for the integrity of its feed, with notice of incidents within 24 hours.', residual: [2, 2] },
    controls: ['MFF-1.DAT.04', 'MFF-1.TPR.02'],
  },
  {
    from: 'over-reliance',
    name: 'Underwriters rubber-stamp the model’s score',
    likelihood: 3,
    impact: 3,
    assignee: 'owner',
    strategies: [{ action: 'Train underwriters on the model’s limits and when to override it', owner: 'owner', due: 60 }],
    controls: ['MFF-1.LIT.03', 'MFF-1.HUM.02'],
  },
  {
    from: 'model-extraction',
    name: 'Model copied through the internal scoring API',
    likelihood: 1,
    impact: 3,
    assignee: 'editor',
    treatment: {
      option: 'accept',
      plan: 'No further control.',
      rationale: 'The scoring API is reachable only from the bank’s network with service credentials; copying the model would need insider access that existing access controls cover.',
    },
    status: 'in_progress',
  },
  {
    from: 'regulatory-misclassification',
    name: 'Credit scoring treated as a low-risk system',
    likelihood: 2,
    impact: 5,
    assignee: 'owner',
    controls: ['MFF-1.CON.02'],
  },
];

/** The support chatbot, just started: its owner has registered the risks of a customer-facing assistant. */
const CHATBOT_RISKS: DemoRisk[] = [
  {
    from: 'hallucination',
    name: 'Made-up answers about fees and contract terms',
    likelihood: 4,
    impact: 3,
    monetary: { amount: 50_000, currency: 'USD' },
    assignee: 'owner',
    treatment: { option: 'mitigate', plan: 'Answer from the published fee schedule only and link to it; hand over to an agent when no source answers.', residual: [2, 3] },
    controls: ['MFF-1.TRA.02', 'MFF-1.HUM.03'],
    status: 'in_progress',
  },
  {
    from: 'prompt-injection',
    name: 'Pasted text makes the assistant ignore its instructions',
    likelihood: 4,
    impact: 4,
    assignee: 'owner',
    strategies: [{ action: 'Red-team the assistant with injected instructions before launch', owner: 'owner', due: 30 }],
    controls: ['MFF-1.SEC.02'],
  },
  {
    from: 'harmful-content',
    name: 'Offensive replies to upset customers',
    likelihood: 3,
    impact: 4,
    assignee: 'owner',
    treatment: { option: 'mitigate', plan: 'Moderation filter on inputs and outputs; escalate abusive conversations to an agent.', residual: [2, 3] },
  },
  {
    from: 'lack-of-transparency',
    name: 'Customers do not realise they are talking to an AI',
    likelihood: 3,
    impact: 3,
    assignee: 'owner',
    treatment: { option: 'mitigate', plan: 'Banner and first message say it is an AI assistant; agents are named as people.', residual: [1, 3] },
    controls: ['MFF-1.TRA.04', 'MFF-1.TRA.01'],
    status: 'in_progress',
  },
];

/** Acting as one of the demo people, with their rights on the project, as their requests would. */
async function callerOf(tx: Tx, organizationId: string, who: Person, role: ProjectRole): Promise<RequestContext> {
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

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo projects' risk registers, built through the risks services as their people would: risks
 * from the library, scores, treatments, strategies, links to controls, an accepted low risk and a risk
 * approved through a review. Each person assigns themselves and owns what they enter, so the seed
 * notifies nobody (the demo feed is seed-notifications.ts's).
 */
export async function seedDemoRisks(tx: Tx, demo: { organizationId: string }) {
  const deps = { db: tx, clock: systemClock };
  const roles: Record<Person, ProjectRole> = { owner: 'owner', editor: 'editor', reviewer: 'reviewer' };
  for (const [projectName, plan] of [
    ['Credit Scoring Model', CREDIT_SCORING_RISKS],
    [CHATBOT_PROJECT, CHATBOT_RISKS],
  ] as const) {
    const [project] = await tx.select({ id: projects.id }).from(projects).where(and(eq(projects.organizationId, demo.organizationId), eq(projects.name, projectName)));
    if (!project) continue;
    const codes = [...new Set(plan.flatMap((risk) => risk.controls ?? []))];
    const controls = new Map(
      (await tx.select({ id: projectControls.id, code: projectControls.controlCode }).from(projectControls).where(and(eq(projectControls.projectId, project.id), inArray(projectControls.controlCode, codes)))).map((c) => [c.code, c.id]),
    );
    const as = async (who: Person) => callerOf(tx, demo.organizationId, who, projectName === CHATBOT_PROJECT ? 'owner' : roles[who]);
    for (const risk of plan) {
      const entry = RISK_LIBRARY.find((r) => r.id === risk.from)!;
      const ctx = await as(risk.assignee);
      const input: CreateRisk = {
        name: risk.name,
        description: entry.description,
        category: entry.category,
        affected: entry.affected,
        likelihood: risk.likelihood,
        impact: risk.impact,
        monetary_impact: risk.monetary?.amount ?? null,
        currency: risk.monetary?.currency ?? 'EUR',
        expected_annual_loss: null,
        tags: [],
        library_id: entry.id,
      };
      const { itemId: riskId } = await createRiskIn(tx, ctx, project.id, input);
      await riskService(deps).setAssignees(ctx, project.id, riskId, { assignees: [ctx.user.id], reviewers: [] });
      if (risk.treatment) {
        const { option, plan: text, residual, rationale } = risk.treatment;
        await treatmentService(deps).save(ctx, project.id, riskId, {
          option,
          plan: text,
          residual_likelihood: residual?.[0] ?? null,
          residual_impact: residual?.[1] ?? null,
          acceptance_rationale: rationale ?? null,
          acceptance_review_date: option === 'accept' ? inDays(365) : null,
        });
      }
      for (const strategy of risk.strategies ?? []) {
        const owner = await as(strategy.owner);
        await strategyService(deps).create(owner, project.id, riskId, { action: strategy.action, owner_id: owner.user.id, due_date: strategy.due === undefined ? null : inDays(strategy.due), status: strategy.status ?? 'planned' });
      }
      for (const code of risk.controls ?? []) {
        const controlId = controls.get(code);
        if (controlId) await riskControlService(deps).link(ctx, project.id, riskId, controlId);
      }
      if (risk.status === 'in_progress') await riskService(deps).update(ctx, project.id, riskId, { status: 'in_progress' });
      if (risk.status === 'approved') await approveThroughReview(tx, project.id, riskId, ctx, await as('reviewer'));
    }
  }
}

/**
 * The assignee asks the project's reviewer, who approves with a comment: the reviews service as the two
 * requests would call it. It reads only the public URL of the config (for e-mail links) and sends no
 * mail with a disabled mailer.
 */
async function approveThroughReview(tx: Tx, projectId: string, riskId: string, requester: RequestContext, reviewer: RequestContext) {
  const reviews = reviewService({ db: tx, mailer: { enabled: false, send: async () => false, close: () => undefined }, config: { publicUrl: '' } as Config });
  await reviews.request(requester, projectId, 'risk', riskId, { reviewers: [reviewer.user.id], rule: 'any', message: 'Reason codes are live in the refusal letters.' }, false);
  await reviews.decide(reviewer, projectId, 'risk', riskId, { decision: 'approved', comment: 'Checked ten refusal letters: each gives the reasons in plain words.' });
}
