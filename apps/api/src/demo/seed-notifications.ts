import { sql } from 'drizzle-orm';
import { controlLink } from '../modules/controls/control-service';
import type { Tx } from '../db/client';
import { notifications } from '../db/schema';

type Demo = { organizationId: string; projectId: string; idOf: (email: string) => string; reviews: Map<string, string> };

/** A notification as the product would have sent it; `who` is the part of the e-mail before @demo.local. */
type DemoNotification = { to: string; about: string; kind: 'review_requested' | 'reviewer_named' | 'assigned' | 'approved'; by: string; hoursAgo: number; read: boolean };

/** What the demo people find in their feed: the review and assignments seed-work left them, some already read. */
const FEED: DemoNotification[] = [
  { to: 'reviewer', about: 'MFF-1.RSK.01', kind: 'review_requested', by: 'editor', hoursAgo: 3, read: false },
  { to: 'reviewer', about: 'MFF-1.DAT.01', kind: 'reviewer_named', by: 'owner', hoursAgo: 5 * 24, read: true },
  { to: 'editor', about: 'MFF-1.DAT.02', kind: 'assigned', by: 'owner', hoursAgo: 26, read: false },
  { to: 'editor', about: 'MFF-1.HUM.01', kind: 'assigned', by: 'owner', hoursAgo: 2 * 24, read: false },
  { to: 'editor', about: 'MFF-1.RSK.01', kind: 'assigned', by: 'owner', hoursAgo: 9 * 24, read: true },
  { to: 'owner', about: 'MFF-1.GOV.01', kind: 'approved', by: 'reviewer', hoursAgo: 4 * 24, read: true },
];

const NAMES: Record<string, string> = { owner: 'Olivia Owner', editor: 'Eddie Editor', reviewer: 'Rita Reviewer' };

/** The same words the review and work-item services use, so the demo feed reads like a real one. */
function wording(kind: DemoNotification['kind'], label: string, by: string): { name: string; message: string } {
  if (kind === 'review_requested') return { name: `Review requested: ${label}`, message: `${by} asks you to review ${label}.` };
  if (kind === 'reviewer_named') return { name: `You will review: ${label}`, message: `${by} named you a reviewer of ${label}.` };
  if (kind === 'assigned') return { name: `Assigned to you: ${label}`, message: `${by} assigned you to ${label}.` };
  return { name: `Approved: ${label}`, message: `${by} approved ${label}: “Evidence complete; approved.”` };
}

/** Notifications of the demo project for its people, dated over the last days. */
export async function seedDemoNotifications(tx: Tx, demo: Demo) {
  const result = (await tx.execute(sql`
    select pc.id, pc.control_code, d.title from project_controls pc join control_definitions d on d.id = pc.control_id
     where pc.project_id = ${demo.projectId}`)) as unknown as { rows: { id: string; control_code: string; title: string }[] };
  const controls = new Map(result.rows.map((row) => [row.control_code, row]));
  const now = Date.now();
  const rows = FEED.flatMap((item) => {
    const control = controls.get(item.about);
    if (!control) return [];
    const reviewId = item.kind === 'review_requested' || item.kind === 'approved' ? demo.reviews.get(item.about) : undefined;
    const at = new Date(now - item.hoursAgo * 3600 * 1000);
    return [
      {
        organizationId: demo.organizationId,
        userId: demo.idOf(`${item.to}@demo.local`),
        ...wording(item.kind, `${control.control_code} ${control.title}`, NAMES[item.by] ?? item.by),
        link: controlLink(demo.projectId, control.control_code),
        objectType: reviewId ? 'review' : 'control',
        objectId: reviewId ?? control.id,
        status: item.read ? ('read' as const) : ('unread' as const),
        createdAt: at,
        updatedAt: at,
      },
    ];
  });
  if (rows.length > 0) await tx.insert(notifications).values(rows);
}
