import { SignupLinkDialog } from '../../../components/signup-link-dialog';
import type { CreatedOrganization } from '../api/create-organization';

type Props = { organization: CreatedOrganization | null; onClose: () => void };

/** A new organization's first-admin sign-up link, shown this once (e-mailed too where the server has SMTP). */
export function InvitationLinkDialog({ organization, onClose }: Props) {
  const invitation = organization?.admin_invitation;
  const link = organization && invitation
    ? {
        title: `Organization “${organization.name}” created`,
        email: invitation.email,
        signup_link: invitation.signup_link,
        expires_at: invitation.expires_at,
        emailSent: invitation.email_sent,
      }
    : null;
  return <SignupLinkDialog link={link} onClose={onClose} />;
}
