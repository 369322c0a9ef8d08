import { applyFrameworks } from '../modules/frameworks/project-framework-service';
import type { Tx } from '../db/client';
import { projectMemberships, projects } from '../db/schema';
import type { DemoTagName } from './seed-tags';
import { seedDemoWork, type WorkStep } from './seed-work';

export const CHATBOT_PROJECT = 'Customer Support Chatbot';
export const CHATBOT_FRAMEWORKS = ['EU_AI_ACT', 'NIST_AI_RMF'];

/** Just started: the owner has picked up transparency and human hand-over first, as a chatbot team would. */
const CHATBOT_WORK: WorkStep[] = [
  { code: 'MFF-1.TRA.01', status: 'in_progress', assignee: 'owner', notes: 'The chat banner and the first message tell customers they are talking to an AI assistant.', due: '2027-02-26', tags: ['Customer-facing'] },
  { code: 'MFF-1.HUM.01', status: 'in_progress', assignee: 'owner', notes: 'Hand-over to a human agent on request or after two unhelpful answers; wording under review with Support.', tags: ['Customer-facing'] },
  { code: 'MFF-1.RSK.01', status: 'ready', assignee: 'owner', due: '2027-03-31', tags: ['High risk'] },
];

type Demo = { organizationId: string; idOf: (email: string) => string; tagId: (name: DemoTagName) => string };

/** A second AI application of the demo organization, owned by owner@demo.local, with the EU AI Act and NIST AI RMF applied. */
export async function seedChatbotProject(tx: Tx, demo: Demo) {
  const ownerId = demo.idOf('owner@demo.local');
  const [project] = await tx
    .insert(projects)
    .values({
      organizationId: demo.organizationId,
      name: CHATBOT_PROJECT,
      projectType: 'ai_application',
      description: 'LLM assistant that answers customer questions in the web chat and hands over to a human agent when it cannot help.',
      createdBy: ownerId,
    })
    .returning();
  await tx.insert(projectMemberships).values({ projectId: project!.id, userId: ownerId, organizationId: demo.organizationId, role: 'owner' });
  await applyFrameworks(tx, { organizationId: demo.organizationId, projectId: project!.id, actorId: ownerId }, CHATBOT_FRAMEWORKS);
  await seedDemoWork(tx, { ...demo, projectId: project!.id }, CHATBOT_WORK);
}
