import { PRODUCT_NAME, PROJECT_ROLE_LABELS, PROJECT_TYPE_LABELS, type ActivityEntry, type ProjectRole, type ProjectType } from '@aegis/contracts';
import { describeTestRun } from './testing-activity-text';
import { describeWorkItemAction } from './work-item-activity-text';

type Snapshot = { name?: unknown; description?: unknown; project_type?: unknown; frameworks?: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function rolesOf(value: unknown): ProjectRole[] {
  const roles = isObject(value) ? value.roles : undefined;
  return Array.isArray(roles) ? roles.filter((role): role is ProjectRole => typeof role === 'string' && role in PROJECT_ROLE_LABELS) : [];
}

const roleList = (roles: readonly ProjectRole[]) => roles.map((role) => PROJECT_ROLE_LABELS[role]).join(', ');

/** "a risk", "an asset card": the object's type as a noun. */
function objectNoun(objectType: string): string {
  const noun = objectType.replace(/_/g, ' ');
  return `${/^[aeiou]/.test(noun) ? 'an' : 'a'} ${noun}`;
}

/** What changed in an update of the project, from its before and after snapshots. */
function projectChanges(before: unknown, after: unknown): string {
  if (!isObject(before) || !isObject(after)) return 'updated the project';
  const was = before as Snapshot;
  const now = after as Snapshot;
  const changes: string[] = [];
  if (now.name !== undefined && now.name !== was.name) changes.push(`renamed the project to “${String(now.name)}”`);
  if (now.project_type !== undefined && now.project_type !== was.project_type && typeof now.project_type === 'string' && now.project_type in PROJECT_TYPE_LABELS) {
    changes.push(`changed the type to ${PROJECT_TYPE_LABELS[now.project_type as ProjectType]}`);
  }
  if (now.description !== undefined && now.description !== was.description) changes.push('changed the description');
  if (now.frameworks !== undefined && JSON.stringify(now.frameworks) !== JSON.stringify(was.frameworks)) changes.push('changed the frameworks');
  if (changes.length === 0) return 'updated the project';
  return changes.length === 1 ? changes[0]! : `${changes.slice(0, -1).join(', ')} and ${changes.at(-1)!}`;
}

function memberRoles(entry: ActivityEntry): string {
  const before = rolesOf(entry.before);
  const after = rolesOf(entry.after);
  const self = entry.actor?.id === entry.object_id;
  if (after.length === 0) return self ? 'left the project' : 'removed a member from the project';
  if (before.length === 0) return `added a member as ${roleList(after)}`;
  return `changed the roles of ${self ? 'their own' : 'a member'} to ${roleList(after)}`;
}

/** What the entry says happened, after the actor's name: "created the project". */
export function describeAction(entry: ActivityEntry): string {
  const key = `${entry.object_type}:${entry.action}`;
  switch (key) {
    case 'project:created':
      return 'created the project';
    case 'project:updated':
      return projectChanges(entry.before, entry.after);
    case 'project:deleted':
      return 'deleted the project';
    case 'project:access_requested':
      return 'asked for access to the project';
    case 'project_member:roles_changed':
      return memberRoles(entry);
  }
  const run = describeTestRun(entry);
  if (run) return run;
  const workItem = describeWorkItemAction(entry, objectNoun(entry.object_type));
  if (workItem) return workItem;
  if (entry.action === 'commented') return entry.object_type === 'project' ? 'commented on the project' : `commented on ${objectNoun(entry.object_type)}`;
  if (['created', 'updated', 'deleted'].includes(entry.action)) return `${entry.action} ${objectNoun(entry.object_type)}`;
  return `recorded “${entry.action.replace(/_/g, ' ')}” on ${objectNoun(entry.object_type)}`;
}

/** What the product itself did (the daily evidence expiry check) says so in its entry. */
const bySystem = (entry: ActivityEntry) => !entry.actor && typeof entry.after === 'object' && entry.after !== null && (entry.after as Record<string, unknown>).by_system === true;

/** Who did it: their name, else their e-mail, else the product's own checks ("Aegis"), else (an account since removed) "Someone". */
export function actorName(entry: ActivityEntry): string {
  return entry.actor?.name.trim() || entry.actor?.email || (bySystem(entry) ? PRODUCT_NAME : 'Someone');
}

/** "Ada Lovelace created the project". */
export function describeActivity(entry: ActivityEntry): string {
  return `${actorName(entry)} ${describeAction(entry)}`;
}
