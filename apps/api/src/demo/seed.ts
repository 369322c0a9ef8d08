import { count } from 'drizzle-orm';
import type { OrganizationRole, ProjectRole } from '@aegis/contracts';
import { hashPassword } from '../lib/crypto';
import { syncBuiltInFrameworks } from '../modules/frameworks/built-in-sync';
import { applyFrameworks } from '../modules/frameworks/project-framework-service';
import { seedDemoApplicability } from './seed-applicability';
import { seedDemoAssetCards } from './seed-asset-cards';
import { seedChatbotProject } from './seed-chatbot-project';
import { seedDemoEvidence } from './seed-evidence';
import { seedDemoNotifications } from './seed-notifications';
import { seedDemoRisks } from './seed-risks';
import { seedDemoTags } from './seed-tags';
import { seedDemoTesting } from './seed-testing';
import { CREDIT_SCORING_WORK, seedDemoWork } from './seed-work';
import type { FileStorage } from '../lib/storage/file-storage';
import type { Db } from '../db/client';
import { localAccounts, organizationConfigs, organizationMemberRoles, organizationMemberships, organizations, projectMemberships, projects, users } from '../db/schema';

/** Demo-only password of every seeded account; documented in the README. */
export const DEMO_PASSWORD = 'demo';
export const DEMO_PROJECT = 'Credit Scoring Model';
export const DEMO_FRAMEWORKS = ['EU_AI_ACT', 'ISO_IEC_42001', 'NIST_AI_RMF'];

type DemoUser = {
  email: string;
  firstname: string;
  lastname: string;
  superAdmin?: boolean;
  organization: 'demo' | 'other';
  organizationRole: OrganizationRole;
  projectRole?: ProjectRole;
};

export const DEMO_USERS: DemoUser[] = [
  { email: 'super@demo.local', firstname: 'Sam', lastname: 'Super', superAdmin: true, organization: 'demo', organizationRole: 'member' },
  { email: 'admin@demo.local', firstname: 'Alice', lastname: 'Admin', organization: 'demo', organizationRole: 'admin' },
  { email: 'owner@demo.local', firstname: 'Olivia', lastname: 'Owner', organization: 'demo', organizationRole: 'member', projectRole: 'owner' },
  { email: 'editor@demo.local', firstname: 'Eddie', lastname: 'Editor', organization: 'demo', organizationRole: 'member', projectRole: 'editor' },
  { email: 'reviewer@demo.local', firstname: 'Rita', lastname: 'Reviewer', organization: 'demo', organizationRole: 'member', projectRole: 'reviewer' },
  { email: 'auditor@demo.local', firstname: 'Arthur', lastname: 'Auditor', organization: 'demo', organizationRole: 'member', projectRole: 'auditor' },
  { email: 'internal@demo.local', firstname: 'Ian', lastname: 'Internal', organization: 'demo', organizationRole: 'internal' },
  { email: 'outsider@other.local', firstname: 'Oscar', lastname: 'Outsider', organization: 'other', organizationRole: 'admin' },
];

/**
 * Seeds the demo organizations, users, tags, two projects under way and the notifications they left
 * into an empty database; does nothing otherwise. With a storage, the demo project's evidence files too
 * (stored there); without one (the tests' prepared database) no evidence is seeded.
 */
export async function seedDemo(db: Db, options: { storage?: FileStorage } = {}): Promise<boolean> {
  const [existing] = await db.select({ n: count() }).from(organizations);
  if ((existing?.n ?? 0) > 0) return false;
  const passwordHashes = await Promise.all(DEMO_USERS.map(() => hashPassword(DEMO_PASSWORD)));
  // The demo project applies the built-in frameworks: make sure they are loaded (a no-op when they are).
  await syncBuiltInFrameworks(db);

  await db.transaction(async (tx) => {
    const [demo, other] = await tx
      .insert(organizations)
      .values([
        { name: 'Demo Organization', planQuotaProjects: 10 },
        { name: 'Other Organization', planQuotaProjects: 10 },
      ])
      .returning();
    await tx.insert(organizationConfigs).values([{ organizationId: demo!.id }, { organizationId: other!.id }]);
    const orgId = (which: DemoUser['organization']) => (which === 'demo' ? demo!.id : other!.id);

    const created = await tx
      .insert(users)
      .values(DEMO_USERS.map((u) => ({ email: u.email, firstname: u.firstname, lastname: u.lastname, isSuperAdmin: u.superAdmin ?? false, termsAccepted: true })))
      .returning();
    const idOf = (email: string) => created.find((u) => u.email === email)!.id;

    await tx.insert(localAccounts).values(
      DEMO_USERS.map((u, i) => ({ email: u.email, passwordHash: passwordHashes[i]!, givenName: u.firstname, familyName: u.lastname })),
    );
    await tx.insert(organizationMemberships).values(DEMO_USERS.map((u) => ({ organizationId: orgId(u.organization), userId: idOf(u.email) })));
    await tx
      .insert(organizationMemberRoles)
      .values(DEMO_USERS.map((u) => ({ organizationId: orgId(u.organization), userId: idOf(u.email), role: u.organizationRole })));

    const [project] = await tx
      .insert(projects)
      .values({
        organizationId: demo!.id,
        name: DEMO_PROJECT,
        projectType: 'ai_application',
        description: 'Gradient-boosted model that scores consumer credit applications.',
        createdBy: idOf('owner@demo.local'),
      })
      .returning();
    await tx.insert(projectMemberships).values(
      DEMO_USERS.filter((u) => u.projectRole).map((u) => ({
        projectId: project!.id,
        userId: idOf(u.email),
        organizationId: demo!.id,
        role: u.projectRole!,
      })),
    );
    // The three AI frameworks, sharing one set of controls (the built-ins are loaded before the seed runs).
    await applyFrameworks(tx, { organizationId: demo!.id, projectId: project!.id, actorId: idOf('owner@demo.local') }, DEMO_FRAMEWORKS);
    const tagId = await seedDemoTags(tx, demo!.id);
    const reviews = await seedDemoWork(tx, { organizationId: demo!.id, projectId: project!.id, idOf, tagId }, CREDIT_SCORING_WORK);
    await seedDemoNotifications(tx, { organizationId: demo!.id, projectId: project!.id, idOf, reviews });
    await seedChatbotProject(tx, { organizationId: demo!.id, idOf, tagId });
    await seedDemoApplicability(tx, { organizationId: demo!.id, idOf });
    await seedDemoRisks(tx, { organizationId: demo!.id });
    if (options.storage) await seedDemoEvidence(tx, { organizationId: demo!.id, storage: options.storage });
    await seedDemoAssetCards(tx, { organizationId: demo!.id });
    if (options.storage) await seedDemoTesting(tx, { organizationId: demo!.id, storage: options.storage });
  });
  return true;
}
