import { membershipRepository } from './membership-repository';
import { organizationsRepository } from './organization-repository';

/**
 * What other modules may do with organization memberships: accept an invitation into one, list active
 * members, read the organization an invitation is for (the sign-up page names it).
 */
export const memberships = {
  acceptInvitation: membershipRepository.acceptInvitation,
  addMember: membershipRepository.addMember,
  activeMemberIds: membershipRepository.activeMemberIds,
  organization: organizationsRepository.findById,
};
