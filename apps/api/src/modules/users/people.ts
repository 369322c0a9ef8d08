import { usersRepository } from './repository';

export type { UserRow as Person } from './repository';

/**
 * What other modules may ask of the users module about people: find them, create one, record a
 * sign-in or a provider subject, and read where they belong. The SQL stays in ./repository.ts.
 */
export const people = {
  findById: usersRepository.findById,
  findByEmail: usersRepository.findByEmail,
  findBySubject: usersRepository.findBySubject,
  create: usersRepository.create,
  update: usersRepository.update,
  setSubject: usersRepository.setSubject,
  markSignedIn: usersRepository.markSignedIn,
  tiesElsewhere: usersRepository.tiesElsewhere,
  findActiveMembership: usersRepository.findActiveMembership,
  firstActiveOrganizationId: usersRepository.firstActiveOrganizationId,
  hasAnyMembership: usersRepository.hasAnyMembership,
};
