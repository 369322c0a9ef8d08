import type { WorkItemStatus } from '@aegis/contracts';
import type { Executor } from '../../db/client';

/** An object under review, as its concept presents it. */
export type ReviewObject = {
  id: string;
  status: WorkItemStatus;
  /** How the object is named in notifications and lists. */
  label: string;
  /** Where it lives in the web app. */
  link: string;
  /** What an approval applies to: compared at decision time to tell whether it changed meanwhile. */
  content: Record<string, unknown>;
  /** People told when a review of it is decided or cancelled (its assignees). */
  watchers: string[];
  /** Who works on it: with separation of duties, none of them approves it (none when the concept has no assignees). */
  assignees?: string[];
};

/**
 * A kind of object that can be reviewed. A concept says how to find its objects inside a project,
 * how to read and change their life-cycle status, and what content an approval covers. Controls
 * register theirs now; risks, evidence and asset cards add theirs in a few lines each.
 */
export type ReviewConcept = {
  name: string;
  find(db: Executor, organizationId: string, projectId: string, objectId: string, lock: boolean): Promise<ReviewObject | undefined>;
  /** Labels and links of many objects at once (list decorations). */
  describe(db: Executor, organizationId: string, objectIds: readonly string[]): Promise<Map<string, Pick<ReviewObject, 'label' | 'link'>>>;
  /** Applies the status a review gives (or restores), with its log entry, in the caller's transaction. */
  setStatus(db: Executor, scope: { organizationId: string; projectId: string; actorId: string | null; via?: 'review' | 'forced' | 'reopened' }, object: ReviewObject, to: WorkItemStatus, justification: string | null): Promise<void>;
};
