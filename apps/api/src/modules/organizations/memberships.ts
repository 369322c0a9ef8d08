import { membershipRepository } from './membership-repository';

/** What other modules may do with organization memberships: accept an invitation into one, list active members. */
export const memberships = {
  acceptInvitation: membershipRepository.acceptInvitation,
  addMember: membershipRepository.addMember,
  activeMemberIds: membershipRepository.activeMemberIds,
};
