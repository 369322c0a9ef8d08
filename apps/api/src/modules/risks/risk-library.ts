import type { RiskCategory, RiskScore, TreatmentOption } from '@aegis/contracts';

export type LibraryRisk = {
  id: string;
  name: string;
  category: RiskCategory;
  description: string;
  affected: string[];
  likelihood: RiskScore;
  impact: RiskScore;
  suggested_treatment: { option: TreatmentOption; plan: string };
  /** MFF-1 control codes (content/MFF-1.json): risk-library.test.ts checks that each exists. */
  suggested_controls: string[];
};

/**
 * A starter set of common AI risks, written in our own words, that a user picks from when adding a risk
 * to a project: a first score to adjust to the system at hand, a treatment to start from and the MFF-1
 * controls that reduce it. Categories follow the taxonomy of the contracts (NIST AI RMF trustworthiness
 * characteristics, plus legal compliance).
 */
export const RISK_LIBRARY: readonly LibraryRisk[] = [
  {
    id: 'harmful-bias',
    name: 'Unfair outcomes for some groups of people',
    category: 'fair',
    description:
      'The system treats people differently because of who they are — directly, or through proxies such as a postcode or a first name — because its training data under-represents them or carries past discrimination.',
    affected: ['People the decisions are about', 'Protected groups'],
    likelihood: 3,
    impact: 4,
    suggested_treatment: { option: 'mitigate', plan: 'Examine the data for representativeness and proxies, measure outcome gaps per group before each release and in production, and set a threshold that blocks a release.' },
    suggested_controls: ['MFF-1.DAT.03', 'MFF-1.DAT.06', 'MFF-1.VAL.05', 'MFF-1.IMP.02'],
  },
  {
    id: 'model-drift',
    name: 'Performance degrades as the world changes',
    category: 'valid_reliable',
    description: 'The data the system meets in production moves away from the data it learned from (new customers, new products, a changed economy), and its accuracy drops without anyone noticing.',
    affected: ['Users of the outputs', 'People the decisions are about'],
    likelihood: 4,
    impact: 3,
    suggested_treatment: { option: 'mitigate', plan: 'Monitor input distributions and outcome accuracy in production, alert on thresholds, and retrain or roll back through change management.' },
    suggested_controls: ['MFF-1.MON.01', 'MFF-1.MON.02', 'MFF-1.VAL.02', 'MFF-1.LCM.07'],
  },
  {
    id: 'hallucination',
    name: 'Confident but false answers',
    category: 'valid_reliable',
    description: 'A generative model produces fluent statements, citations or figures that are made up, and people act on them because they sound authoritative.',
    affected: ['Users', 'Customers'],
    likelihood: 4,
    impact: 3,
    suggested_treatment: { option: 'mitigate', plan: 'Ground answers in approved sources, show them, test factuality on a reference set before release, and have a person check outputs that lead to decisions.' },
    suggested_controls: ['MFF-1.VAL.02', 'MFF-1.HUM.04', 'MFF-1.TRA.02'],
  },
  {
    id: 'privacy-leakage',
    name: 'Personal data revealed through the system',
    category: 'privacy_enhanced',
    description: 'Personal data from training, prompts or connected sources comes back in outputs, logs or to the wrong user, or the system infers sensitive facts that nobody disclosed.',
    affected: ['Data subjects', 'Customers', 'Employees'],
    likelihood: 2,
    impact: 5,
    suggested_treatment: { option: 'mitigate', plan: 'Minimise and pseudonymise personal data in training and prompts, filter outputs, restrict access to logs, and align with the data protection impact assessment.' },
    suggested_controls: ['MFF-1.DAT.08', 'MFF-1.IMP.06', 'MFF-1.SEC.03', 'MFF-1.LOG.03'],
  },
  {
    id: 'prompt-injection',
    name: 'Prompt injection takes over the system',
    category: 'secure_resilient',
    description: 'Instructions hidden in user input, documents or web pages make a language model ignore its own rules: it leaks data, calls tools it should not, or says what the attacker wants.',
    affected: ['The organization', 'Users', 'Customers'],
    likelihood: 4,
    impact: 4,
    suggested_treatment: { option: 'mitigate', plan: 'Threat-model the prompts and tools, separate untrusted content from instructions, give tools the least privilege, and red-team before each release.' },
    suggested_controls: ['MFF-1.SEC.01', 'MFF-1.SEC.02', 'MFF-1.DAT.10'],
  },
  {
    id: 'over-reliance',
    name: 'People rely on the system more than they should',
    category: 'safe',
    description: 'Operators accept its outputs without the scrutiny they would give a colleague (automation bias), so its errors pass into decisions unchecked.',
    affected: ['Operators', 'People the decisions are about'],
    likelihood: 3,
    impact: 3,
    suggested_treatment: { option: 'mitigate', plan: 'Design oversight into the workflow, train operators on the limits of the system, show confidence and reasons, and sample decisions for a second look.' },
    suggested_controls: ['MFF-1.HUM.01', 'MFF-1.HUM.02', 'MFF-1.LIT.03', 'MFF-1.TRA.01'],
  },
  {
    id: 'data-poisoning',
    name: 'Poisoned training data',
    category: 'secure_resilient',
    description: 'Someone slips crafted examples into the data the model learns from, planting a backdoor or steering its behaviour in ways ordinary tests do not show.',
    affected: ['The organization', 'Users'],
    likelihood: 2,
    impact: 4,
    suggested_treatment: { option: 'mitigate', plan: 'Know where every dataset comes from, check its integrity, restrict who can change it, and test for triggers before release.' },
    suggested_controls: ['MFF-1.DAT.02', 'MFF-1.DAT.04', 'MFF-1.SEC.03'],
  },
  {
    id: 'model-extraction',
    name: 'Model extraction or inversion',
    category: 'secure_resilient',
    description: 'Through repeated queries an attacker copies the model, or reconstructs the data it was trained on, including personal or confidential records.',
    affected: ['The organization', 'Data subjects'],
    likelihood: 2,
    impact: 4,
    suggested_treatment: { option: 'mitigate', plan: 'Rate-limit and monitor queries, return only what is needed (no raw scores), protect model files, and log access.' },
    suggested_controls: ['MFF-1.SEC.02', 'MFF-1.SEC.03', 'MFF-1.LOG.01'],
  },
  {
    id: 'harmful-content',
    name: 'Toxic or harmful content',
    category: 'safe',
    description: 'The system produces insulting, hateful, dangerous or age-inappropriate content, or helps someone cause harm.',
    affected: ['Users', 'Children and vulnerable people', 'The organization’s reputation'],
    likelihood: 3,
    impact: 4,
    suggested_treatment: { option: 'mitigate', plan: 'Filter inputs and outputs, evaluate safety on adversarial prompts before release, and let users report content that is acted on quickly.' },
    suggested_controls: ['MFF-1.VAL.04', 'MFF-1.SEC.02', 'MFF-1.MON.03'],
  },
  {
    id: 'ip-infringement',
    name: 'Infringement of intellectual property',
    category: 'legal_compliance',
    description: 'Training content was used without the rights to it, or outputs reproduce protected works, code or trademarks, exposing the organization to claims.',
    affected: ['Rights holders', 'The organization'],
    likelihood: 2,
    impact: 4,
    suggested_treatment: { option: 'transfer', plan: 'Use licensed or documented data, obtain indemnities from model suppliers, and check outputs for verbatim reproduction.' },
    suggested_controls: ['MFF-1.DAT.02', 'MFF-1.DAT.09', 'MFF-1.TPR.02'],
  },
  {
    id: 'lack-of-transparency',
    name: 'People do not know AI is involved',
    category: 'accountable_transparent',
    description: 'Users and the people affected are not told that an AI system takes part, what it does and its limits, so they cannot question or contest its outcome.',
    affected: ['Users', 'People the decisions are about'],
    likelihood: 3,
    impact: 3,
    suggested_treatment: { option: 'mitigate', plan: 'Disclose the AI interaction, publish instructions for use with capabilities and limits, and tell affected people how to contest a decision.' },
    suggested_controls: ['MFF-1.TRA.01', 'MFF-1.TRA.04', 'MFF-1.TRA.07', 'MFF-1.MON.03'],
  },
  {
    id: 'unexplainable-decisions',
    name: 'Decisions that cannot be explained',
    category: 'explainable_interpretable',
    description: 'Nobody can say why the system reached a given output, so errors go undiagnosed and the people affected get no meaningful reason.',
    affected: ['People the decisions are about', 'Operators', 'Supervisors'],
    likelihood: 3,
    impact: 3,
    suggested_treatment: { option: 'mitigate', plan: 'Produce explanations fit for each audience, document the model’s logic, and check that operators understand them.' },
    suggested_controls: ['MFF-1.TRA.03', 'MFF-1.DOC.02', 'MFF-1.HUM.04'],
  },
  {
    id: 'supply-chain',
    name: 'Weak link in the AI supply chain',
    category: 'secure_resilient',
    description: 'A third-party model, dataset, library or API the system depends on is compromised, changes without notice or disappears.',
    affected: ['The organization', 'Users'],
    likelihood: 3,
    impact: 4,
    suggested_treatment: { option: 'mitigate', plan: 'Assess suppliers before use, pin and verify versions, monitor their changes, and keep a fallback for each critical component.' },
    suggested_controls: ['MFF-1.TPR.01', 'MFF-1.TPR.03', 'MFF-1.TPR.04'],
  },
  {
    id: 'unsafe-failure',
    name: 'Unsafe behaviour on unexpected inputs',
    category: 'valid_reliable',
    description: 'Inputs outside what the system was tested on — edge cases, noise, adversarial examples — make it fail in ways that are not safe, with no one able to step in.',
    affected: ['Users', 'People the decisions are about'],
    likelihood: 3,
    impact: 4,
    suggested_treatment: { option: 'mitigate', plan: 'Test robustness on edge cases and perturbations, define safe failure, and let a person stop or override the system.' },
    suggested_controls: ['MFF-1.VAL.03', 'MFF-1.VAL.04', 'MFF-1.HUM.03'],
  },
  {
    id: 'regulatory-misclassification',
    name: 'Obligations missed through a wrong classification',
    category: 'legal_compliance',
    description: 'The system is classified in the wrong risk category or role under the law (for instance the EU AI Act), so duties such as conformity assessment or registration are not met.',
    affected: ['The organization', 'People the decisions are about'],
    likelihood: 2,
    impact: 5,
    suggested_treatment: { option: 'mitigate', plan: 'Classify each system with a documented method, keep a register of legal obligations, and reclassify on every substantial change.' },
    suggested_controls: ['MFF-1.CON.02', 'MFF-1.GOV.07', 'MFF-1.CON.10'],
  },
  {
    id: 'unclear-accountability',
    name: 'Nobody answers for the system',
    category: 'accountable_transparent',
    description: 'Roles for the system’s outcomes are not assigned, so issues fall between teams and nobody decides to fix, pause or retire it.',
    affected: ['The organization', 'People the decisions are about'],
    likelihood: 3,
    impact: 3,
    suggested_treatment: { option: 'mitigate', plan: 'Name an accountable owner, define roles and authorities, and review them at management review.' },
    suggested_controls: ['MFF-1.GOV.03', 'MFF-1.GOV.04', 'MFF-1.GOV.15'],
  },
];

export const libraryRisk = (id: string) => RISK_LIBRARY.find((r) => r.id === id);
