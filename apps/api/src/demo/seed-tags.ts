import type { Tx } from '../db/client';
import { tags } from '../db/schema';

/** The demo organization's taxonomy (Customization), as a governance team would label its controls. */
export const DEMO_TAGS = [
  { name: 'High risk', color: '#c62828' },
  { name: 'Data protection', color: '#2e7d32' },
  { name: 'Customer-facing', color: '#1565c0' },
  { name: 'Audit 2027', color: '#6a1b9a' },
] as const;

export type DemoTagName = (typeof DEMO_TAGS)[number]['name'];

/** Creates the demo tags; answers a tag's id by its name. */
export async function seedDemoTags(tx: Tx, organizationId: string): Promise<(name: DemoTagName) => string> {
  const created = await tx
    .insert(tags)
    .values(DEMO_TAGS.map((tag) => ({ organizationId, ...tag })))
    .returning();
  return (name) => created.find((tag) => tag.name === name)!.id;
}
