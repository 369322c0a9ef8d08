import type { EuAiActSettingsInput } from '@aegis/contracts';
import { and, eq } from 'drizzle-orm';
import { saveEuAiActSettings } from '../modules/applicability/eu-ai-act-settings-service';
import type { Tx } from '../db/client';
import { projects } from '../db/schema';
import { DEMO_PROJECT } from './seed';
import { CHATBOT_PROJECT } from './seed-chatbot-project';

/**
 * The demo's EU AI Act settings, as their teams would fill the form. The credit scoring model is built
 * in-house by a bank and used on its own customers: provider and deployer of a high-risk system (Annex III
 * point 5(b)). The support chatbot, built on a vendor's model and run under the company's name, talks to
 * customers and writes text: transparency obligations (Art. 50(1) and (2)), nothing high-risk.
 * A function, not a constant: seed.ts imports this file and the names come from it.
 */
const demoSettings = (): { project: string; settings: EuAiActSettingsInput }[] => [
  {
    project: DEMO_PROJECT,
    settings: {
      product_category: 'ai_system',
      role: ['provider', 'deployer'],
      use_case: ['annex_iii_5b'],
      establishment: ['eu', 'regulated_financial_institution'],
      project_requirements: ['profiles_natural_persons'],
      critical_issues: ['none'],
      supply_terms: ['own_use_only'],
    },
  },
  {
    project: CHATBOT_PROJECT,
    settings: {
      product_category: 'ai_system',
      role: ['provider', 'deployer'],
      use_case: ['none'],
      establishment: ['eu'],
      project_requirements: ['interacts_with_people', 'generates_synthetic_content'],
      critical_issues: ['none'],
      supply_terms: ['own_use_only'],
    },
  },
];

/** Saves the demo projects' settings through the settings service, which moves what does not apply out of scope. */
export async function seedDemoApplicability(tx: Tx, demo: { organizationId: string; idOf: (email: string) => string }) {
  for (const { project, settings } of demoSettings()) {
    const [row] = await tx.select({ id: projects.id }).from(projects).where(and(eq(projects.organizationId, demo.organizationId), eq(projects.name, project)));
    if (!row) continue;
    await saveEuAiActSettings(tx, { organizationId: demo.organizationId, projectId: row.id, actorId: demo.idOf('owner@demo.local') }, settings, { today: new Date() });
  }
}
