import type { ProjectMember } from '@aegis/contracts';

/** A person's full name; their email when they have not given a name. */
export function memberName(person: Pick<ProjectMember, 'firstname' | 'lastname' | 'email'>): string {
  return `${person.firstname} ${person.lastname}`.trim() || person.email;
}
